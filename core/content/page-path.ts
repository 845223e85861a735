/**
 * The storefront's page path, shared by the server (redirects) and the storefront (in-app
 * navigation): the spec §2 normalisation (core/catalog/path.ts strips `.html` and the shortened
 * prefix) plus what our routes need — `/` and the empty path go to `/en`, trailing slashes go, and
 * product detail pages keep their `.html` because the spec's product links end in `{slug}.html`.
 */
import { normalisePath } from '../catalog/path';
import { matchRoute } from './routes';

/** The configured shortened-page-path prefix (configuration `general.shortendPagePath`). */
export const DEFAULT_SHORTENED_PAGE_PATH = '/content/lavabo';
export const HOME_PATH = '/en';

export const normalisePagePath = (
  pathname: string,
  prefix: string = DEFAULT_SHORTENED_PAGE_PATH,
): string => {
  const stripped = normalisePath(pathname.replace(/\/+$/, ''), prefix).replace(/\/+$/, '');
  const path = stripped === '' ? HOME_PATH : stripped;
  const keepsHtml =
    /\.html$/i.test(pathname.replace(/\/+$/, '')) && matchRoute(path)?.id === 'productDetails';
  return keepsHtml ? `${path}.html` : path;
};

/**
 * The page a content path names, as the page models are keyed: query and hash dropped, `.html` or
 * `.model.json` dropped, slashes at either end dropped, `.` and `..` segments dropped (a path can
 * never climb out of the content tree), and the empty path is the home page. '/en/kitchen.html',
 * 'en/kitchen/' and '/en/kitchen?x=1' all give '/en/kitchen'.
 */
export const contentPageKey = (path: string): string => {
  const segments = (path.split(/[?#]/, 1)[0] ?? '')
    .trim()
    .replace(/\.html$/i, '')
    .replace(/\.model\.json$/i, '')
    .split('/')
    .filter((s) => s !== '' && s !== '.' && s !== '..');
  return segments.length === 0 ? HOME_PATH : `/${segments.join('/')}`;
};
