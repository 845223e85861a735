/**
 * The one JWT payload reader every adapter uses: any JSON object payload comes back as it was sent,
 * padded or not, in any script; anything that is not a three-part token with a base64url JSON
 * object payload is null, never a throw.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base64UrlJson, jwtClaims, stringClaim } from '../../../adapters/http/identity/jwt-payload';

/** Node's own base64url, independent of the code under test. */
const encode = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');
const HEADER = encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
const tokenOf = (payload: string): string => `${HEADER}.${payload}.signature`;
/** What a JSON object looks like after a trip through JSON (-0 becomes 0, and so on). */
const viaJson = (value: unknown): unknown => JSON.parse(JSON.stringify(value)) as unknown;

const claimsObjects = fc.dictionary(
  fc.string({ unit: 'grapheme', maxLength: 12 }),
  fc.oneof(fc.jsonValue({ noUnicodeString: false }), fc.string({ unit: 'grapheme' })),
  { noNullPrototype: true, maxKeys: 8 },
);

describe('jwtClaims', () => {
  it('gives back any JSON object payload, unpadded as JWTs send it', () => {
    fc.assert(
      fc.property(claimsObjects, (claims) => {
        expect(jwtClaims(tokenOf(encode(JSON.stringify(claims))))).toEqual(viaJson(claims));
      }),
    );
  });

  it('reads a padded payload the same as an unpadded one', () => {
    fc.assert(
      fc.property(claimsObjects, (claims) => {
        const bare = encode(JSON.stringify(claims));
        const padded = bare + '='.repeat((4 - (bare.length % 4)) % 4);
        expect(jwtClaims(tokenOf(padded))).toEqual(jwtClaims(tokenOf(bare)));
      }),
    );
  });

  it('is null for a payload that is JSON but not an object', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.array(fc.jsonValue()),
          fc.string(),
          fc.double(),
          fc.boolean(),
          fc.constant(null),
        ),
        (value) => {
          expect(jwtClaims(tokenOf(encode(JSON.stringify(value))))).toBeNull();
        },
      ),
    );
  });

  it('is null when the payload is not JSON, not UTF-8 or not base64url', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          // Text that JSON.parse refuses (it never starts a JSON object).
          fc
            .string({ minLength: 1 })
            .map((s) => encode(`{${s}`))
            .filter((p) => {
              try {
                JSON.parse(Buffer.from(p, 'base64url').toString('utf8'));
                return false;
              } catch {
                return true;
              }
            }),
          // A lone continuation byte inside an object: not UTF-8.
          fc.constant(
            Buffer.from([0x7b, 0x22, 0x80, 0x22, 0x3a, 0x31, 0x7d]).toString('base64url'),
          ),
          // Standard base64's own characters, and other non-alphabet characters.
          fc
            .tuple(fc.string(), fc.constantFrom('+', '/', ' ', '!', '.'), fc.string())
            .map(([a, bad, b]) => encode(`{"a":"${a}"}`).slice(0, 2) + bad + encode(b)),
        ),
        (payload) => {
          expect(jwtClaims(tokenOf(payload))).toBeNull();
        },
      ),
    );
  });

  it('is null unless the token has exactly three parts and a payload, and never throws', () => {
    const payload = encode(JSON.stringify({ sub: 'a@b.test' }));
    expect(jwtClaims(tokenOf(payload))).toEqual({ sub: 'a@b.test' });
    expect(jwtClaims(`${HEADER}.${payload}`)).toBeNull();
    expect(jwtClaims(`${HEADER}.${payload}.sig.extra`)).toBeNull();
    expect(jwtClaims(`${HEADER}..sig`)).toBeNull();
    expect(jwtClaims('opaque-token')).toBeNull();
    fc.assert(
      fc.property(fc.string(), (token) => {
        const claims = jwtClaims(token);
        expect(claims === null || (typeof claims === 'object' && !Array.isArray(claims))).toBe(
          true,
        );
      }),
    );
  });
});

describe('stringClaim', () => {
  it('is the claim when it is a string, else null', () => {
    fc.assert(
      fc.property(fc.string(), fc.jsonValue(), (text, other) => {
        expect(
          stringClaim(tokenOf(encode(JSON.stringify({ anonymousId: text }))), 'anonymousId'),
        ).toBe(text);
        const token = tokenOf(encode(JSON.stringify({ anonymousId: other })));
        expect(stringClaim(token, 'anonymousId')).toBe(typeof other === 'string' ? other : null);
        expect(stringClaim(token, 'missing')).toBeNull();
      }),
    );
  });
});

describe('base64UrlJson', () => {
  it('encodes as Node’s base64url does, and jwtClaims reads it back', () => {
    fc.assert(
      fc.property(claimsObjects, (claims) => {
        const encoded = base64UrlJson(claims);
        expect(encoded).toBe(encode(JSON.stringify(claims)));
        expect(jwtClaims(tokenOf(encoded))).toEqual(viaJson(claims));
      }),
    );
  });
});
