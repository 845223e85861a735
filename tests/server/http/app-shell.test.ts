// @vitest-environment jsdom
/**
 * The app shell's inline configuration (server/http/app-shell.ts): whatever the configuration
 * holds, the data block parses back to it in a real HTML parser and nothing in it can end the
 * `<script>` element early; the encoding choice honours Accept-Encoding; the page is rendered once
 * per configuration. Pages are parsed by jsdom's HTML parser (DOMParser), as a browser parses them.
 */
import fc from 'fast-check';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { INLINE_CONFIGURATION_ID as ADAPTER_ID } from '../../../adapters/http/content/inline-configuration';
import {
  INLINE_CONFIGURATION_ID,
  jsonForScript,
  renderShell,
  shellCache,
  shellEncoding,
  withInlineConfiguration,
} from '../../../server/http/app-shell';

const SHELL =
  '<!doctype html><html lang="en"><head><title>Lavabo</title></head><body><div id="root"></div></body></html>';

/** Strings rich in the characters and sequences that could break out of a script element. */
const hostileString = fc.oneof(
  fc.string(),
  fc
    .array(
      fc.constantFrom(
        '</script>',
        '</SCRIPT >',
        '<!--',
        '-->',
        '<script>',
        '<',
        '>',
        '&',
        '"',
        '\\',
        '\u2028',
        '\u2029',
        '</head>',
        'a',
        ' ',
      ),
    )
    .map((parts) => parts.join('')),
);

const hostileJson = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(hostileString, tie('value'), { maxKeys: 4, noNullPrototype: true }),
  ),
})).value;

/** The page as a browser parses it: the inline element's text and how many scripts there are. */
const parsed = (html: string) => {
  const document = new DOMParser().parseFromString(html, 'text/html');
  return {
    text: document.getElementById(INLINE_CONFIGURATION_ID)?.textContent ?? null,
    scripts: document.querySelectorAll('script').length,
    root: document.getElementById('root') !== null,
  };
};

describe('the inline configuration', () => {
  it('uses the id the storefront reads', () => {
    expect(INLINE_CONFIGURATION_ID).toBe(ADAPTER_ID);
  });

  it('escapes every < (so no </script> or <!--) and parses back to the same value', () => {
    fc.assert(
      fc.property(hostileJson, (value) => {
        const text = jsonForScript(value);
        expect(text).not.toMatch(/[<>&\u2028\u2029]/);
        expect(JSON.parse(text)).toEqual(value);
      }),
    );
  });

  it('is one script element a browser parses back to the configuration, whatever it holds', () => {
    fc.assert(
      fc.property(hostileJson, (value) => {
        const page = parsed(withInlineConfiguration(SHELL, { general: value }));
        expect(page.scripts).toBe(1);
        expect(page.root).toBe(true);
        expect(JSON.parse(page.text ?? 'undefined')).toEqual({ general: value });
      }),
      { numRuns: 60 },
    );
  });

  it('goes at the end of the head, else of the body, else of the page', () => {
    const script = `<script type="application/json" id="${INLINE_CONFIGURATION_ID}">{"a":1}</script>`;
    expect(withInlineConfiguration('<head><title>x</title></head><body></body>', { a: 1 })).toBe(
      `<head><title>x</title>${script}</head><body></body>`,
    );
    expect(withInlineConfiguration('<body><p>x</p></BODY>', { a: 1 })).toBe(
      `<body><p>x</p>${script}</BODY>`,
    );
    expect(withInlineConfiguration('<p>x</p>', { a: 1 })).toBe(`<p>x</p>${script}`);
  });
});

describe('the shell encoding', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', 'identity'],
    ['BR;Q=0.5', 'br'],
  ] as const)('answers %s with %s', (header, expected) => {
    expect(shellEncoding(header)).toBe(expected);
  });

  it('never picks a coding the header refuses', () => {
    fc.assert(
      fc.property(
        fc.subarray(['br', 'gzip', 'deflate', 'identity', '*']),
        fc.array(fc.constantFrom('', ';q=0', ';q=1', ';q=0.3')),
        (codings, weights) => {
          const header = codings.map((c, i) => `${c}${weights[i] ?? ''}`).join(', ');
          const chosen = shellEncoding(header);
          if (chosen !== 'identity') {
            const named = codings.findIndex((c) => c === chosen);
            const wildcard = codings.indexOf('*');
            const weight = named >= 0 ? weights[named] : weights[wildcard];
            expect(named >= 0 || wildcard >= 0).toBe(true);
            expect(weight).not.toBe(';q=0');
          }
        },
      ),
    );
  });
});

describe('the rendered shell', () => {
  it('holds the same page in every encoding', () => {
    const shell = renderShell(SHELL, { currency: 'USD' });
    const page = shell.bodies.identity.toString('utf8');
    expect(page).toContain('{"currency":"USD"}');
    expect(brotliDecompressSync(shell.bodies.br).toString('utf8')).toBe(page);
    expect(gunzipSync(shell.bodies.gzip).toString('utf8')).toBe(page);
    expect(shell.etag).toMatch(/^W\/"[\w-]+"$/);
    expect(renderShell(SHELL, { currency: 'CAD' }).etag).not.toBe(shell.etag);
  });

  it('is rendered once per configuration, reading index.html once', () => {
    let reads = 0;
    let configuration: unknown = { version: 1 };
    const shell = shellCache(
      () => {
        reads += 1;
        return SHELL;
      },
      () => configuration,
    );
    const first = shell();
    expect(shell()).toBe(first);
    expect(shell()).toBe(first);
    configuration = { version: 2 };
    const second = shell();
    expect(second).not.toBe(first);
    expect(second.bodies.identity.toString('utf8')).toContain('{"version":2}');
    expect(shell()).toBe(second);
    expect(reads).toBe(1);
  });
});
