/**
 * The newsletter's adapters hold one contract (docs/api.md "Newsletter"), run through the
 * container the storefront uses on both families: the HTTP gateway against the real server (its
 * links read from the server's outbox) and the offline demo's fake (from its in-tab outbox).
 */
import { randomUUID } from 'node:crypto';
import type { Container } from 'inversify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EnsureSession } from '../../../core/auth/ensure-session';
import type { NewsletterGateway } from '../../../core/newsletter/ports';
import {
  ALREADY_SUBSCRIBED_MESSAGE,
  type ConfirmNewsletter,
  type SubscribeToNewsletter,
  type UnsubscribeFromNewsletter,
} from '../../../core/newsletter/subscribe';
import { createContainer, type AdapterMode } from '../../../adapters/di/container';
import { defaultAppConfig, TYPES } from '../../../adapters/di/types';
import { FakeNewsletterGateway } from '../../../adapters/fake/newsletter/fake-newsletter-gateway';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import { startTestServer, type TestServer } from '../../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.dispose());

const tab = (mode: AdapterMode): Container =>
  createContainer({
    mode,
    config: { ...defaultAppConfig, apiBaseUrl: server.api },
    storage: new MemoryStorage(),
    sessionStorage: new MemoryStorage(),
  });

/** The links of the newest newsletter e-mail to `email` that has them. */
const linksTo = async (c: Container, mode: AdapterMode, email: string) => {
  if (mode === 'fake') {
    const fake = c.get<NewsletterGateway>(TYPES.NewsletterGateway);
    if (!(fake instanceof FakeNewsletterGateway)) throw new Error('not the fake');
    const mail = fake.outbox.find((m) => m.to === email);
    return { confirm: mail?.confirmLink ?? '', unsubscribe: mail?.unsubscribeLink ?? '' };
  }
  const res = await fetch(`${server.api}/dev/outbox?to=${encodeURIComponent(email)}`);
  const { messages } = (await res.json()) as { messages: { text: string }[] };
  const text = messages.find((m) => m.text.includes('?confirm='))?.text ?? '';
  return {
    confirm: /\/en\/newsletter\?confirm=\S+/.exec(text)?.[0] ?? '',
    unsubscribe: /\/en\/newsletter\?unsubscribe=\S+/.exec(text)?.[0] ?? '',
  };
};

const tokenOf = (link: string): string => link.split('=')[1] ?? '';

describe.each<AdapterMode>(['http', 'fake'])('newsletter adapters (%s)', (mode) => {
  it('subscribe, confirm, already subscribed, unsubscribe, dead links', async () => {
    const c = tab(mode);
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const subscribe = c.get<SubscribeToNewsletter>(TYPES.SubscribeToNewsletter);
    const confirm = c.get<ConfirmNewsletter>(TYPES.ConfirmNewsletter);
    const unsubscribe = c.get<UnsubscribeFromNewsletter>(TYPES.UnsubscribeFromNewsletter);
    const email = `contract-${randomUUID()}@example.com`;

    expect(await subscribe.execute(email, 'page')).toEqual({ kind: 'pending' });
    const links = await linksTo(c, mode, email);
    expect(links.confirm).toMatch(/^\/en\/newsletter\?confirm=[A-Za-z0-9_-]{43}$/);
    expect(await confirm.execute(tokenOf(links.confirm))).toEqual({ kind: 'done', email });
    expect(await subscribe.execute(email.toUpperCase(), 'campaign')).toEqual({
      kind: 'already-subscribed',
      message: ALREADY_SUBSCRIBED_MESSAGE,
    });
    expect(await unsubscribe.execute(tokenOf(links.unsubscribe))).toEqual({ kind: 'done', email });
    expect(await confirm.execute(tokenOf(links.confirm))).toEqual({ kind: 'invalid-link' });
    expect(await unsubscribe.execute('A'.repeat(43))).toEqual({ kind: 'invalid-link' });
  });

  it('names the e-mail field when the address is refused', async () => {
    const c = tab(mode);
    await c.get<EnsureSession>(TYPES.EnsureSession).execute();
    const gateway = c.get<NewsletterGateway>(TYPES.NewsletterGateway);
    if (mode === 'http') {
      // Past the use case's own check: the server's answer is mapped, not thrown.
      expect(await gateway.subscribe('no-at-sign', 'page')).toMatchObject({
        kind: 'invalid',
        field: 'email',
      });
    }
    const subscribe = c.get<SubscribeToNewsletter>(TYPES.SubscribeToNewsletter);
    expect(await subscribe.execute('no-at-sign', 'page')).toMatchObject({
      kind: 'invalid',
      field: 'email',
    });
  });
});
