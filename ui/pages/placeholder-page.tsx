import { Link, useMatches } from 'react-router';
import type { RouteId } from '../../core/content/routes';
import { pageTitles } from '../app/page-titles';

/** A pinned route whose screen is not built yet: it says so plainly and offers a way on. */
const PlaceholderPage = () => {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { routeId?: RouteId } | undefined;
  const title = handle?.routeId ? pageTitles[handle.routeId] : 'Coming soon';
  return (
    <main id="main" className="page page--placeholder">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      <p>This page is not built yet. It is coming soon.</p>
      <p>
        <Link to="/en">Back to the home page</Link>
      </p>
    </main>
  );
};

export default PlaceholderPage;
