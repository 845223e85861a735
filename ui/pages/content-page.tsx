/**
 * Content pages (love your look, literature, contact us, press, newsletter, help and FAQ, finding
 * your model number), drawn from their content models.
 */
import { Link, useMatches } from 'react-router';
import type { RouteId } from '../../core/content/routes';
import { ContentScreen, prepareContent } from '../content/content-screen';

/** Found the model number? The next step is registering the product (issue 17). */
const RegisterCallToAction = () => (
  <section className="content-register" aria-labelledby="content-register-title">
    <h2 id="content-register-title">Found it? Register your product</h2>
    <p>
      Keep the warranty, the documents and the parts that fit in one place.{' '}
      <Link to="/en/register-product/offline">Register a product bought in a store</Link> or{' '}
      <Link to="/en/register-product/online">register one from your orders</Link>.
    </p>
  </section>
);

const ContentPage = () => {
  const handle = useMatches().at(-1)?.handle as { routeId?: RouteId } | undefined;
  const routeId = handle?.routeId ?? 'home';
  return (
    <ContentScreen
      routeId={routeId}
      afterHero={routeId === 'findModelNumber' ? <RegisterCallToAction /> : undefined}
    />
  );
};

export const prepare = prepareContent;

export default ContentPage;
