/**
 * The newsletter's rules with no browser and no server: the campaign dialog opens by itself on
 * exactly one page view and never once dismissed or subscribed; subscribing checks the e-mail
 * before any call and sends it normalised; link tokens of the wrong shape never reach the shop.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ConfirmNewsletter,
  NEWSLETTER_POPUP_TRIGGER_DEFAULT,
  NEW_CAMPAIGN_STATE,
  SubscribeToNewsletter,
  UnsubscribeFromNewsletter,
  asksForCampaign,
  isNewsletterToken,
  QUIET_PATHS,
  markDismissed,
  markSubscribed,
  opensByItself,
  popupTriggerOf,
  recordPageView,
  type CampaignState,
  type NewsletterGateway,
  type SubscriptionSource,
} from '../../../core/newsletter';

const viewsUntil = (state: CampaignState, views: number): CampaignState[] => {
  const seen: CampaignState[] = [];
  let s = state;
  for (let i = 0; i < views; i += 1) {
    s = recordPageView(s);
    seen.push(s);
  }
  return seen;
};

class RecordingGateway implements NewsletterGateway {
  readonly calls: string[] = [];
  subscribe(email: string, source: SubscriptionSource) {
    this.calls.push(`subscribe ${email} ${source}`);
    return Promise.resolve({ kind: 'pending' } as const);
  }
  confirm(token: string) {
    this.calls.push(`confirm ${token}`);
    return Promise.resolve({ kind: 'done', email: 'a@b.co' } as const);
  }
  unsubscribe(token: string) {
    this.calls.push(`unsubscribe ${token}`);
    return Promise.resolve({ kind: 'done', email: 'a@b.co' } as const);
  }
}

describe('the campaign dialog', () => {
  const paths = fc.constantFrom('/en', '/en/products/kitchen-faucets', ...QUIET_PATHS);

  it('first opens by itself on the first view at or after the trigger (default 9) off the quiet pages', () => {
    expect(NEWSLETTER_POPUP_TRIGGER_DEFAULT).toBe(9);
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.array(paths, { maxLength: 45 }),
        (trigger, visited) => {
          const states = viewsUntil(NEW_CAMPAIGN_STATE, visited.length);
          const first = states.findIndex((s, i) => opensByItself(s, trigger, visited[i] ?? ''));
          const expected = visited.findIndex(
            (p, i) => i + 1 >= trigger && !QUIET_PATHS.includes(p),
          );
          expect(first).toBe(expected);
        },
      ),
    );
  });

  it('never opens by itself once dismissed or subscribed, nor with a trigger of 0 or less', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -5, max: 40 }),
        fc.boolean(),
        fc.boolean(),
        fc.integer({ min: 0, max: 60 }),
        paths,
        (trigger, dismissed, subscribed, views, path) => {
          const start = { pageViews: 0, dismissed, subscribed };
          const any = viewsUntil(start, views).some((s) => opensByItself(s, trigger, path));
          if (dismissed || subscribed || trigger <= 0) expect(any).toBe(false);
        },
      ),
    );
  });

  it('stays shut after markDismissed or markSubscribed, whatever the count', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 }), (views) => {
        const open = { pageViews: views, dismissed: false, subscribed: false };
        expect(opensByItself(markDismissed(open), 1, '/en')).toBe(false);
        expect(opensByItself(markSubscribed(open), 1, '/en')).toBe(false);
        expect(opensByItself(open, 1, '/en')).toBe(views >= 1);
      }),
    );
  });

  it('answers the #newsletter hash whatever its case, and no other', () => {
    expect(asksForCampaign('#newsletter')).toBe(true);
    expect(asksForCampaign('#NewsLetter')).toBe(true);
    fc.assert(
      fc.property(fc.string(), (hash) => {
        if (hash.toLowerCase() !== '#newsletter') expect(asksForCampaign(hash)).toBe(false);
      }),
    );
  });
});

describe('subscribing', () => {
  it('refuses a malformed e-mail without a call, naming the field', async () => {
    const gateway = new RecordingGateway();
    const answer = await new SubscribeToNewsletter(gateway).execute('not an email', 'page');
    expect(answer).toMatchObject({ kind: 'invalid', field: 'email' });
    expect(gateway.calls).toEqual([]);
    expect(await new SubscribeToNewsletter(gateway).execute('   ', 'page')).toMatchObject({
      kind: 'invalid',
      field: 'email',
    });
  });

  it('sends the e-mail trimmed and lower-cased, with its source', async () => {
    const gateway = new RecordingGateway();
    const answer = await new SubscribeToNewsletter(gateway).execute(
      '  Ana.Diaz@Example.COM ',
      'campaign',
    );
    expect(answer).toEqual({ kind: 'pending' });
    expect(gateway.calls).toEqual(['subscribe ana.diaz@example.com campaign']);
  });
});

describe('link tokens', () => {
  const token = fc
    .array(fc.constantFrom(...'ABCXYZabcxyz0189-_'.split('')), { minLength: 43, maxLength: 43 })
    .map((c) => c.join(''));

  it('reach the shop only when shaped like a minted token', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(token, fc.string({ maxLength: 60 })), async (value) => {
        const gateway = new RecordingGateway();
        const confirmed = await new ConfirmNewsletter(gateway).execute(value);
        const left = await new UnsubscribeFromNewsletter(gateway).execute(value);
        if (isNewsletterToken(value)) {
          expect(gateway.calls).toEqual([`confirm ${value}`, `unsubscribe ${value}`]);
        } else {
          expect(confirmed).toEqual({ kind: 'invalid-link' });
          expect(left).toEqual({ kind: 'invalid-link' });
          expect(gateway.calls).toEqual([]);
        }
      }),
    );
  });
});

describe('the configured trigger', () => {
  it('is the configured whole number, else the default 9', () => {
    fc.assert(
      fc.property(fc.anything(), (configured) => {
        const trigger = popupTriggerOf(configured);
        if (typeof configured === 'number' && Number.isSafeInteger(configured)) {
          expect(trigger).toBe(configured);
        } else expect(trigger).toBe(NEWSLETTER_POPUP_TRIGGER_DEFAULT);
      }),
    );
  });
});
