/**
 * Route `/en/register-product`: where "Register a product" leads before the shopper says how they
 * bought it — the two registration pages (spec: register-offline-product and
 * register-online-product), each one link away.
 */
import { Link } from 'react-router';
import { buildPath } from '../../core/content/routes';
import { pageTitles } from '../app/page-titles';
import '../content/content.css';

const choices = [
  {
    route: 'registerOnline',
    label: 'I bought it online',
    text: 'From lavabo.com or another online store.',
  },
  {
    route: 'registerOffline',
    label: 'I bought it in a store',
    text: 'From a showroom, a retailer or through your installer.',
  },
] as const;

const RegisterProductPage = () => {
  const title = pageTitles.registerProduct;
  return (
    <main id="main" className="page page--register">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      <p>
        Registering keeps your warranty details and your model number in one place. Where did you
        buy it?
      </p>
      <ul className="content-links register-choices">
        {choices.map((choice) => (
          <li key={choice.route}>
            <Link
              className="content-links__link register-choices__link"
              to={buildPath(choice.route)}
            >
              <span>{choice.label}</span>
              <span className="register-choices__text">{choice.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
};

export default RegisterProductPage;
