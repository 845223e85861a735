/**
 * The newsletter's screens in jsdom over the demo's container with a scripted gateway: the form
 * (the e-mail rule before any call, the §8 message on the field, "check your inbox", a failure with
 * a way forward), the links of its e-mails on the newsletter page (confirm at once; unsubscribe
 * only on a click), and the campaign dialog's host (the trigger, the quiet pages, `#newsletter`,
 * dismissal kept).
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider, useLocation, Link } from 'react-router';
import { MemoryStorage } from '../../../adapters/storage/memory-storage';
import {
  CAMPAIGN_KEY,
  CAMPAIGN_VIEWS_KEY,
} from '../../../adapters/storage/web-storage-campaign-store';
import type {
  NewsletterGateway,
  SubscribeAnswer,
  SubscriptionSource,
  TokenAnswer,
} from '../../../core/newsletter/ports';
import { ALREADY_SUBSCRIBED_MESSAGE } from '../../../core/newsletter/subscribe';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import { ContainerProvider } from '../../../ui/app/container-context';
import NewsletterCampaign from '../../../ui/newsletter/newsletter-campaign';
import { NewsletterSignup } from '../../../ui/newsletter/newsletter-signup';
import { testContainer } from '../support/test-container';

afterEach(cleanup);

const TOKEN = 'T'.repeat(43);

class ScriptedGateway implements NewsletterGateway {
  readonly calls: string[] = [];
  subscribeAnswer: SubscribeAnswer | Error = { kind: 'pending' };
  tokenAnswer: TokenAnswer | Error = { kind: 'done', email: 'ana@example.com' };

  subscribe(email: string, source: SubscriptionSource): Promise<SubscribeAnswer> {
    this.calls.push(`subscribe ${email} ${source}`);
    const a = this.subscribeAnswer;
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
  }
  confirm(token: string): Promise<TokenAnswer> {
    this.calls.push(`confirm ${token}`);
    const a = this.tokenAnswer;
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
  }
  unsubscribe(token: string): Promise<TokenAnswer> {
    this.calls.push(`unsubscribe ${token}`);
    const a = this.tokenAnswer;
    return a instanceof Error ? Promise.reject(a) : Promise.resolve(a);
  }
}

const Where = () => {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}${l.hash}`}</p>;
};

const renderAt = (
  url: string,
  options: {
    gateway?: ScriptedGateway;
    storage?: Storage;
    session?: Storage;
    trigger?: number;
  } = {},
) => {
  const gateway = options.gateway ?? new ScriptedGateway();
  const storage = options.storage ?? new MemoryStorage();
  const session = options.session ?? new MemoryStorage();
  const container = testContainer({
    storage,
    sessionStorage: session,
    overrides: {
      NewsletterGateway: gateway,
      ConfigurationGateway: {
        load: () =>
          Promise.resolve({
            ...DEFAULT_CONFIGURATION,
            newsletterPopupTrigger: options.trigger ?? 9,
          }),
      },
    },
  });
  const Shell = () => (
    <>
      <Where />
      <nav>
        <Link to="/en/kitchen">Kitchen</Link> <Link to="/en/checkout">Checkout</Link>
      </nav>
      <NewsletterCampaign />
    </>
  );
  const router = createMemoryRouter(
    [
      {
        path: '/en/newsletter',
        element: (
          <>
            <Shell />
            <NewsletterSignup />
          </>
        ),
      },
      { path: '*', element: <Shell /> },
    ],
    { initialEntries: [url] },
  );
  render(
    <ContainerProvider container={container}>
      <RouterProvider router={router} />
    </ContainerProvider>,
  );
  return { gateway, storage, session, router };
};

/** The text an element's aria-describedby points at. */
const describedBy = (element: HTMLElement): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const emailField = () => screen.getByLabelText('Email');
const subscribe = () => fireEvent.click(screen.getByRole('button', { name: 'Subscribe' }));

describe('the newsletter form', () => {
  it('refuses a malformed address on the field without a call', async () => {
    const { gateway } = renderAt('/en/newsletter');
    fireEvent.change(emailField(), { target: { value: 'ana@' } });
    subscribe();
    await waitFor(() =>
      expect(emailField()).toSatisfy((e: HTMLElement) => e.getAttribute('aria-invalid') === 'true'),
    );
    expect(describedBy(emailField())).toMatch(/e-?mail/i);
    expect(gateway.calls).toEqual([]);
  });

  it('says to check the inbox, and keeps the campaign from opening by itself', async () => {
    const { gateway, storage } = renderAt('/en/newsletter');
    fireEvent.change(emailField(), { target: { value: ' Ana@Example.com ' } });
    subscribe();
    expect((await screen.findByRole('status')).textContent).toMatch(
      'we sent a link to Ana@Example.com',
    );
    expect(gateway.calls).toEqual(['subscribe ana@example.com page']);
    expect(JSON.parse(storage.getItem(CAMPAIGN_KEY) ?? '{}')).toMatchObject({ subscribed: true });
    fireEvent.click(screen.getByRole('button', { name: 'Use another address' }));
    expect(emailField()).toBeTruthy();
  });

  it('puts "Email address already subscribed" on the field', async () => {
    const gateway = new ScriptedGateway();
    gateway.subscribeAnswer = { kind: 'already-subscribed', message: ALREADY_SUBSCRIBED_MESSAGE };
    renderAt('/en/newsletter', { gateway });
    fireEvent.change(emailField(), { target: { value: 'ana@example.com' } });
    subscribe();
    await waitFor(() => expect(describedBy(emailField())).toMatch(ALREADY_SUBSCRIBED_MESSAGE));
  });

  it('reports a failed call with a way forward, and lets the shopper try again', async () => {
    const gateway = new ScriptedGateway();
    gateway.subscribeAnswer = new Error('offline');
    renderAt('/en/newsletter', { gateway });
    fireEvent.change(emailField(), { target: { value: 'ana@example.com' } });
    subscribe();
    expect((await screen.findByRole('alert')).textContent).toMatch(
      'Check your connection and try again',
    );
    gateway.subscribeAnswer = { kind: 'pending' };
    subscribe();
    expect(await screen.findByText(/we sent a link/)).toBeTruthy();
    expect(gateway.calls).toHaveLength(2);
  });
});

describe('the links of the newsletter e-mails', () => {
  it('confirms at once and says where the newsletter goes', async () => {
    const { gateway, storage } = renderAt(`/en/newsletter?confirm=${TOKEN}`);
    expect(
      await screen.findByText(
        /You are subscribed\. The next newsletter will come to ana@example\.com/,
      ),
    ).toBeTruthy();
    expect(gateway.calls).toEqual([`confirm ${TOKEN}`]);
    expect(JSON.parse(storage.getItem(CAMPAIGN_KEY) ?? '{}')).toMatchObject({ subscribed: true });
  });

  it('explains a dead confirmation link and offers the form', async () => {
    const gateway = new ScriptedGateway();
    gateway.tokenAnswer = { kind: 'invalid-link' };
    renderAt('/en/newsletter?confirm=mangled', { gateway });
    expect(await screen.findByText(/has expired or was replaced/)).toBeTruthy();
    // A token of the wrong shape never reaches the shop.
    expect(gateway.calls).toEqual([]);
    expect(emailField()).toBeTruthy();
  });

  it('unsubscribes only on a click (a mail scanner opening the link changes nothing)', async () => {
    const { gateway } = renderAt(`/en/newsletter?unsubscribe=${TOKEN}`);
    const button = await screen.findByRole('button', { name: 'Unsubscribe' });
    expect(gateway.calls).toEqual([]);
    fireEvent.click(button);
    expect(await screen.findByText(/You are unsubscribed: ana@example\.com/)).toBeTruthy();
    expect(gateway.calls).toEqual([`unsubscribe ${TOKEN}`]);
  });

  it('offers to try again when the shop cannot be reached', async () => {
    const gateway = new ScriptedGateway();
    gateway.tokenAnswer = new Error('offline');
    renderAt(`/en/newsletter?confirm=${TOKEN}`, { gateway });
    const retry = await screen.findByRole('button', { name: 'Try again' });
    gateway.tokenAnswer = { kind: 'done', email: 'ana@example.com' };
    fireEvent.click(retry);
    expect(await screen.findByText(/You are subscribed/)).toBeTruthy();
  });
});

describe('the campaign dialog', () => {
  const dialog = () => screen.queryByRole('dialog', { name: 'Ideas in your inbox' });

  it('opens by itself at the trigger, not on a quiet page, and never again once closed', async () => {
    const session = new MemoryStorage();
    const storage = new MemoryStorage();
    const { router } = renderAt('/en', { trigger: 3, session, storage });
    await waitFor(() => expect(session.getItem(CAMPAIGN_VIEWS_KEY)).toBe('1'));
    await act(() => router.navigate('/en/checkout'));
    await act(() => router.navigate('/en/checkout'));
    await waitFor(() => expect(session.getItem(CAMPAIGN_VIEWS_KEY)).toBe('2'));
    await act(() => router.navigate('/en/cart'));
    await waitFor(() => expect(session.getItem(CAMPAIGN_VIEWS_KEY)).toBe('3'));
    expect(dialog()).toBeNull();
    await act(() => router.navigate('/en/kitchen'));
    expect(await screen.findByRole('dialog', { name: 'Ideas in your inbox' })).toBeTruthy();
    expect(document.activeElement).toBe(emailField());
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]!);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(JSON.parse(storage.getItem(CAMPAIGN_KEY) ?? '{}')).toMatchObject({ dismissed: true });
    await act(() => router.navigate('/en/bathroom'));
    await waitFor(() => expect(session.getItem(CAMPAIGN_VIEWS_KEY)).toBe('5'));
    expect(dialog()).toBeNull();
  });

  it('opens on #newsletter even once dismissed, subscribes from the dialog, and drops the hash on close', async () => {
    const storage = new MemoryStorage();
    storage.setItem(CAMPAIGN_KEY, JSON.stringify({ dismissed: true, subscribed: false }));
    const { gateway } = renderAt('/en/kitchen#newsletter', { storage });
    expect(await screen.findByRole('dialog', { name: 'Ideas in your inbox' })).toBeTruthy();
    fireEvent.change(emailField(), { target: { value: 'ana@example.com' } });
    subscribe();
    expect(await screen.findByText(/we sent a link/)).toBeTruthy();
    expect(gateway.calls).toEqual(['subscribe ana@example.com campaign']);
    fireEvent.click(screen.getAllByRole('button', { name: 'Close' }).at(-1)!);
    await waitFor(() => expect(dialog()).toBeNull());
    expect(screen.getByTestId('where').textContent).toMatch(/^\/en\/kitchen$/);
  });

  it('stays shut with a trigger of 0', async () => {
    const session = new MemoryStorage();
    session.setItem(CAMPAIGN_VIEWS_KEY, '40');
    renderAt('/en/kitchen', { trigger: 0, session });
    await waitFor(() => expect(session.getItem(CAMPAIGN_VIEWS_KEY)).toBe('41'));
    expect(dialog()).toBeNull();
  });
});
