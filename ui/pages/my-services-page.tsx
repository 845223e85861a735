/**
 * Route `/en/account/my-services` (secure): the design and install services the customer ordered or
 * saved, each with its status; a saved one has a Remove.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { TYPES } from '../../adapters/di/types';
import type { ToggleListItem } from '../../core/lists/toggle-list-item';
import type { MyService } from '../../core/registration/ports';
import type { LoadMyServices } from '../../core/registration/use-cases';
import { pageTitles } from '../app/page-titles';
import { useContainer } from '../app/container-context';
import { useRemovalFocus, type RemovalFocus } from '../components/removal-focus';
import { EmptyState, ErrorState, Skeleton } from '../components/states';
import { formatDay } from '../registration/my-products-view-model';
import { MyServicesViewModel, serviceKey } from '../registration/my-services-view-model';
import '../registration/registration.css';

const ServiceList = observer(
  ({
    title,
    services,
    vm,
    focus,
  }: {
    title: string;
    services: readonly MyService[];
    vm: MyServicesViewModel;
    focus: RemovalFocus;
  }) =>
    services.length === 0 ? null : (
      <section className="my-services__group" aria-labelledby={`services-${title}`}>
        <h2 id={`services-${title}`}>{title}</h2>
        <ul className="my-services__list" aria-label={title}>
          {services.map((s) => (
            <li key={serviceKey(s)} ref={focus.item(serviceKey(s))} className="my-service">
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
              {s.source === 'saved' && (
                <button
                  type="button"
                  ref={focus.control(serviceKey(s))}
                  className="button button--secondary my-service__remove"
                  aria-label={`Remove ${s.title}`}
                  aria-busy={vm.removing === serviceKey(s)}
                  disabled={vm.removing !== null}
                  onClick={() => void vm.remove(s)}
                >
                  Remove
                </button>
              )}
            </li>
          ))}
        </ul>
      </section>
    ),
);

const MyServicesPage = observer(() => {
  const container = useContainer();
  const [vm] = useState(
    () =>
      new MyServicesViewModel({
        load: container.get<LoadMyServices>(TYPES.LoadMyServices),
        unsave: container.get<ToggleListItem>(TYPES.ToggleMyService),
      }),
  );
  useEffect(() => {
    void vm.load();
  }, [vm]);
  // A Remove takes its service with it: focus goes to the next Remove, or the heading.
  const focus = useRemovalFocus(vm.services.map(serviceKey));

  const title = pageTitles.myServices;
  return (
    <main id="main" className="page my-services">
      <title>{`${title} — Lavabo`}</title>
      <h1 tabIndex={-1} ref={focus.fallback}>
        {title}
      </h1>
      <div role="status" aria-live="polite" className="my-services__notice">
        {vm.notice}
      </div>
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
            <p>
              Design and install services you order, or save from their page, appear here with their
              status.
            </p>
          </EmptyState>
        )}
        {vm.status === 'succeeded' && (
          <>
            <ServiceList title="Design services" services={vm.design} vm={vm} focus={focus} />
            <ServiceList title="Install services" services={vm.install} vm={vm} focus={focus} />
          </>
        )}
      </div>
    </main>
  );
});

export default MyServicesPage;
