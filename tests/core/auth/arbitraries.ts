/** Shared arbitraries for the auth tests: page paths built from a small vocabulary, so they collide. */
import fc from 'fast-check';
import { fromGrant, type StoredTokens } from '../../../core/auth/token-lifecycle';

export const segment = fc.constantFrom('en', 'account', 'orders', 'login', 'cart', 'settings', 'a');

export const pagePath = fc
  .array(segment, { minLength: 0, maxLength: 4 })
  .map((parts) => `/${parts.join('/')}`);

/** A path as the browser might show it: optional .html, trailing slash, query and hash. */
export const requestedUrl = fc
  .tuple(
    pagePath,
    fc.constantFrom('', '.html', '/'),
    fc.constantFrom('', '?id=1&x=a b', '#top', '?q=%2F'),
  )
  .map(([p, suffix, tail]) => (p === '/' ? `/${tail}` : `${p}${suffix}${tail}`));

export const personas = fc.oneof(
  fc.constantFrom('TVS', 'GST', 'HO', 'KOUSFF', 'KEMP'),
  fc.string({ maxLength: 6 }),
);

export const storedTokens = (anonymous: boolean): fc.Arbitrary<StoredTokens> =>
  fc
    .record(
      {
        receivedAt: fc.integer({ min: 0, max: 2_000_000_000_000 }),
        expiresIn: fc.integer({ min: 0, max: 48 * 3600 }),
        anonymousId: fc.option(fc.uuid(), { nil: undefined }),
      },
      { noNullPrototype: true },
    )
    .map(({ receivedAt, expiresIn, anonymousId }) =>
      fromGrant(
        {
          access_token: `a${receivedAt}`,
          refresh_token: 'r',
          expires_in: expiresIn,
          scopes: [],
          token_type: 'Bearer',
        },
        receivedAt,
        anonymousId === undefined ? { anonymous } : { anonymous, anonymousId },
      ),
    );
