/**
 * robots.txt (issue 18 "Search engines"): everything may be crawled but the API and the personal
 * pages (core/content/indexing.ts), and the sitemap is named with the site's origin.
 */
import { DISALLOWED_PATHS } from '../../core/content/indexing';

export const robotsTxt = (origin: string): string =>
  [
    'User-agent: *',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
