/**
 * NewsletterService on a real database with a manual clock: confirmation links expire after
 * 7 days, and any sequence of subscribe / follow-a-link / unsubscribe leaves the address in the
 * state a small model predicts, with a confirmation e-mail exactly when the model sends one.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../../core/shared/clock';
import type { Database } from '../../../server/db/database';
import { migrate } from '../../../server/db/migrate';
import { listOutbox } from '../../../server/identity/outbox';
import {
  CONFIRM_LINK_TTL_MS,
  CONFIRM_SUBJECT,
  NewsletterService,
} from '../../../server/newsletter/newsletter-service';
import { openEmptyTestDatabase } from '../../support/test-database';

let db: Database;
const clock = new ManualClock(Date.UTC(2026, 10, 1, 9, 0, 0));
let service: NewsletterService;

beforeAll(async () => {
  db = await openEmptyTestDatabase();
  await migrate(db);
  service = new NewsletterService(db, new Uint8Array(randomBytes(32)), { clock });
});
afterAll(() => db.close());

/** The token of the newest confirmation e-mail. */
const tokenIn = async (email: string): Promise<string> => {
  const mail = (await listOutbox(db, { to: email })).find((m) => m.subject === CONFIRM_SUBJECT);
  return /\?confirm=([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1] ?? '';
};

let n = 0;
const fresh = () => `model-${(n += 1)}@example.com`;

describe('NewsletterService', () => {
  it('lets a confirmation link expire after 7 days', async () => {
    const email = fresh();
    await service.subscribe(email, 'page');
    const token = await tokenIn(email);
    clock.advance(CONFIRM_LINK_TTL_MS + 1);
    expect(await service.confirm(token)).toBeNull();
    expect(await service.status(email)).toBe('pending');
    await service.subscribe(email, 'page');
    expect(await service.confirm(await tokenIn(email))).toBe(email);
  });

  type Step = 'subscribe' | 'confirm-latest' | 'confirm-first' | 'unsubscribe';

  it('follows the model for any sequence of steps', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.constantFrom<Step>('subscribe', 'confirm-latest', 'confirm-first', 'unsubscribe'),
          {
            maxLength: 8,
          },
        ),
        async (steps) => {
          const email = fresh();
          let model: 'none' | 'pending' | 'confirmed' | 'unsubscribed' = 'none';
          let first: string | null = null;
          let mails = 0;
          for (const step of steps) {
            if (step === 'subscribe') {
              const outcome = await service.subscribe(email, 'campaign');
              expect(outcome).toBe(model === 'confirmed' ? 'already-subscribed' : 'pending');
              if (model !== 'confirmed') {
                model = 'pending';
                mails += 1;
                first ??= await tokenIn(email);
              }
            } else if (step === 'unsubscribe') {
              const answer = await service.unsubscribe(service.unsubscribeToken(email));
              expect(answer).toBe(model === 'none' ? null : email);
              if (model !== 'none') model = 'unsubscribed';
            } else {
              const token = step === 'confirm-first' ? first : await tokenIn(email);
              if (token === null || token === '') continue;
              const latest = await tokenIn(email);
              const works = (model === 'pending' || model === 'confirmed') && token === latest;
              expect(await service.confirm(token)).toBe(works ? email : null);
              if (works) model = 'confirmed';
            }
            expect(await service.status(email)).toBe(model === 'none' ? null : model);
          }
          const sent = (await listOutbox(db, { to: email })).filter(
            (m) => m.subject === CONFIRM_SUBJECT,
          );
          expect(sent).toHaveLength(mails);
        },
      ),
      { numRuns: 40 },
    );
  });
});
