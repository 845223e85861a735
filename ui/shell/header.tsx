import { observer } from 'mobx-react-lite';
import { Link, NavLink } from 'react-router';
import type { ShellViewModel } from './shell-view-model';
import { SearchBox } from './typeahead';

const nav = [
  { to: '/en/bathroom', label: 'Bathroom' },
  { to: '/en/kitchen', label: 'Kitchen' },
  { to: '/en/service-parts', label: 'Service Parts' },
  { to: '/en/design-services', label: 'Design Services' },
  { to: '/en/install-services', label: 'Install Services' },
] as const;

export const Header = observer(({ shell }: { shell: ShellViewModel }) => (
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
        <Link to="/en/login" className="utility-nav__link">
          Sign in
        </Link>
        <Link to="/en/account/favorites" className="utility-nav__link">
          Favorites
        </Link>
        <Link
          to="/en/cart"
          className="utility-nav__link cart-link"
          aria-label={shell.cartLinkLabel}
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <path
              d="M3 4h2l2.4 10.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 1.9-1.4L21 8H6.2"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinejoin="round"
            />
            <circle cx="10" cy="20" r="1.5" fill="currentColor" />
            <circle cx="17" cy="20" r="1.5" fill="currentColor" />
          </svg>
          <span>Cart</span>
          <span className="badge" aria-hidden="true">
            {shell.cartCount}
          </span>
        </Link>
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
));
