/**
 * The analytics host in the shell (ui/analytics/analytics-host.tsx) over the demo's container: no
 * third-party script before readiness, then each configured one in order; a page view per route
 * once the page stopped loading, with a safe name; and the cart view model's changes tracked 500
 * ms after the last one (ui/analytics/track-cart.ts).
 */
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { observable, runInAction } from 'mobx';
import { useEffect, useState, type ReactElement } from 'react';
import { flushSync } from 'react-dom';
import { createMemoryRouter, RouterProvider, useNavigate } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadAreas } from '../../../adapters/di/areas';
import { TYPES } from '../../../adapters/di/types';
import {
  InMemoryDataLayer,
  FakeScriptLoader,
} from '../../../adapters/fake/analytics/fake-analytics';
import { CartTracking } from '../../../core/analytics/cart-tracking';
import type { PageReadinessSignal } from '../../../core/analytics/ports';
import type { Cart } from '../../../core/cart/cart';
import type { StorefrontConfiguration } from '../../../core/content/configuration';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import type { ReadinessTrigger } from '../../../core/content/page-readiness';
import type { CartStatus } from '../../../core/shared/async-status';
import AnalyticsHost from '../../../ui/analytics/analytics-host';
import { trackCart } from '../../../ui/analytics/track-cart';
import { ContainerProvider } from '../../../ui/app/container-context';
import { ManualTimers } from '../../core/analytics/manual-timers';
import { testContainer } from '../support/test-container';

afterEach(cleanup);

class ManualReadiness implements PageReadinessSignal {
  fire: (trigger: ReadinessTrigger) => void = () => undefined;
  private readonly signal = new Promise<ReadinessTrigger>((resolve) => (this.fire = resolve));
  whenInteractive() {
    return this.signal;
  }
}

const SCRIPTS = [
  { src: '/third-party/demo-tag.js', id: 'demo-tag' },
  { src: '/third-party/demo-pixel.js', id: 'demo-pixel' },
];

/** A page that loads for a moment (aria-busy, a placeholder title), then shows its title. */
const SlowPage = ({ title }: { title: string }) => {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    document.title = 'Loading — Lavabo';
    const timer = setTimeout(() => {
      document.title = title;
      setLoaded(true);
    }, 50);
    return () => clearTimeout(timer);
  }, [title]);
  return loaded ? <main id="main">{title}</main> : <main id="main" aria-busy="true" />;
};

const GoTo = ({ to }: { to: string }) => {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(to)}>
      go
    </button>
  );
};

type Router = ReturnType<typeof createMemoryRouter>;

const drawAtOnce = (draw: () => unknown): undefined => {
  flushSync(draw);
};

/** Resolves once `ready` holds, looking every few milliseconds. */
const until = async (ready: () => boolean): Promise<void> => {
  while (!ready()) await new Promise((resolve) => setTimeout(resolve, 5));
};

/**
 * `afterAreaLoads` runs right after the host's own callback for the loaded analytics area, in the
 * same task: before React renders what that callback set. `areaWaitsFor` holds the area back.
 */
const renderHost = ({
  afterAreaLoads,
  areaWaitsFor = () => true,
}: { afterAreaLoads?: (router: Router) => void; areaWaitsFor?: () => boolean } = {}) => {
  let router: Router | null = null;
  const dataLayer = new InMemoryDataLayer();
  const loader = new FakeScriptLoader(dataLayer);
  const readiness = new ManualReadiness();
  const configuration: StorefrontConfiguration = {
    ...DEFAULT_CONFIGURATION,
    thirdPartyScripts: SCRIPTS,
  };
  const container = testContainer({
    overrides: {
      DataLayer: dataLayer,
      ScriptLoader: loader,
      PageReadinessSignal: readiness,
      ConfigurationGateway: { load: async () => configuration },
    },
    prepare: (c) => {
      const load = c.get<LoadAreas>(TYPES.LoadAreas);
      const wrapped: LoadAreas = (areas) => {
        const loading = load(areas).then(() => until(areaWaitsFor));
        // Attached after the host's callback (which it attaches as soon as this returns).
        queueMicrotask(() => {
          void loading.then(() => {
            if (router !== null) afterAreaLoads?.(router);
          });
        });
        return loading;
      };
      c.rebind(TYPES.LoadAreas).toConstantValue(wrapped);
    },
  });
  const layout = (page: ReactElement) => (
    <>
      {page}
      <GoTo to="/en/kitchen" />
      <AnalyticsHost />
    </>
  );
  router = createMemoryRouter(
    [
      { path: '/', element: layout(<SlowPage title="Bathroom & <Kitchen> — Lavabo" />) },
      { path: '/en/kitchen', element: layout(<SlowPage title="Kitchen — Lavabo" />) },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <ContainerProvider container={container}>
      {/* What `navigate(…, { flushSync: true })` draws with (the app's router has none). */}
      <RouterProvider router={router} flushSync={drawAtOnce} />
    </ContainerProvider>,
  );
  return { dataLayer, loader, readiness, container };
};

describe('the analytics host', () => {
  it('loads no third-party script before readiness, then each in order', async () => {
    const { dataLayer, loader, readiness, container } = renderHost();
    await waitFor(() => expect(container.isBound(TYPES.AnalyticsUseCases)).toBe(true));
    await new Promise((r) => setTimeout(r, 300));
    expect(loader.loaded).toEqual([]);
    expect(dataLayer.events.filter((e) => e.event === 'demo_tag_loaded')).toEqual([]);

    await act(async () => readiness.fire('mouseover'));
    await waitFor(() =>
      expect(loader.loaded).toEqual(['/third-party/demo-tag.js', '/third-party/demo-pixel.js']),
    );
    expect(dataLayer.events.filter((e) => e.event !== 'page_view')).toEqual([
      { event: 'page_interactive', trigger: 'mouseover' },
      { event: 'demo_tag_loaded', tag: 'demo-tag' },
      { event: 'demo_tag_loaded', tag: 'demo-pixel' },
    ]);
  });

  it('sends a page view per route once its title is known, named in safe text', async () => {
    const { dataLayer } = renderHost();
    const views = () => dataLayer.events.filter((e) => e.event === 'page_view');
    await waitFor(() =>
      expect(views()).toEqual([
        { event: 'page_view', page_name: 'Bathroom Kitchen', page_path: '/' },
      ]),
    );
    await act(async () => document.querySelector('button')?.click());
    await waitFor(() => expect(views()).toHaveLength(2));
    expect(views()[1]).toEqual({
      event: 'page_view',
      page_name: 'Kitchen',
      page_path: '/en/kitchen',
    });
  });

  it('counts a page left between the hand-over and the next render with its own title', async () => {
    // The area loads once the first page shows its title; the shopper moves on in the same task,
    // and that route is drawn at once (as a transition can be), before the host re-renders.
    const { dataLayer } = renderHost({
      areaWaitsFor: () => document.title.startsWith('Bathroom'),
      afterAreaLoads: (router) => void router.navigate('/en/kitchen', { flushSync: true }),
    });
    const views = () => dataLayer.events.filter((e) => e.event === 'page_view');
    await waitFor(() => expect(views()).toHaveLength(2));
    // Not the next page's placeholder ("Loading"), which it showed by the host's next render.
    expect(views()).toEqual([
      { event: 'page_view', page_name: 'Bathroom Kitchen', page_path: '/' },
      { event: 'page_view', page_name: 'Kitchen', page_path: '/en/kitchen' },
    ]);
  });
});

const cartOf = (quantity: number): Cart => ({
  id: 'c1',
  version: quantity,
  currency: 'USD',
  lineItems: [
    {
      id: 'l1',
      sku: 'K-1',
      quantity,
      addedAt: '2026-01-01T00:00:00Z',
      productSlug: { 'en-US': 'k-1' },
      name: { 'en-US': 'Faucet' },
      price: { value: 1000 },
      discounts: [],
      backorderable: false,
      noShipping: false,
      isService: false,
      isComboSku: false,
    },
  ],
  totalTax: 0,
  discountCodes: [],
  shippingCost: 0,
  freightDiscount: 0,
});

describe('cart tracking over the cart view model', () => {
  it('passes on settled carts only, and sends one event 500 ms after the last change', () => {
    const state = observable({ cart: null as Cart | null, status: 'pending' as CartStatus });
    const dataLayer = new InMemoryDataLayer();
    const timers = new ManualTimers();
    const stop = trackCart(state, new CartTracking(dataLayer, timers));
    const events = () => dataLayer.events.filter((e) => e.event === 'cart_updated');

    runInAction(() => {
      state.cart = cartOf(1);
      state.status = 'succeeded';
    });
    timers.advance(1000);
    expect(events()).toEqual([]);

    for (const quantity of [2, 3, 4]) {
      runInAction(() => (state.status = 'pending'));
      runInAction(() => {
        state.cart = cartOf(quantity);
        state.status = 'succeeded';
      });
      timers.advance(200);
    }
    expect(events()).toEqual([]);
    timers.advance(300);
    expect(events()).toHaveLength(1);
    expect(events()[0]).toMatchObject({ ecommerce: { items: [{ item_id: 'K-1', quantity: 4 }] } });

    runInAction(() => (state.cart = cartOf(9)));
    stop();
    timers.advance(1000);
    expect(events()).toHaveLength(1);
  });
});
