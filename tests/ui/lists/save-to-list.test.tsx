/**
 * The product page's "Save to My products" and "Save to My services" (ui/lists/save-to-list.tsx)
 * with the real auth view model over the offline demo's identity and an in-memory list gateway: a
 * guest is asked to sign in, and what they asked for is saved once they have (forgotten when they
 * close the dialog instead); a customer saves the finish shown to its list (MyProducts or
 * MyServices, never the favorites), hears it said, and takes it off again; a failure says so and
 * leaves the button as it was.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../../adapters/fake/identity/fake-identity';
import { pickList, type ShoppingListName } from '../../../core/lists/shopping-list';
import { ContainerProvider } from '../../../ui/app/container-context';
import { AuthProvider, createAuthViewModel } from '../../../ui/auth/auth-context';
import { SaveToList } from '../../../ui/lists/save-to-list';
import { saveFailed } from '../../../ui/lists/saved-item-model';
import { MemoryListGateway } from '../../core/lists/list-doubles';
import { CONFIGURATION, signIn } from '../registration/harness';
import { testContainer } from '../support/test-container';

afterEach(cleanup);

const PRODUCT = { sku: 'K-4120-CP', title: 'Purist kitchen faucet' };

const renderSave = (lists: MemoryListGateway, target: 'products' | 'services' = 'products') => {
  const container = testContainer({ overrides: { ShoppingListGateway: lists } });
  const auth = createAuthViewModel(container);
  runInAction(() => {
    auth.configuration = CONFIGURATION;
  });
  const Layout = () => (
    <AuthProvider viewModel={auth}>
      <Outlet />
    </AuthProvider>
  );
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [{ path: '/en/p', element: <SaveToList target={target} product={PRODUCT} /> }],
      },
    ],
    { initialEntries: ['/en/p'] },
  );
  render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
  return { container, auth };
};

/**
 * Holds every list read from now on until the test calls its entry, which reads, answers, and
 * resolves once the answer's microtasks (the model taking it in) have run.
 */
const holdReads = (lists: MemoryListGateway): (() => Promise<void>)[] => {
  const held: (() => Promise<void>)[] = [];
  const read = lists.getLists.bind(lists);
  lists.getLists = (name) =>
    new Promise((resolve, reject) =>
      held.push(async () => {
        await read(name).then(resolve, reject);
        await new Promise((done) => setTimeout(done, 0));
      }),
    );
  return held;
};

const skusOn = async (lists: MemoryListGateway, name: ShoppingListName) =>
  pickList(await lists.getLists(name))?.lineItems.map((l) => l.sku) ?? [];

describe('Save to My products', () => {
  it('asks a guest to sign in, and reads no list for them', async () => {
    const lists = new MemoryListGateway(null);
    const { auth } = renderSave(lists);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to save to My products' }));
    expect(auth.modal).toMatchObject({ show: true, view: 'signIn' });
    expect(lists.calls).toEqual([]);
  });

  it('saves what a guest asked for once they have signed in from the dialog it opened', async () => {
    const lists = new MemoryListGateway(null);
    const { auth } = renderSave(lists);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to save to My products' }));
    auth.setEmail('homeowner@lavabo.test');
    auth.setPassword(DEMO_PASSWORD);
    await act(async () => {
      expect(await auth.submitSignIn()).toBe(true);
    });
    expect(auth.modal.show).toBe(false);
    await screen.findByText('Purist kitchen faucet saved to My products.');
    expect(await skusOn(lists, 'MyProducts')).toEqual(['K-4120-CP']);
    expect(screen.getByRole('button', { name: 'Remove from My products' })).toBeTruthy();
  });

  it('forgets the press when the guest closes the sign-in without signing in', async () => {
    const lists = new MemoryListGateway(null);
    const { container, auth } = renderSave(lists);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to save to My products' }));
    act(() => auth.closeModal());
    // Signing in later, some other way, saves nothing by surprise.
    await signIn(container);
    act(() => auth.sync());
    const save = await screen.findByRole('button', { name: 'Save to My products' });
    await waitFor(() => expect(save.getAttribute('aria-busy')).toBe('false'));
    expect(await skusOn(lists, 'MyProducts')).toEqual([]);
    expect(lists.calls.filter((c) => c.startsWith('add'))).toEqual([]);
  });

  it.each([
    ['products', 'My products', 'MyProducts', '/en/account/my-products'],
    ['services', 'My services', 'MyServices', '/en/account/my-services'],
  ] as const)(
    'saves to %s for a customer, says so, and takes it off again',
    async (target, place, list, page) => {
      const lists = new MemoryListGateway(['K-1']);
      const { container, auth } = renderSave(lists, target);
      await signIn(container);
      runInAction(() => auth.sync());
      const save = await screen.findByRole('button', { name: `Save to ${place}` });
      await waitFor(() => expect(save.getAttribute('aria-busy')).toBe('false'));
      fireEvent.click(save);
      await screen.findByText(`Purist kitchen faucet saved to ${place}.`);
      expect(await skusOn(lists, list)).toEqual(['K-4120-CP']);
      // The favorites, and the other saved list, are other lists.
      expect(lists.skus()).toEqual(['K-1']);
      expect(await skusOn(lists, list === 'MyProducts' ? 'MyServices' : 'MyProducts')).toEqual([]);
      expect(screen.getByRole('link', { name: `View ${place}` }).getAttribute('href')).toBe(page);
      fireEvent.click(screen.getByRole('button', { name: `Remove from ${place}` }));
      await screen.findByText(`Purist kitchen faucet removed from ${place}.`);
      expect(await skusOn(lists, list)).toEqual([]);
      expect(screen.getByRole('button', { name: `Save to ${place}` })).toBeTruthy();
      expect(screen.queryByRole('link', { name: `View ${place}` })).toBeNull();
    },
  );

  it('shows the next customer on this device nothing of the last one’s list', async () => {
    const lists = new MemoryListGateway(null);
    const { container, auth } = renderSave(lists);
    await signIn(container);
    runInAction(() => auth.sync());
    fireEvent.click(await screen.findByRole('button', { name: 'Save to My products' }));
    await screen.findByText('Purist kitchen faucet saved to My products.');
    await act(() => auth.signOut());
    await screen.findByRole('button', { name: 'Sign in to save to My products' });
    // The next customer's list (empty) is read while the test holds it.
    lists.lists.splice(0);
    const reads = holdReads(lists);
    await signIn(container, 'pro@lavabo.test');
    runInAction(() => auth.sync());
    const save = await screen.findByRole('button', { name: 'Save to My products' });
    expect(save.getAttribute('aria-busy')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Remove from My products' })).toBeNull();
    expect(screen.queryByText('Purist kitchen faucet saved to My products.')).toBeNull();
    await waitFor(() => expect(reads).toHaveLength(1));
    await act(() => reads[0]?.());
    await waitFor(() => expect(save.getAttribute('aria-busy')).toBe('false'));
    expect(screen.getByRole('button', { name: 'Save to My products' })).toBe(save);
  });

  it('drops a read for a customer who signed out while it was on its way', async () => {
    const lists = new MemoryListGateway(null);
    const { container, auth } = renderSave(lists);
    const reads = holdReads(lists);
    await signIn(container);
    runInAction(() => auth.sync());
    await waitFor(() => expect(reads).toHaveLength(1));
    await act(() => auth.signOut());
    await signIn(container, 'pro@lavabo.test');
    runInAction(() => auth.sync());
    await waitFor(() => expect(reads).toHaveLength(2));
    // The next customer's list is empty; the one who left had saved the product.
    await act(() => reads[1]?.());
    const save = await screen.findByRole('button', { name: 'Save to My products' });
    await waitFor(() => expect(save.getAttribute('aria-busy')).toBe('false'));
    const theirs = await lists.createList('MyProducts');
    await lists.addLineItem(theirs.id, theirs.version, PRODUCT.sku);
    await act(() => reads[0]?.());
    expect(screen.getByRole('button', { name: 'Save to My products' })).toBe(save);
  });

  it('says when saving failed and leaves the product unsaved', async () => {
    const lists = new MemoryListGateway(null);
    lists.addLineItem = async () => {
      throw new Error('offline');
    };
    const { container, auth } = renderSave(lists);
    await signIn(container);
    runInAction(() => auth.sync());
    fireEvent.click(await screen.findByRole('button', { name: 'Save to My products' }));
    await screen.findByText(saveFailed('My products'));
    expect(screen.getByRole('button', { name: 'Save to My products' })).toBeTruthy();
  });
});
