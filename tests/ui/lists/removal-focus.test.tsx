/**
 * Focus after a favorite is removed on the favorites page: never <body>. The next product's Remove
 * takes it (the previous one's when the last product went, the page heading when none is left),
 * also when the product goes by its heart; the removal is announced politely.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import FavoritesPage from '../../../ui/pages/favorites-page';
import { InMemoryCatalog, makeProduct } from '../../core/catalog/product-fixtures';
import { MemoryListGateway } from '../../core/lists/list-doubles';
import { announcement, renderWithFavorites } from './harness';

afterEach(cleanup);

const products = [
  makeProduct('K-1', { title: 'Faucet One', slug: 'faucet-one-k-1' }),
  makeProduct('K-2', { title: 'Sink Two', slug: 'sink-two-k-2' }),
  makeProduct('K-3', { title: 'Shower Three', slug: 'shower-three-k-3' }),
];

/** Newest favorite first on the page: Shower Three, Sink Two, Faucet One. */
const showThree = async () => {
  renderWithFavorites({
    catalog: new InMemoryCatalog(products),
    lists: new MemoryListGateway(['K-1', 'K-2', 'K-3']),
    routes: [{ path: '/en/account/favorites', Component: FavoritesPage }],
    url: '/en/account/favorites',
  });
  await screen.findByRole('list', { name: 'Favorite products' });
};

const remove = (title: string) =>
  screen.getByRole('button', { name: `Remove ${title} from favorites` });
const shown = () =>
  within(screen.getByRole('list', { name: 'Favorite products' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);

const press = async (control: HTMLElement) => {
  control.focus();
  await act(async () => {
    fireEvent.click(control);
  });
};

describe('favorites page: focus after a removal', () => {
  it('goes to the next product’s Remove, then the previous one’s, then the page heading', async () => {
    await showThree();
    await press(remove('Sink Two'));
    await waitFor(() => expect(shown()).toEqual(['Shower Three', 'Faucet One']));
    expect(document.activeElement).toBe(remove('Faucet One'));
    expect(announcement()).toContain('Sink Two removed from favorites.');

    await press(remove('Faucet One'));
    await waitFor(() => expect(shown()).toEqual(['Shower Three']));
    expect(document.activeElement).toBe(remove('Shower Three'));

    await press(remove('Shower Three'));
    await screen.findByRole('heading', { name: 'No favorites yet' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(announcement()).toContain('Shower Three removed from favorites.');
  });

  it('also when a product leaves by its heart', async () => {
    await showThree();
    const tile = remove('Shower Three').closest('li') as HTMLElement;
    await press(within(tile).getByRole('button', { name: 'Remove from favorites' }));
    await waitFor(() => expect(shown()).toEqual(['Sink Two', 'Faucet One']));
    expect(document.activeElement).toBe(remove('Sink Two'));
  });
});
