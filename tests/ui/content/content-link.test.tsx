/**
 * Links and images from content models (ui/content/content-link.tsx): the spec §5 safe-link rule
 * decides what is drawn, in-app paths become router links, other sites get rel="noopener".
 * The properties read every drawn link with the WHATWG URL parser, as a browser would.
 */
import { cleanup, render } from '@testing-library/react';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import {
  ContentImageView,
  ContentLinkView,
  isAppPath,
  safeHref,
} from '../../../ui/content/content-link';

afterEach(cleanup);

const PAGE = 'https://shop.test/en/kitchen';
const ORIGIN = new URL(PAGE).origin;
const SAFE_PROTOCOLS = ['http:', 'https:', 'mailto:', 'ftp:', 'tel:', 'file:', 'sms:'];
const SAFE_DATA =
  /^data:(image\/(png|gif|jpeg|webp)|video\/(mpeg|mp4|ogg|webm)|audio\/(mp3|oga|ogg|opus));base64,/i;

/** Where a browser on PAGE would go for this href; null when it is not a URL at all. */
const resolve = (href: string): URL | null => {
  try {
    return new URL(href, PAGE);
  } catch {
    return null;
  }
};

const drawn = (href: string) => {
  const view = render(
    <MemoryRouter initialEntries={['/en/kitchen']}>
      <ContentLinkView link={{ label: 'Go', href }} />
    </MemoryRouter>,
  );
  const anchor = view.container.querySelector('a');
  view.unmount();
  return anchor;
};

/** Strings made of the pieces links are attacked with, and of any characters at all. */
const PIECES = [
  'javascript',
  'JaVaScRiPt',
  'vbscript',
  'data',
  'script',
  'http',
  'https',
  'mailto',
  'tel',
  ':',
  '/',
  '\\',
  '//',
  '/\\',
  '\\/',
  '?',
  '#',
  '&',
  '&colon;',
  '%3a',
  '\t',
  '\n',
  '\r',
  ' ',
  '\u0000',
  '\u001f',
  '\u00a0',
  '\u2028',
  'image/png',
  'image/svg+xml',
  'text/html',
  ';base64,',
  'QUJD',
  ',',
  'evil.com',
  '@',
  'en',
  '.',
] as const;
const hrefs = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 8 }).map((p) => p.join('')),
  fc.string({ unit: 'binary', maxLength: 30 }),
);

/** 'javascript:' with its letters in any case, tabs or newlines inside and blanks before it. */
const javascriptScheme = fc
  .tuple(
    fc.array(fc.constantFrom(' ', '\t', '\n', '\r', '\u0000', '\u0001', '\u001f'), {
      maxLength: 4,
    }),
    fc.array(fc.tuple(fc.boolean(), fc.constantFrom('', '\t', '\n', '\r')), {
      minLength: 10,
      maxLength: 10,
    }),
    fc.string({ maxLength: 20 }),
  )
  .map(
    ([lead, letters, payload]) =>
      lead.join('') +
      [...'javascript']
        .map((c, i) => {
          const [upper, gap] = letters[i] ?? [false, ''];
          return (upper ? c.toUpperCase() : c) + gap;
        })
        .join('') +
      `:${payload}`,
  );

describe('content links', () => {
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'jav&#x09;ascript:alert(1)',
    '',
    '   ',
  ])('draws nothing for %j', (href) => {
    expect(safeHref(href)).toBeNull();
    expect(drawn(href)).toBeNull();
  });

  it('draws an in-app path as a router link and other sites with rel="noopener noreferrer"', () => {
    const cases: [string, string, string | null][] = [
      ['/en/bathroom', '/en/bathroom', null],
      [' /en/search?keyword=tap#top ', '/en/search?keyword=tap#top', null],
      ['https://example.com/a', 'https://example.com/a', 'noopener noreferrer'],
      ['//example.com/a', '//example.com/a', 'noopener noreferrer'],
      // Browsers read '/\host' as '//host': it leaves the site, it is no in-app path.
      ['/\\example.com/a', '/\\example.com/a', 'noopener noreferrer'],
      ['http:example.com', 'http:example.com', 'noopener noreferrer'],
      ['mailto:help@lavabo.test', 'mailto:help@lavabo.test', null],
      ['tel:+15550100', 'tel:+15550100', null],
    ];
    for (const [href, expected, rel] of cases) {
      const anchor = drawn(href);
      expect(anchor?.getAttribute('href'), href).toBe(expected);
      expect(anchor?.getAttribute('rel') ?? null, href).toBe(rel);
      expect(anchor?.textContent).toBe('Go');
    }
    expect(isAppPath('/en/kitchen')).toBe(true);
    expect(isAppPath('/\\example.com')).toBe(false);
    expect(isAppPath('//example.com')).toBe(false);
  });

  it('draws no image whose source is unsafe', () => {
    const image = (src: string) => {
      const view = render(<ContentImageView image={{ src, alt: 'A tap', width: 4, height: 3 }} />);
      const img = view.container.querySelector('img');
      view.unmount();
      return img;
    };
    expect(image('javascript:alert(1)')).toBeNull();
    expect(image('data:image/svg+xml;base64,PHN2Zz4=')).toBeNull();
    expect(image('/images/content/tap.svg')?.getAttribute('src')).toBe('/images/content/tap.svg');
    expect(image('/images/content/tap.svg')?.getAttribute('alt')).toBe('A tap');
  });

  it('never lets a javascript: link through, however it is written', () => {
    fc.assert(
      fc.property(javascriptScheme, (href) => {
        expect(resolve(href)?.protocol ?? 'javascript:').toBe('javascript:');
        expect(safeHref(href)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('only keeps links a browser reads as a safe scheme, and in-app paths stay on the site', () => {
    fc.assert(
      fc.property(hrefs, (href) => {
        const safe = safeHref(href);
        const url = resolve(href);
        if (safe === null || url === null) return;
        // The browser reads the original and the drawn href alike.
        expect(resolve(safe)?.href).toBe(url.href);
        if (url.protocol === 'data:') expect(safe).toMatch(SAFE_DATA);
        else expect(SAFE_PROTOCOLS).toContain(url.protocol);
        if (isAppPath(safe)) expect(url.origin).toBe(ORIGIN);
      }),
      { numRuns: 3000 },
    );
  });

  it('draws each link to where the browser would go, marking any other site', () => {
    fc.assert(
      fc.property(hrefs, (href) => {
        const anchor = drawn(href);
        const safe = safeHref(href);
        expect(anchor === null).toBe(safe === null);
        if (anchor === null) return;
        const url = resolve(anchor.getAttribute('href') ?? '');
        if (url === null) return;
        expect([...SAFE_PROTOCOLS, 'data:']).toContain(url.protocol);
        const leaves = url.protocol.startsWith('http') && url.origin !== ORIGIN;
        if (leaves) expect(anchor.getAttribute('rel')).toBe('noopener noreferrer');
      }),
      { numRuns: 150 },
    );
  });
});
