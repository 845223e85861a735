import { Link } from 'react-router';
import { pageTitles } from '../app/page-titles';

const categories = [
  {
    to: '/en/bathroom',
    title: 'Bathroom',
    text: 'Faucets, sinks, toilets, showers, tubs and vanities.',
  },
  {
    to: '/en/kitchen',
    title: 'Kitchen',
    text: 'Kitchen sinks, pull-down faucets and accessories.',
  },
  {
    to: '/en/service-parts',
    title: 'Service parts',
    text: 'Cartridges, valves and seals that fit your model.',
  },
  {
    to: '/en/design-services',
    title: 'Design services',
    text: 'Plan a room with a Lavabo designer.',
  },
  { to: '/en/install-services', title: 'Install services', text: 'Book a certified installer.' },
] as const;

const HomePage = () => (
  <main id="main" className="page page--home">
    <title>Lavabo — bathroom and kitchen</title>
    <section className="hero">
      <h1>{pageTitles.home}</h1>
      <p className="hero__lede">
        Faucets, sinks, toilets and showers for homeowners and the trade — and the parts to keep
        them running.
      </p>
      <Link className="button button--primary" to="/en/bathroom">
        Shop bathroom
      </Link>
    </section>
    <section aria-labelledby="shop-by-room">
      <h2 id="shop-by-room">Shop by room and service</h2>
      <ul className="category-grid">
        {categories.map((c) => (
          <li key={c.to}>
            <Link className="category-card" to={c.to}>
              <span className="category-card__title">{c.title}</span>
              <span className="category-card__text">{c.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  </main>
);

export default HomePage;
