/**
 * Spec §2 `service` query parameter: a design or install service's link opens its landing page
 * with `?service={slug}` (core/catalog/product-link.ts), and the landing shows that service first,
 * under "Your selected service", so the shopper lands on what they chose. An unknown or malformed
 * slug shows nothing extra; the landing is whole without it. A customer can save the service to
 * my services from here ("Save to My services"); a guest is asked to sign in.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { ProductSummary } from '../../core/catalog/product';
import type { ProductCatalog } from '../../core/catalog/ports';
import { isDesignServices, isInstallServices } from '../../core/catalog/category';
import { serviceOf } from '../../core/content/query-targets';
import { TYPES } from '../../adapters/di/types';
import { useContainer } from '../app/container-context';
import { ProductTile } from '../components/product-tile';
import { SaveToList } from '../lists/save-to-list';

export const SelectedService = observer(() => {
  const { search } = useLocation();
  const container = useContainer();
  const slug = serviceOf(search);
  const [service, setService] = useState<ProductSummary | null>(null);
  useEffect(() => {
    setService(null);
    if (slug === null) return;
    let live = true;
    container
      .get<ProductCatalog>(TYPES.ProductCatalog)
      .bySlug(slug)
      .then(
        (found) => {
          const isService =
            found !== null &&
            (isDesignServices(found.categoryName) || isInstallServices(found.categoryName));
          if (live) setService(isService ? found : null);
        },
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [container, slug]);
  if (service === null) return null;
  return (
    <section className="selected-service" aria-labelledby="selected-service-title">
      <h2 id="selected-service-title">Your selected service</h2>
      <div className="selected-service__tile">
        <ProductTile product={service} headingLevel={3} compare={false} />
      </div>
      <SaveToList target="services" product={{ sku: service.sku, title: service.title }} />
    </section>
  );
});
