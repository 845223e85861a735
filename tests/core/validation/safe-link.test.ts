import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isSafeLink,
  normalizeLink,
  sanitizeLink,
  SAFE_LINK_SCHEMES,
  UNSAFE_LINK_FALLBACK,
} from '../../../core/validation/safe-link';

/** Characters a browser drops before reading a link: C0 controls and space. */
const edgeJunk = fc
  .array(fc.integer({ min: 0, max: 0x20 }), { maxLength: 4 })
  .map((codes) => String.fromCharCode(...codes));

/** A word with tabs and newlines slipped between its letters, in random case. */
const obfuscated = (word: string): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.mixedCase(fc.constant(word)),
      fc.array(fc.constantFrom('', '', '', '\t', '\n', '\r'), {
        minLength: word.length,
        maxLength: word.length,
      }),
    )
    .map(([w, gaps]) => [...w].map((c, i) => c + (gaps[i] ?? '')).join(''));

const rest = fc.constantFrom('//example.com/a?b=1&c=2', 'shop@lavabo.test', '+15551234567', '/x');

describe('safe links (spec §5)', () => {
  it('allows the listed schemes in any case and with the whitespace a browser ignores', () => {
    fc.assert(
      fc.property(
        edgeJunk,
        fc.constantFrom(...SAFE_LINK_SCHEMES).chain(obfuscated),
        rest,
        edgeJunk,
        (lead, scheme, tail, trail) => {
          const link = `${lead}${scheme}:${tail}${trail}`;
          expect(isSafeLink(link)).toBe(true);
          expect(sanitizeLink(link)).toBe(normalizeLink(link));
          expect(sanitizeLink(link)).not.toMatch(/[\t\n\r]/);
        },
      ),
    );
  });

  it('refuses script and other schemes however they are disguised', () => {
    const dangerous = fc.constantFrom(
      'javascript:alert(1)',
      'vbscript:msgbox(1)',
      'livescript:x',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
      'blob:https://evil.test/1',
      'jar:file:x',
    );
    fc.assert(
      fc.property(
        edgeJunk,
        dangerous.chain((link) => {
          const colon = link.indexOf(':');
          return obfuscated(link.slice(0, colon)).map((s) => s + link.slice(colon));
        }),
        edgeJunk,
        (lead, link, trail) => {
          expect(isSafeLink(`${lead}${link}${trail}`)).toBe(false);
          expect(sanitizeLink(`${lead}${link}${trail}`)).toBe(UNSAFE_LINK_FALLBACK);
        },
      ),
    );
  });

  it('refuses entity and control-character tricks', () => {
    for (const link of [
      'javascript&colon;alert(1)',
      '&#106;avascript:alert(1)',
      'javas&#99;ript:alert(1)',
      'java\u0000script:alert(1)',
      'java\u000bscript:alert(1)',
      '\u00a0javascript:alert(1)',
      'javascript\u0001:alert(1)',
      '%6Aavascript:alert(1)',
    ]) {
      expect(isSafeLink(link), JSON.stringify(link)).toBe(false);
    }
  });

  it('allows relative links', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('/', './', '../', '?', '#', ''),
        fc.stringMatching(/^[a-z0-9._~-]{0,12}(\/[a-z0-9._~-]{1,8}){0,3}$/),
        (prefix, path) => {
          expect(isSafeLink(`${prefix}${path}`)).toBe(true);
        },
      ),
    );
    expect(isSafeLink('/en/products/kitchen-faucets/k-4120.html?skuid=K-4120-BL#reviews')).toBe(
      true,
    );
  });

  it('allows base64 data URLs of the listed image, video and audio types only', () => {
    const mime = fc.constantFrom(
      'image/png',
      'image/gif',
      'image/jpeg',
      'image/webp',
      'video/mpeg',
      'video/mp4',
      'video/ogg',
      'video/webm',
      'audio/mp3',
      'audio/oga',
      'audio/ogg',
      'audio/opus',
    );
    const base64 = fc.stringMatching(/^[A-Za-z0-9+/]{1,40}={0,2}$/);
    fc.assert(
      fc.property(fc.mixedCase(fc.constant('data:')), mime, base64, (data, m, body) => {
        expect(isSafeLink(`${data}${m};base64,${body}`)).toBe(true);
        expect(isSafeLink(`${data}${m},${body}`)).toBe(false); // not base64
        expect(isSafeLink(`${data}${m};base64,${body}<`)).toBe(false);
      }),
    );
  });

  it('never lets through a link a browser would read with another scheme', () => {
    const allowed = new Set(SAFE_LINK_SCHEMES.map((s) => `${s}:`));
    const token = fc.constantFrom(
      'javascript:',
      ' JaVa\tScRiPt:',
      'data:',
      'javascript',
      'data',
      'http',
      'file',
      'image/png;base64,',
      'text/html,',
      ':',
      '/',
      '//',
      '?',
      '#',
      '&',
      '&#58;',
      '\t',
      '\n',
      '\u0000',
      '\u001f',
      ' ',
      'a',
      'A1',
      '%3A',
      '\\',
    );
    const link = fc
      .array(fc.oneof(token, fc.string({ maxLength: 2 })), { maxLength: 8 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(link, (s) => {
        if (!isSafeLink(s)) return;
        let parsed: URL;
        try {
          parsed = new URL(s, 'https://shop.test/en/');
        } catch {
          return; // not a link a browser would follow
        }
        if (parsed.protocol === 'data:') {
          expect(parsed.pathname).toMatch(/^(image\/(png|gif|jpeg|webp)|video\/|audio\/)/i);
        } else {
          expect(allowed.has(parsed.protocol)).toBe(true);
        }
      }),
      { numRuns: 2000 },
    );
  });
});
