/**
 * Help and FAQ articles (spec §7 help/FAQ list): the knowledge article page
 * (`/en/support/articles/{slug}`) shows one article and, beside it, others of its category.
 */

export interface HelpArticle {
  readonly slug: string;
  readonly title: string;
  readonly category: string;
  /** Plain text; the screen draws each as a paragraph (never as HTML). */
  readonly paragraphs: readonly string[];
}

/** Related articles shown beside an article. */
export const RELATED_ARTICLES_MAX = 4;

export type ArticleLookup =
  | {
      readonly kind: 'found';
      readonly article: HelpArticle;
      /** Others of the same category first, then others, at most RELATED_ARTICLES_MAX. */
      readonly related: readonly HelpArticle[];
    }
  | { readonly kind: 'not-found'; readonly slug: string };

/** Slugs compare without case and surrounding slashes or `.html`. */
export const articleSlug = (raw: string): string =>
  raw
    .trim()
    .replace(/\.html$/i, '')
    .replace(/^\/+|\/+$/g, '')
    .toLowerCase();

export const findArticle = (articles: readonly HelpArticle[], rawSlug: string): ArticleLookup => {
  const slug = articleSlug(rawSlug);
  const article = articles.find((a) => a.slug.toLowerCase() === slug);
  if (article === undefined) return { kind: 'not-found', slug };
  const others = articles.filter((a) => a !== article);
  const related = [
    ...others.filter((a) => a.category === article.category),
    ...others.filter((a) => a.category !== article.category),
  ].slice(0, RELATED_ARTICLES_MAX);
  return { kind: 'found', article, related };
};
