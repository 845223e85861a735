import { Link, NavLink } from 'react-router';
import { AuthNav } from '../auth/auth-nav';
import { CartLink } from '../cart/cart-link';
import { SearchBox } from './typeahead';

const nav = [
  { to: '/en/bathroom', label: 'Bathroom' },
  { to: '/en/kitchen', label: 'Kitchen' },
  { to: '/en/service-parts', label: 'Service Parts' },
  { to: '/en/design-services', label: 'Design Services' },
  { to: '/en/install-services', label: 'Install Services' },
] as const;

/** The site header: logo, search, account links and the cart link (each reads its own state). */
export const Header = () => (
  <header className="site-header">
    <div className="site-header__bar">
      <Link to="/en" className="logo" aria-label="Lavabo home">
        <svg aria-hidden="true" viewBox="0 0 32 32" width="28" height="28">
          <rect width="32" height="32" rx="6" fill="currentColor" />
          <path d="M8 13h16a8 8 0 0 1-16 0z" fill="#fff" />
          <rect x="15" y="6" width="2" height="7" fill="#fff" />
        </svg>
        <span>Lavabo</span>
      </Link>
      <SearchBox />
      <nav className="utility-nav" aria-label="Account">
        <AuthNav />
        <Link to="/en/account/favorites" className="utility-nav__link">
          Favorites
        </Link>
        <CartLink />
      </nav>
    </div>
    <nav className="main-nav" aria-label="Shop by category">
      <ul>
        {nav.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to}>{item.label}</NavLink>
          </li>
        ))}
      </ul>
    </nav>
  </header>
);
