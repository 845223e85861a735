/**
 * The operator's site notices: live between their dates (a bad date is never live), the promo once
 * per visit and never on the quiet pages or over a #newsletter dialog, the warning until dismissed,
 * and only safe links.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { QUIET_PATHS } from '../../../core/newsletter/campaign';
import {
  isNoticeLive,
  noticeLink,
  promoToShow,
  warningToShow,
  type SiteNotice,
} from '../../../core/content/site-notices';

const T0 = Date.UTC(2026, 10, 27, 12);
const iso = (t: number) => new Date(t).toISOString();
const notice = (over: Partial<SiteNotice> = {}): SiteNotice => ({
  id: 'promo-1',
  text: 'Take 15 % off kitchen lines with KITCHEN15.',
  ...over,
});

describe('isNoticeLive', () => {
  it('is live exactly from startsAt (inclusive) until endsAt (exclusive)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: -1e9, max: 1e9 })),
        fc.option(fc.integer({ min: -1e9, max: 1e9 })),
        fc.integer({ min: -2e9, max: 2e9 }),
        (from, until, offset) => {
          const now = T0 + offset;
          const n = notice({
            ...(from === null ? {} : { startsAt: iso(T0 + from) }),
            ...(until === null ? {} : { endsAt: iso(T0 + until) }),
          });
          const expected =
            (from === null || now >= T0 + from) && (until === null || now < T0 + until);
          expect(isNoticeLive(n, now)).toBe(expected);
        },
      ),
    );
  });

  it('is never live with a date that does not parse', () => {
    expect(isNoticeLive(notice({ startsAt: 'next monday' }), T0)).toBe(false);
    expect(isNoticeLive(notice({ endsAt: '2026-13-45' }), T0)).toBe(false);
  });
});

describe('promoToShow', () => {
  const context = { now: T0, pathname: '/en', hash: '', seen: [] as string[] };

  it('shows a live promo once per visit, off the quiet pages and not over #newsletter', () => {
    const promo = notice();
    expect(promoToShow(promo, context)).toBe(promo);
    expect(promoToShow(promo, { ...context, seen: ['promo-1'] })).toBeNull();
    expect(promoToShow(promo, { ...context, seen: ['promo-0'] })).toBe(promo);
    for (const pathname of QUIET_PATHS)
      expect(promoToShow(promo, { ...context, pathname })).toBeNull();
    expect(promoToShow(promo, { ...context, hash: '#newsletter' })).toBeNull();
    expect(promoToShow(notice({ text: '  ' }), context)).toBeNull();
    expect(promoToShow(null, context)).toBeNull();
    expect(promoToShow(undefined, context)).toBeNull();
    expect(promoToShow(notice({ endsAt: iso(T0) }), context)).toBeNull();
  });

  it('shows the warning until its id is dismissed', () => {
    const warning = notice({ id: 'w-1' });
    expect(warningToShow(warning, T0, [])).toBe(warning);
    expect(warningToShow(warning, T0, ['w-1'])).toBeNull();
    expect(warningToShow(warning, T0, ['promo-1'])).toBe(warning);
  });
});

describe('noticeLink', () => {
  it('keeps safe links with a label and drops the rest', () => {
    expect(noticeLink(notice({ link: { label: 'Shop kitchen', href: '/en/kitchen' } }))).toEqual({
      label: 'Shop kitchen',
      href: '/en/kitchen',
    });
    expect(noticeLink(notice({ link: { label: 'x', href: 'javascript:alert(1)' } }))).toBeNull();
    expect(noticeLink(notice({ link: { label: ' ', href: '/en' } }))).toBeNull();
    expect(noticeLink(notice())).toBeNull();
  });
});
