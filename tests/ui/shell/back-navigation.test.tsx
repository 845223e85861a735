/**
 * Spec §2: /en/support/help-and-faq reloads when the shopper comes back to it within the app (not
 * on its first load, not on other pages), and a `back` parameter that names a page of this site
 * gives a "Back" link to it.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  resetNavigationCount,
  useCountNavigations,
  useReloadOnBack,
} from '../../../ui/app/back-navigation';
import { BackLink } from '../../../ui/components/back-link';

afterEach(cleanup);
beforeEach(resetNavigationCount);

const setUp = (initial: string, reload: () => void) => {
  const Layout = () => {
    useCountNavigations();
    return <Outlet />;
  };
  const Page = ({ name }: { name: string }) => {
    useReloadOnBack(reload);
    return (
      <main>
        <h1>{name}</h1>
        <BackLink />
      </main>
    );
  };
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: '/en/support/help-and-faq', element: <Page name="Help and FAQ" /> },
          { path: '/en/support/articles/:slug', element: <Page name="Article" /> },
          { path: '/en/press', element: <Page name="Press" /> },
        ],
      },
    ],
    { initialEntries: [initial] },
  );
  render(<RouterProvider router={router} />);
  return router;
};

describe('help and FAQ on back navigation', () => {
  it('reloads when the shopper comes back to it, not on its first load', async () => {
    const reload = vi.fn();
    const router = setUp('/en/support/help-and-faq', reload);
    await screen.findByRole('heading', { name: 'Help and FAQ' });
    expect(reload).not.toHaveBeenCalled();
    await act(() => router.navigate('/en/support/articles/descaling'));
    await screen.findByRole('heading', { name: 'Article' });
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Help and FAQ' });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload another page reached by back', async () => {
    const reload = vi.fn();
    const router = setUp('/en/press', reload);
    await act(() => router.navigate('/en/support/articles/descaling'));
    await act(() => router.navigate(-1));
    await screen.findByRole('heading', { name: 'Press' });
    expect(reload).not.toHaveBeenCalled();
  });
});

describe('the back parameter', () => {
  it('gives a Back link to a page of this site, and none for another site', async () => {
    setUp(`/en/support/articles/descaling?back=${encodeURIComponent('/en/press')}`, vi.fn());
    const back = await screen.findByRole('link', { name: 'Back' });
    expect(back.getAttribute('href')).toBe('/en/press');
    cleanup();
    setUp(
      `/en/support/articles/descaling?back=${encodeURIComponent('https://evil.example/')}`,
      vi.fn(),
    );
    await screen.findByRole('heading', { name: 'Article' });
    expect(screen.queryByRole('link', { name: 'Back' })).toBeNull();
  });
});
