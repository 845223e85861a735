/**
 * The newsletter API (spec §7 CRM /crm/newsletter/subscription, §8; docs/api.md "Newsletter"):
 * subscribe with double opt-in, confirm from the e-mail's link, unsubscribe from any newsletter
 * e-mail. Any bearer token (guests too). The rules are ../newsletter/newsletter-service.ts's; the
 * per-client and per-address limits are ../http/rate-limits.ts's `newsletter` door.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { isNewsletterToken } from '../../core/newsletter/subscribe';
import { ALREADY_SUBSCRIBED_MESSAGE } from '../../core/newsletter/subscribe';
import type { SubscriptionSource } from '../../core/newsletter/ports';
import { ApiError } from '../http/errors';
import {
  fieldError,
  invalidField,
  invalidFields,
  objectBody,
  type FieldError,
} from '../http/input';
import { emailField } from '../identity/signup-input';
import type { NewsletterService } from '../newsletter/newsletter-service';
import { answers, checkedByRoute, closed, oneOf, str } from './schemas/common';

const SOURCES: readonly SubscriptionSource[] = ['page', 'campaign', 'signup'];

const describe = (summary: string, description: string, body: unknown): FastifySchema => ({
  tags: ['Newsletter'],
  summary,
  description,
  body,
});

const TOKEN_BODY = closed(
  { token: str('The token of the e-mail’s link: 43 characters of base64url') },
  ['token'],
);

/** The link's token, or the 400 naming it. */
const tokenOf = (body: unknown): string => {
  const token = objectBody(body).token;
  if (typeof token !== 'string' || !isNewsletterToken(token)) {
    throw invalidField('token', 'is not a link token');
  }
  return token;
};

const unknownLink = (): ApiError =>
  new ApiError(404, 'This link is unknown, expired or replaced by a newer one', [
    { code: 'InvalidLink', field: 'token' },
  ]);

export const newsletterRoutes = (app: FastifyInstance, newsletter: NewsletterService): void => {
  app.post(
    '/api/crm/newsletter/subscription',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Subscribe to the newsletter',
          'Body `{email, source?}` (`source`: `page` (default), `campaign` or `signup`) → 202 `{status: "pending"}`: a confirmation e-mail goes to the address, which is subscribed once its link is followed (double opt-in); asking again mails a new link and the old one stops working. An address already subscribed and confirmed → 409 with the message `Email address already subscribed` (spec §8) and `errors: [{code: "AlreadySubscribed", field: "email"}]`; nothing is mailed. A missing or malformed e-mail or an unknown source → 400 naming it. Over the limit (per client and per address) → 429 with `Retry-After`.',
          closed({ email: str('E-mail address'), source: oneOf(SOURCES, 'Where the form was') }, [
            'email',
          ]),
        ),
        response: answers(
          { 202: closed({ status: oneOf(['pending']) }, ['status']) },
          {
            errors: [409],
          },
        ),
      },
    },
    async (request, reply) => {
      const body = objectBody(request.body);
      const errors: FieldError[] = [];
      const email = emailField(body, 'email', errors);
      const source = body.source ?? 'page';
      if (!SOURCES.includes(source as SubscriptionSource)) {
        errors.push(fieldError('source', `must be one of ${SOURCES.join(', ')}`));
      }
      if (email === null || errors.length > 0) throw invalidFields(errors);
      const outcome = await newsletter.subscribe(email, source as SubscriptionSource);
      reply.header('cache-control', 'no-store');
      if (outcome === 'already-subscribed') {
        throw new ApiError(409, ALREADY_SUBSCRIBED_MESSAGE, [
          { code: 'AlreadySubscribed', field: 'email' },
        ]);
      }
      return reply.code(202).send({ status: 'pending' });
    },
  );

  app.post(
    '/api/crm/newsletter/confirmation',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Confirm a newsletter subscription',
          'Body `{token}` from the confirmation e-mail’s link (`/en/newsletter?confirm=…`) → `{email, status: "confirmed"}`; a welcome e-mail with the unsubscribe link follows the first time. Following it again answers the same and mails nothing. A token of the wrong shape → 400; one that is unknown, older than 7 days, replaced by a newer request or unsubscribed since → 404 `InvalidLink`.',
          TOKEN_BODY,
        ),
        response: answers(
          { 200: closed({ email: str(), status: oneOf(['confirmed']) }, ['email', 'status']) },
          { errors: [404] },
        ),
      },
    },
    async (request, reply) => {
      const email = await newsletter.confirm(tokenOf(request.body));
      if (email === null) throw unknownLink();
      reply.header('cache-control', 'no-store');
      return { email, status: 'confirmed' };
    },
  );

  app.post(
    '/api/crm/newsletter/unsubscription',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Unsubscribe from the newsletter',
          'Body `{token}` from the unsubscribe link every newsletter e-mail carries (`/en/newsletter?unsubscribe=…`) → `{email, status: "unsubscribed"}`, again if it already was. A token of the wrong shape → 400; an unknown one → 404 `InvalidLink`.',
          TOKEN_BODY,
        ),
        response: answers(
          { 200: closed({ email: str(), status: oneOf(['unsubscribed']) }, ['email', 'status']) },
          { errors: [404] },
        ),
      },
    },
    async (request, reply) => {
      const email = await newsletter.unsubscribe(tokenOf(request.body));
      if (email === null) throw unknownLink();
      reply.header('cache-control', 'no-store');
      return { email, status: 'unsubscribed' };
    },
  );
};
