import { Link } from 'react-router';
import { routes } from '../../core/content/routes';
import { LegalLinks } from './configured-links';

/** The footer's links, by route (core/content/routes.ts): registration goes to its landing. */

const groups = [
  {
    title: 'Shop',
    links: [
      ['Bathroom', routes.bathroom],
      ['Kitchen', routes.kitchen],
      ['Service parts', routes.servicePartsLanding],
      ['Compare products', routes.compare],
    ],
  },
  {
    title: 'Help',
    links: [
      ['Help and FAQ', routes.helpAndFaq],
      ['Order status', routes.orderStatus],
      ['Finding your model number', routes.findModelNumber],
      ['Register a product', routes.registerProduct],
      ['Contact us', routes.contactUs],
    ],
  },
  {
    title: 'Discover',
    links: [
      ['Find a store', routes.stores],
      ['Love your look', routes.loveYourLook],
      ['Literature', routes.literature],
      ['Press', routes.press],
      ['Newsletter', routes.newsletter],
    ],
  },
] as const;

export const Footer = () => (
  <footer className="site-footer">
    <div className="site-footer__groups">
      {groups.map((group) => (
        <nav key={group.title} aria-label={group.title}>
          <h2>{group.title}</h2>
          <ul>
            {group.links.map(([label, to]) => (
              <li key={to}>
                <Link to={to}>{label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ))}
    </div>
    <nav aria-label="Legal" className="site-footer__legal-links">
      <LegalLinks className="site-footer__legal-list" />
    </nav>
    <p className="site-footer__legal">© {new Date().getFullYear()} Lavabo. Prices in US dollars.</p>
  </footer>
);
