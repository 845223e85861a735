/**
 * NewsletterGateway over the API (spec §7 CRM, docs/api.md "Newsletter"): the answers the port
 * names come back as values (409 AlreadySubscribed, a 400 naming a field, 429, 404 InvalidLink);
 * every other failure stays an ApiError, which the screen shows as "try again".
 */
import * as t from 'io-ts';
import type {
  NewsletterGateway,
  SubscribeAnswer,
  SubscriptionSource,
  TokenAnswer,
} from '../../../core/newsletter/ports';
import { ALREADY_SUBSCRIBED_MESSAGE } from '../../../core/newsletter/subscribe';
import type { ApiClient } from '../api-client';
import { ApiError, fieldProblemsOf, tooManyRequestsOf } from '../api-error';

const PendingCodec = t.type({ status: t.literal('pending') });
const ConfirmedCodec = t.type({ email: t.string, status: t.literal('confirmed') });
const UnsubscribedCodec = t.type({ email: t.string, status: t.literal('unsubscribed') });

const invalidLink = (error: unknown): boolean =>
  error instanceof ApiError &&
  (error.kind === 'notFound' || (error.kind === 'badRequest' && error.hasCode('InvalidField')));

export class HttpNewsletterGateway implements NewsletterGateway {
  constructor(private readonly api: ApiClient) {}

  async subscribe(email: string, source: SubscriptionSource): Promise<SubscribeAnswer> {
    try {
      await this.api.post('/crm/newsletter/subscription', { email, source }, PendingCodec);
      return { kind: 'pending' };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.hasCode('AlreadySubscribed')) {
        return {
          kind: 'already-subscribed',
          message: error.details.serverMessage ?? ALREADY_SUBSCRIBED_MESSAGE,
        };
      }
      const limited = tooManyRequestsOf(error);
      if (limited !== null) return { kind: 'too-many', message: limited.message };
      const [problem] = error.kind === 'badRequest' ? fieldProblemsOf(error) : [];
      if (problem !== undefined) {
        return { kind: 'invalid', field: problem.field, message: problem.message };
      }
      throw error;
    }
  }

  async confirm(token: string): Promise<TokenAnswer> {
    try {
      const { email } = await this.api.post(
        '/crm/newsletter/confirmation',
        { token },
        ConfirmedCodec,
      );
      return { kind: 'done', email };
    } catch (error) {
      if (invalidLink(error)) return { kind: 'invalid-link' };
      throw error;
    }
  }

  async unsubscribe(token: string): Promise<TokenAnswer> {
    try {
      const { email } = await this.api.post(
        '/crm/newsletter/unsubscription',
        { token },
        UnsubscribedCodec,
      );
      return { kind: 'done', email };
    } catch (error) {
      if (invalidLink(error)) return { kind: 'invalid-link' };
      throw error;
    }
  }
}
