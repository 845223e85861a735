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
      <ul className="link-list">
        <li>
          <Link to="/en">Go to the home page</Link>
        </li>
        <li>
          <Link to="/en/support/help-and-faq">Visit help and FAQ</Link>
        </li>
      </ul>
    </main>
  );
};

export default NotFoundPage;
