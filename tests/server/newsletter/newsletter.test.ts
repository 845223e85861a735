/**
 * The newsletter over HTTP on a real test server (docs/api.md "Newsletter"): double opt-in through
 * the outbox, 'Email address already subscribed' for a confirmed address, links that expire, are
 * replaced or die on unsubscribe, an unsubscribe link in every e-mail, the sign-up form's box, and
 * never a 500 under fuzzed bodies.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
let guest: string;

beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(
    `${server.api}/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
    {
      method: 'POST',
    },
  );
  guest = ((await res.json()) as { access_token: string }).access_token;
});
afterAll(() => server.dispose());

interface Answer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

const post = async (path: string, body: unknown, token: string | null = guest): Promise<Answer> => {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${server.api}${path}`, {
    method: 'POST',
    headers,
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text === '' ? {} : (JSON.parse(text) as Answer['body']) };
};

interface Mail {
  readonly subject: string;
  readonly text: string;
}

const mailsTo = async (email: string): Promise<Mail[]> => {
  const res = await fetch(`${server.api}/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
};

const linkOf = (mail: Mail | undefined, param: 'confirm' | 'unsubscribe'): string => {
  const match = new RegExp(`/en/newsletter\\?${param}=([A-Za-z0-9_-]{43})`).exec(mail?.text ?? '');
  expect(match, `${param} link in ${mail?.subject ?? 'no mail'}`).not.toBeNull();
  return match?.[1] ?? '';
};

const subscribe = (email: string, source?: string) =>
  post('/crm/newsletter/subscription', source === undefined ? { email } : { email, source });
const confirm = (token: string) => post('/crm/newsletter/confirmation', { token });
const unsubscribe = (token: string) => post('/crm/newsletter/unsubscription', { token });

const fresh = () => `reader-${randomUUID()}@example.com`;

describe('newsletter double opt-in', () => {
  it('mails a confirmation link; the address is subscribed only once it is followed', async () => {
    const email = fresh();
    expect(await subscribe(`  ${email.toUpperCase()} `)).toEqual({
      status: 202,
      body: { status: 'pending' },
    });
    const [confirmation] = await mailsTo(email);
    expect(confirmation?.subject).toBe('Confirm your Lavabo newsletter subscription');
    linkOf(confirmation, 'unsubscribe');
    // Not subscribed yet: asking again mails a new link, and the first one stops working.
    expect((await subscribe(email)).status).toBe(202);
    const [second] = await mailsTo(email);
    const oldToken = linkOf(confirmation, 'confirm');
    const newToken = linkOf(second, 'confirm');
    expect(newToken).not.toBe(oldToken);
    expect((await confirm(oldToken)).status).toBe(404);

    expect(await confirm(newToken)).toEqual({
      status: 200,
      body: { email, status: 'confirmed' },
    });
    const afterConfirm = await mailsTo(email);
    expect(afterConfirm[0]?.subject).toBe('Welcome to the Lavabo newsletter');
    linkOf(afterConfirm[0], 'unsubscribe');
    // Following the link again says so and mails nothing more.
    expect((await confirm(newToken)).body).toEqual({ email, status: 'confirmed' });
    expect(await mailsTo(email)).toHaveLength(afterConfirm.length);

    const again = await subscribe(email, 'campaign');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Email address already subscribed');
    expect(again.body.errors).toEqual([{ code: 'AlreadySubscribed', field: 'email' }]);
    expect(await mailsTo(email)).toHaveLength(afterConfirm.length);
  });

  it('unsubscribes with the link of any e-mail, kills the confirmation link, and allows a new start', async () => {
    const email = fresh();
    await subscribe(email, 'page');
    const [confirmation] = await mailsTo(email);
    const token = linkOf(confirmation, 'confirm');
    await confirm(token);
    const [welcome] = await mailsTo(email);
    const leave = linkOf(welcome, 'unsubscribe');
    // Every e-mail carries the same unsubscribe link.
    expect(linkOf(confirmation, 'unsubscribe')).toBe(leave);

    expect(await unsubscribe(leave)).toEqual({
      status: 200,
      body: { email, status: 'unsubscribed' },
    });
    expect((await unsubscribe(leave)).status).toBe(200);
    expect((await confirm(token)).status).toBe(404);
    expect((await subscribe(email)).status).toBe(202);
  });

  it('refuses tokens of the wrong shape with 400 and unknown ones with 404', async () => {
    for (const path of ['/crm/newsletter/confirmation', '/crm/newsletter/unsubscription']) {
      const shape = await post(path, { token: 'short' });
      expect(shape.status).toBe(400);
      expect(shape.body.errors).toMatchObject([{ field: 'token' }]);
      const unknown = await post(path, { token: 'A'.repeat(43) });
      expect(unknown.status).toBe(404);
      expect(unknown.body.errors).toEqual([{ code: 'InvalidLink', field: 'token' }]);
    }
  });

  it('names the bad field, and needs a bearer token', async () => {
    const bad = await subscribe('not-an-email');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject([{ field: 'email' }]);
    const source = await subscribe(fresh(), 'fax');
    expect(source.status).toBe(400);
    expect(source.body.errors).toMatchObject([{ field: 'source' }]);
    expect((await post('/crm/newsletter/subscription', { email: fresh() }, null)).status).toBe(401);
  });

  it('sends the sign-up form’s box through the same double opt-in', async () => {
    const email = fresh();
    const signUp = await post('/customer/signup', {
      email,
      password: 'Sturdy-Tap-2026!',
      firstName: 'Jo',
      lastName: 'Reader',
      accountType: 'homeowner',
      newsletter: true,
    });
    expect(signUp.status).toBe(202);
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toContain('Confirm your Lavabo newsletter subscription');
    const quiet = fresh();
    await post('/customer/signup', {
      email: quiet,
      password: 'Sturdy-Tap-2026!',
      firstName: 'Jo',
      lastName: 'Quiet',
      accountType: 'homeowner',
      newsletter: false,
    });
    expect((await mailsTo(quiet)).map((m) => m.subject)).not.toContain(
      'Confirm your Lavabo newsletter subscription',
    );
  });

  it('never answers 5xx to fuzzed bodies', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          '/crm/newsletter/subscription',
          '/crm/newsletter/confirmation',
          '/crm/newsletter/unsubscription',
        ),
        fc.oneof(
          fc.json(),
          fc.record({ email: fc.anything(), source: fc.anything() }, { requiredKeys: [] }),
          fc.record({ token: fc.oneof(fc.string(), fc.anything()) }),
        ),
        async (path, body) => {
          const answer = await post(path, typeof body === 'string' ? body : body);
          expect(answer.status, JSON.stringify(body)).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
