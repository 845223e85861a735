/**
 * The product page's "Save to My products" (ui/lists/save-to-my-products.tsx) with the real auth
 * view model over the offline demo's identity and an in-memory list gateway: a guest is asked to
 * sign in; a customer saves the finish shown to the MyProducts list (never to the favorites),
 * hears it said, and takes it off again; a failure says so and leaves the button as it was.
 */
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { pickList } from '../../../core/lists/shopping-list';
import { ContainerProvider } from '../../../ui/app/container-context';
import { AuthProvider, createAuthViewModel } from '../../../ui/auth/auth-context';
import { SaveToMyProducts } from '../../../ui/lists/save-to-my-products';
import { SAVE_FAILED } from '../../../ui/lists/saved-product-model';
import { MemoryListGateway } from '../../core/lists/list-doubles';
import { CONFIGURATION, signIn } from '../registration/harness';
import { testContainer } from '../support/test-container';

afterEach(cleanup);

const PRODUCT = { sku: 'K-4120-CP', title: 'Purist kitchen faucet' };

const renderSave = (lists: MemoryListGateway) => {
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
        children: [{ path: '/en/p', element: <SaveToMyProducts product={PRODUCT} /> }],
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

const myProducts = async (lists: MemoryListGateway) =>
  pickList(await lists.getLists('MyProducts'))?.lineItems.map((l) => l.sku) ?? [];

describe('Save to My products', () => {
  it('asks a guest to sign in, and reads no list for them', async () => {
    const lists = new MemoryListGateway(null);
    const { auth } = renderSave(lists);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in to save to My products' }));
    expect(auth.modal).toMatchObject({ show: true, view: 'signIn' });
    expect(lists.calls).toEqual([]);
  });

  it('saves the product for a customer, says so, and takes it off again', async () => {
    const lists = new MemoryListGateway(['K-1']);
    const { container, auth } = renderSave(lists);
    await signIn(container);
    runInAction(() => auth.sync());
    const save = await screen.findByRole('button', { name: 'Save to My products' });
    await waitFor(() => expect(save.getAttribute('aria-busy')).toBe('false'));
    fireEvent.click(save);
    await screen.findByText('Purist kitchen faucet saved to My products.');
    expect(await myProducts(lists)).toEqual(['K-4120-CP']);
    // The favorites are another list.
    expect(lists.skus()).toEqual(['K-1']);
    expect(screen.getByRole('link', { name: 'View My products' }).getAttribute('href')).toBe(
      '/en/account/my-products',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove from My products' }));
    await screen.findByText('Purist kitchen faucet removed from My products.');
    expect(await myProducts(lists)).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save to My products' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'View My products' })).toBeNull();
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
    await screen.findByText(SAVE_FAILED);
    expect(screen.getByRole('button', { name: 'Save to My products' })).toBeTruthy();
  });
});
