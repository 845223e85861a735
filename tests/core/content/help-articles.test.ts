import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  RELATED_ARTICLES_MAX,
  articleSlug,
  findArticle,
  type HelpArticle,
} from '../../../core/content/help-articles';
import { GetHelpArticle } from '../../../core/content/get-help-article';

const articleArb: fc.Arbitrary<HelpArticle> = fc.record({
  slug: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/),
  title: fc.string({ minLength: 1, maxLength: 30 }),
  category: fc.constantFrom('Orders', 'Products', 'Installation'),
  paragraphs: fc.array(fc.string(), { maxLength: 3 }),
});

const articlesArb = fc.uniqueArray(articleArb, {
  minLength: 1,
  maxLength: 12,
  selector: (a) => a.slug,
});

describe('findArticle', () => {
  it('finds every article by its slug, in any case, with .html or slashes', () => {
    fc.assert(
      fc.property(articlesArb, fc.nat(), (articles, pick) => {
        const article = articles[pick % articles.length]!;
        for (const form of [
          article.slug,
          article.slug.toUpperCase(),
          `/${article.slug}.html`,
          ` ${article.slug}/ `,
        ]) {
          const found = findArticle(articles, form);
          expect(found.kind).toBe('found');
          if (found.kind === 'found') expect(found.article).toBe(article);
        }
      }),
    );
  });

  it('relates at most four others, never the article itself, its own category first', () => {
    fc.assert(
      fc.property(articlesArb, fc.nat(), (articles, pick) => {
        const article = articles[pick % articles.length]!;
        const found = findArticle(articles, article.slug);
        if (found.kind !== 'found') throw new Error('not found');
        expect(found.related.length).toBe(Math.min(RELATED_ARTICLES_MAX, articles.length - 1));
        expect(found.related).not.toContain(article);
        const sameCategory = found.related.map((a) => a.category === article.category);
        // Once an article of another category appears, none of the same category follows.
        expect(sameCategory).toEqual([...sameCategory].sort((a, b) => Number(b) - Number(a)));
      }),
    );
  });

  it('says not-found, with the cleaned slug, for a slug that is not there', () => {
    fc.assert(
      fc.property(articlesArb, (articles) => {
        const missing = `${articles.map((a) => a.slug).join('')}-missing`;
        expect(findArticle(articles, `/${missing.toUpperCase()}.html`)).toEqual({
          kind: 'not-found',
          slug: articleSlug(missing),
        });
      }),
    );
  });
});

describe('GetHelpArticle', () => {
  it('rejects when the source fails, so the screen can offer a retry', async () => {
    const failing = new GetHelpArticle({ list: () => Promise.reject(new Error('offline')) });
    await expect(failing.execute('anything')).rejects.toThrow('offline');
  });
});
