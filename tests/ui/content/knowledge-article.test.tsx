import { act, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HelpArticle } from '../../../core/content/help-articles';
import type { HelpArticleSource } from '../../../core/content/ports';
import { ContainerProvider } from '../../../ui/app/container-context';
import KnowledgeArticlePage from '../../../ui/pages/knowledge-article-page';
import { testContainer } from '../support/test-container';

const article = (slug: string, category: string, title = slug): HelpArticle => ({
  slug,
  title,
  category,
  paragraphs: [`About ${title}.`, `<b>Not markup</b> in ${title}.`],
});

const ARTICLES = [
  article('return-policy', 'Orders', 'Return policy'),
  article('shipping', 'Orders', 'Shipping times'),
  article('fix-a-drip', 'Installation', 'Fixing a drip'),
];

class FlakySource implements HelpArticleSource {
  failures: number;
  calls = 0;
  constructor(failures = 0) {
    this.failures = failures;
  }
  async list(): Promise<readonly HelpArticle[]> {
    this.calls += 1;
    if (this.failures > 0) {
      this.failures -= 1;
      throw new Error('offline');
    }
    return ARTICLES;
  }
}

const renderAt = (url: string, source: HelpArticleSource) => {
  const container = testContainer({ overrides: { HelpArticles: source } });
  const router = createMemoryRouter(
    [{ path: '/en/support/articles/:slug', Component: KnowledgeArticlePage }],
    { initialEntries: [url] },
  );
  render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
  return router;
};

describe('knowledge article page', () => {
  it('shows the article as text with related articles of its category first', async () => {
    renderAt('/en/support/articles/return-policy', new FlakySource());
    expect(await screen.findByRole('heading', { level: 1, name: 'Return policy' })).toBeTruthy();
    // Paragraphs are text: markup in an article is shown, never interpreted.
    expect(screen.getByText('<b>Not markup</b> in Return policy.')).toBeTruthy();
    const related = screen.getByRole('complementary', { name: 'Related articles' });
    const links = within(related).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Shipping times', 'Fixing a drip']);
    expect(links[0]?.getAttribute('href')).toBe('/en/support/articles/shipping');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toBeTruthy();
  });

  it('is a real not-found page for an unknown slug', async () => {
    renderAt('/en/support/articles/no-such-article', new FlakySource());
    expect(
      await screen.findByRole('heading', { level: 1, name: /not found|can.t find/i }),
    ).toBeTruthy();
  });

  it('offers a retry when the list does not load, and shows the article after it', async () => {
    const source = new FlakySource(1);
    renderAt('/en/support/articles/fix-a-drip', source);
    const retry = await screen.findByRole('button', { name: 'Try again' });
    await act(async () => retry.click());
    expect(await screen.findByRole('heading', { level: 1, name: 'Fixing a drip' })).toBeTruthy();
    expect(source.calls).toBe(2);
  });
});
