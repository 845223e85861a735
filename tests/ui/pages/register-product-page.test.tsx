/** `/en/register-product`: a landing with the two registration pages, not a not-found page. */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { matchRoute } from '../../../core/content/routes';
import RegisterProductPage from '../../../ui/pages/register-product-page';
import { Footer } from '../../../ui/shell/footer';

afterEach(cleanup);

describe('the registration landing', () => {
  it('is a route of its own, titled, and links to online and in-store registration', async () => {
    expect(matchRoute('/en/register-product')?.id).toBe('registerProduct');
    const router = createMemoryRouter(
      [{ path: '/en/register-product', Component: RegisterProductPage }],
      { initialEntries: ['/en/register-product'] },
    );
    render(<RouterProvider router={router} />);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([
      'Register your product',
    ]);
    await waitFor(() => expect(document.title).toBe('Register your product — Lavabo'));
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/en/register-product/online',
      '/en/register-product/offline',
    ]);
    expect(links.map((a) => a.textContent)).toEqual([
      'I bought it onlineFrom lavabo.com or another online store.',
      'I bought it in a storeFrom a showroom, a retailer or through your installer.',
    ]);
  });

  it('is where the footer\'s "Register a product" leads, as every footer link leads to a route', () => {
    const router = createMemoryRouter([{ path: '/', Component: Footer }], {
      initialEntries: ['/'],
    });
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Register a product' }).getAttribute('href')).toBe(
      '/en/register-product',
    );
    for (const link of screen.getAllByRole('link')) {
      expect(matchRoute(link.getAttribute('href') ?? '')).not.toBeNull();
    }
  });
});
