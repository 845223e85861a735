import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_USER_MENU,
  legalLinksOf,
  menuLinksFor,
  usableLinks,
} from '../../../core/content/configured-links';
import { isSameOriginPath } from '../../../core/validation/safe-redirect';

const label = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,12}$/);
const href = fc.oneof(
  fc.stringMatching(/^\/en(\/[a-z-]{1,8}){0,3}$/),
  fc.constantFrom(
    'https://example.com/terms',
    'javascript:alert(1)',
    '//evil.example/',
    '/\\evil.example',
    'data:text/html,x',
    '',
    'mailto:x@y.z',
  ),
);
const link = fc.record({ label: fc.oneof(label, fc.constant('  ')), href });

describe('configured links (spec §3 legalPageLinks, menu fragments)', () => {
  it('keep exactly the labelled site paths and http(s) addresses, in order', () => {
    fc.assert(
      fc.property(fc.array(link, { maxLength: 8 }), (links) => {
        const kept = usableLinks(links);
        const expected = links.filter(
          (l) =>
            l.label.trim() !== '' && (isSameOriginPath(l.href) || l.href.startsWith('https://')),
        );
        expect(kept.map((l) => l.href)).toEqual(expected.map((l) => l.href));
        expect(legalLinksOf({ legalPageLinks: links })).toEqual(kept);
      }),
    );
  });

  it('a guest gets the guest fragment (maybe none); a user the user fragment, else the pinned menu', () => {
    fc.assert(
      fc.property(
        fc.array(link, { maxLength: 5 }),
        fc.array(link, { maxLength: 5 }),
        (user, guest) => {
          const configuration = { menuFragments: { user, guest } };
          expect(menuLinksFor(configuration, false)).toEqual(usableLinks(guest));
          const usable = usableLinks(user);
          expect(menuLinksFor(configuration, true)).toEqual(
            usable.length > 0 ? usable : DEFAULT_USER_MENU,
          );
        },
      ),
    );
    expect(menuLinksFor({}, true)).toEqual(DEFAULT_USER_MENU);
    expect(menuLinksFor({}, false)).toEqual([]);
  });
});
