/** The page for any path the router does not know: says so, and offers the ways back. */
import { Link, useLocation } from 'react-router';

const NotFoundPage = () => {
  const location = useLocation();
  return (
    <main id="main" className="page page--not-found">
      <title>Page not found — Lavabo</title>
      <h1>We can’t find that page</h1>
      <p>
        There is no page at <code>{location.pathname}</code>. It may have moved, or the link may be
        mistyped.
      </p>
      <p>Search for a product with the box at the top of the page, or try one of these:</p>
      <ul className="not-found__actions">
        <li>
          <Link className="button button--primary" to="/en">
            Go to the home page
          </Link>
        </li>
        <li>
          <Link className="button button--secondary" to="/en/support/help-and-faq">
            Visit help and FAQ
          </Link>
        </li>
      </ul>
    </main>
  );
};

export default NotFoundPage;
