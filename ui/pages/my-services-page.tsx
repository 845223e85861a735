/**
 * Route `/en/account/my-services` (secure): the design and install services the customer ordered or
 * saved, each with its status.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import type { MyService } from '../../core/registration/ports';
import type { LoadMyServices } from '../../core/registration/use-cases';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import { formatDay } from '../registration/my-products-view-model';
import { MyServicesViewModel } from '../registration/my-services-view-model';
import '../registration/registration.css';

const ServiceList = ({ title, services }: { title: string; services: readonly MyService[] }) =>
  services.length === 0 ? null : (
    <section className="my-services__group" aria-labelledby={`services-${title}`}>
      <h2 id={`services-${title}`}>{title}</h2>
      <ul className="my-services__list" aria-label={title}>
        {services.map((s) => (
          <li
            key={`${s.source}:${s.orderNumber ?? ''}:${s.listLineItemId ?? ''}:${s.sku}`}
            className="my-service"
          >
            <Link to={s.url} className="my-service__title">
              {s.title}
            </Link>
            <span className="my-service__status">Status: {s.status}</span>
            {s.orderNumber !== null && (
              <span className="my-service__meta">
                <Link to={`/en/account/orders/${encodeURIComponent(s.orderNumber)}`}>
                  Order {s.orderNumber}
                </Link>
                {s.orderedAt !== null && ` · ${formatDay(s.orderedAt)}`}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );

const MyServicesPage = observer(() => {
  const container = useContainer();
  const [vm] = useState(
    () => new MyServicesViewModel(container.get<LoadMyServices>(TYPES.LoadMyServices)),
  );
  useEffect(() => {
    void vm.load();
  }, [vm]);

  const title = pageTitles.myServices;
  return (
    <main id="main" className="page my-services">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      <div aria-busy={vm.status === 'loading'}>
        {(vm.status === 'idle' || vm.status === 'loading') && (
          <>
            <span className="visually-hidden" role="status">
              Loading your services…
            </span>
            <Skeleton height="5rem" />
          </>
        )}
        {vm.status === 'failed' && (
          <ErrorState
            title="We could not load your services."
            message="Please check your connection and try again."
            onRetry={() => void vm.load()}
          />
        )}
        {vm.isEmpty && (
          <EmptyState
            title="No services yet"
            action={
              <>
                <Link className="button" to="/en/design-services">
                  Explore design services
                </Link>{' '}
                <Link className="button button--secondary" to="/en/install-services">
                  Explore install services
                </Link>
              </>
            }
          >
            <p>Design and install services you order or save appear here with their status.</p>
          </EmptyState>
        )}
        {vm.status === 'succeeded' && (
          <>
            <ServiceList title="Design services" services={vm.design} />
            <ServiceList title="Install services" services={vm.install} />
          </>
        )}
      </div>
    </main>
  );
});

export default MyServicesPage;
