/**
 * The product-link configuration as the storefront's configuration has it (spec §2: the
 * configured pdpUrlMapping by category), for links a screen builds itself (cart lines); catalogue
 * answers carry their links already (adapters' `links`). Outside the auth provider: core's default.
 */
import { productLinkConfigOf, type ProductLinkConfig } from '../../core/catalog/product-link';
import { DEFAULT_CONFIGURATION } from '../../core/content/default-configuration';
import { useOptionalAuth } from '../auth/auth-context';

export const useProductLinks = (): ProductLinkConfig =>
  productLinkConfigOf(useOptionalAuth()?.configuration ?? DEFAULT_CONFIGURATION);
