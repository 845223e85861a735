/**
 * Spec §2 `back` query parameter: a page opened with `?back=/en/…` offers a "Back" link to that
 * page of this site; any other value (another site, a script, a crafted path) gives no link.
 */
import { Link, useLocation } from 'react-router';
import { backTargetOf } from '../../core/content/query-targets';

export const BackLink = () => {
  const { search } = useLocation();
  const target = backTargetOf(search);
  if (target === null) return null;
  return (
    <p className="back-link">
      <Link to={target}>Back</Link>
    </p>
  );
};
