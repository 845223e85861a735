/**
 * Spec §2 path normalisation, shared by the server (redirects) and the storefront (in-app links):
 * `/` → `/en`; strip the configured shortened-page-path prefix, a `.html` suffix and trailing
 * slashes. Product detail pages keep their `.html`: the spec's product links end in `{slug}.html`.
 */
import { matchRoute } from './routes';

/** The configured shortened-page-path prefix (configuration `general.shortendPagePath`). */
export const DEFAULT_SHORTENED_PAGE_PATH = '/content/lavabo';
export const HOME_PATH = '/en';

export const normalisePagePath = (
  pathname: string,
  prefix: string = DEFAULT_SHORTENED_PAGE_PATH,
): string => {
  let path = pathname === '' ? '/' : pathname;
  if (prefix !== '' && (path === prefix || path.startsWith(`${prefix}/`)))
    path = path.slice(prefix.length);
  path = path.replace(/\/+$/, '');
  if (path.endsWith('.html') && matchRoute(path)?.id !== 'productDetails')
    path = path.slice(0, -'.html'.length);
  path = path.replace(/\/+$/, '');
  return path === '' ? HOME_PATH : path;
};
