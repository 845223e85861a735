import { Link } from 'react-router';

const groups = [
  {
    title: 'Shop',
    links: [
      ['Bathroom', '/en/bathroom'],
      ['Kitchen', '/en/kitchen'],
      ['Service parts', '/en/service-parts'],
      ['Compare products', '/en/compare'],
    ],
  },
  {
    title: 'Help',
    links: [
      ['Help and FAQ', '/en/support/help-and-faq'],
      ['Order status', '/en/order-status'],
      ['Finding your model number', '/en/support/find-model-number'],
      ['Register a product', '/en/register-product/online'],
      ['Contact us', '/en/contact-us'],
    ],
  },
  {
    title: 'Discover',
    links: [
      ['Find a store', '/en/stores'],
      ['Love your look', '/en/love-your-look'],
      ['Literature', '/en/literature'],
      ['Press', '/en/press'],
      ['Newsletter', '/en/newsletter'],
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
    <p className="site-footer__legal">© {new Date().getFullYear()} Lavabo. Prices in US dollars.</p>
  </footer>
);
