import { afterEach, describe, expect, it } from 'vitest';
import { VisitJournal } from '../../../ui/analytics/visit-journal';

/** Lets the MutationObserver's callbacks run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.title = '';
});

describe('VisitJournal: pages left before analytics loads', () => {
  it('keeps each page left with the last title it showed, in order, and nothing after close', async () => {
    const journal = new VisitJournal(document);
    document.title = 'Lavabo';
    journal.routeChanged('/en/search');
    document.title = 'Results for faucet — Lavabo';
    await settle();
    journal.routeChanged('/en/products/kitchen-faucets/avelle-k-4120.html');
    document.title = 'Avelle Faucet — Lavabo';
    await settle();
    journal.routeChanged('/en/products/kitchen-faucets/avelle-k-4120.html');
    journal.routeChanged('/en/cart');
    expect(journal.close()).toEqual([
      { path: '/en/search', title: 'Results for faucet — Lavabo' },
      { path: '/en/products/kitchen-faucets/avelle-k-4120.html', title: 'Avelle Faucet — Lavabo' },
    ]);
    journal.routeChanged('/en/checkout');
    document.title = 'Checkout — Lavabo';
    await settle();
    expect(journal.close()).toEqual([]);
  });

  it("counts a title the new route's commit set for the new page, not the one left", async () => {
    const journal = new VisitJournal(document);
    document.title = 'Home — Lavabo';
    journal.routeChanged('/en');
    // The commit that draws the next route changes the title before its layout effect runs.
    document.title = 'Kitchen — Lavabo';
    journal.routeChanged('/en/kitchen');
    await settle();
    journal.routeChanged('/en/bathroom');
    expect(journal.close()).toEqual([
      { path: '/en', title: 'Home — Lavabo' },
      { path: '/en/kitchen', title: 'Kitchen — Lavabo' },
    ]);
  });
});
