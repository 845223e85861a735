/**
 * The global configuration the server inlines into index.html (server/http/app-shell.ts) as
 * `<script type="application/json" id="lavabo-config">`, so the first page view needs no token and
 * configuration round trips for it. The offline demo and `vite` dev serve index.html without it.
 */
import type { StorefrontConfiguration } from '../../../core/content/configuration';
import { decodeOrThrow } from '../decode';
import { StorefrontConfigurationCodec } from './configuration.codec';

/** The element's id; server/http/app-shell.ts writes the same (tests/server/http checks both). */
export const INLINE_CONFIGURATION_ID = 'lavabo-config';

export type InlineConfiguration =
  | { readonly kind: 'missing' }
  | { readonly kind: 'malformed'; readonly reason: string }
  | { readonly kind: 'found'; readonly configuration: StorefrontConfiguration };

/** The element's text, decoded as the API's answer is; blank or absent text is missing. */
export const parseInlineConfiguration = (text: string | null | undefined): InlineConfiguration => {
  if (text === null || text === undefined || text.trim() === '') return { kind: 'missing' };
  try {
    const json: unknown = JSON.parse(text);
    return {
      kind: 'found',
      configuration: decodeOrThrow(StorefrontConfigurationCodec, json, 'the inline configuration'),
    };
  } catch (error) {
    return { kind: 'malformed', reason: error instanceof Error ? error.message : String(error) };
  }
};

/** The inline element's text in this page; null outside a browser or when the page has none. */
export const documentInlineConfiguration = (): string | null =>
  typeof document === 'undefined'
    ? null
    : (document.getElementById(INLINE_CONFIGURATION_ID)?.textContent ?? null);
