/**
 * The newsletter page's own part: the outcome of a link from a newsletter e-mail when the page was
 * opened with one, and the sign-up form.
 */
import type { Container } from 'inversify';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { subscribedFromThisBrowser } from './campaign-state';
import { TYPES } from '../../adapters/di/types';
import type { LoadAreas } from '../../adapters/di/areas';
import type { CampaignStore } from '../../core/newsletter/ports';
import type {
  ConfirmNewsletter,
  SubscribeToNewsletter,
  UnsubscribeFromNewsletter,
} from '../../core/newsletter/subscribe';
import { useContainer } from '../app/container-context';
import { NewsletterForm } from './newsletter-form';
import { NewsletterFormModel } from './newsletter-form-model';
import { NewsletterLinkModel, type LinkKind } from './newsletter-link-model';

/** The newsletter area's use cases, once it is loaded (the page's route loads it first). */
const useCase = async <T,>(c: Container, id: symbol): Promise<T> => {
  await c.get<LoadAreas>(TYPES.LoadAreas)(['newsletter']);
  return c.get<T>(id);
};

export const newsletterFormModel = (
  c: Container,
  source: 'page' | 'campaign',
  onSent: () => void = () => undefined,
): NewsletterFormModel =>
  new NewsletterFormModel(
    () => useCase<SubscribeToNewsletter>(c, TYPES.SubscribeToNewsletter),
    source,
    () => {
      subscribedFromThisBrowser(c.get<CampaignStore>(TYPES.CampaignStore));
      onSent();
    },
  );

const linkModel = (c: Container, kind: LinkKind, token: string): NewsletterLinkModel =>
  new NewsletterLinkModel(
    kind,
    token,
    async (k, t) =>
      k === 'confirm'
        ? (await useCase<ConfirmNewsletter>(c, TYPES.ConfirmNewsletter)).execute(t)
        : (await useCase<UnsubscribeFromNewsletter>(c, TYPES.UnsubscribeFromNewsletter)).execute(t),
    (k) => {
      if (k === 'confirm') subscribedFromThisBrowser(c.get<CampaignStore>(TYPES.CampaignStore));
    },
  );

const LinkOutcome = observer(({ link }: { link: NewsletterLinkModel }) => {
  useEffect(() => {
    if (link.kind === 'confirm') void link.run();
  }, [link]);
  const problem = link.status === 'invalid' || link.status === 'failed';
  const confirm = link.kind === 'confirm';
  return (
    <section
      className={`newsletter-link-outcome${problem ? ' newsletter-link-outcome--problem' : ''}`}
      aria-labelledby="newsletter-link-title"
    >
      <h2 id="newsletter-link-title">
        {confirm ? 'Your subscription' : 'Unsubscribe from the newsletter'}
      </h2>
      <div role="status" aria-live="polite">
        {link.status === 'working' && (
          <p>{confirm ? 'Confirming your subscription…' : 'Unsubscribing…'}</p>
        )}
        {link.status === 'ready' && confirm && <p>Confirming your subscription…</p>}
        {link.status === 'done' && confirm && (
          <p>You are subscribed. The next newsletter will come to {link.email}.</p>
        )}
        {link.status === 'done' && !confirm && (
          <p>
            You are unsubscribed: {link.email} will get no more newsletters. Changed your mind? Sign
            up again below.
          </p>
        )}
        {link.status === 'invalid' && (
          <p>
            {confirm
              ? 'This confirmation link has expired or was replaced by a newer one. Enter your e-mail address below and we will send you a new link.'
              : 'This unsubscribe link is not valid. Use the link in your most recent newsletter, or contact us and we will take you off the list.'}
          </p>
        )}
        {link.status === 'failed' && (
          <p>We could not reach the shop just now. Check your connection and try again.</p>
        )}
      </div>
      {!confirm && (link.status === 'ready' || link.status === 'working') && (
        <button
          type="button"
          className="button button--primary"
          disabled={link.status === 'working'}
          onClick={() => void link.run()}
        >
          Unsubscribe
        </button>
      )}
      {link.status === 'failed' && (
        <button type="button" className="button button--secondary" onClick={() => void link.run()}>
          Try again
        </button>
      )}
    </section>
  );
});

/** The token of a link, when the page was opened with one. */
const linkOf = (params: URLSearchParams): { kind: LinkKind; token: string } | null => {
  const confirm = params.get('confirm');
  if (confirm !== null) return { kind: 'confirm', token: confirm };
  const unsubscribe = params.get('unsubscribe');
  return unsubscribe === null ? null : { kind: 'unsubscribe', token: unsubscribe };
};

export const NewsletterSignup = () => {
  const container = useContainer();
  const [params] = useSearchParams();
  const given = linkOf(params);
  const linkKey = given === null ? '' : `${given.kind}:${given.token}`;
  // A new model for each link opened (the page stays mounted when another one is).
  const link = useMemo(
    () => (given === null ? null : linkModel(container, given.kind, given.token)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `given` is what `linkKey` spells
    [container, linkKey],
  );
  const [form] = useState(() => newsletterFormModel(container, 'page'));
  return (
    <>
      {link !== null && <LinkOutcome key={linkKey} link={link} />}
      <section className="newsletter-signup" aria-labelledby="newsletter-signup-title">
        <h2 id="newsletter-signup-title">Sign up for the newsletter</h2>
        <NewsletterForm form={form} />
      </section>
    </>
  );
};
