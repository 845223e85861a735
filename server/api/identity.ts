/**
 * The identity provider's calls, served by our own server (docs/api.md "Identity"): credential
 * sign-in, sign-out, and forgot/reset password by an e-mailed one-time code. Sign-in answers 200
 * with a status the storefront maps (spec §8), like the provider's SDK does.
 */
import type { FastifyInstance } from 'fastify';
import { normalizeEmail } from '../../core/validation/email';
import { invalidFields, objectBody, requiredText, type FieldError } from '../identity/field-errors';
import type { IdentityService } from '../identity/identity-service';
import { mergeGuestListsAtSignIn, type GuestListMerge } from '../lists/merge';
import type { OrderRepository } from '../orders/order-repository';
import { PASSWORD_MAX_LENGTH } from '../identity/password-hash';
import { emailField, passwordField } from '../identity/signup-input';
import { callerOf } from '../http/caller';
import { clientKeyOf } from '../http/rate-limits';
import { documentOnly, identityDoc, objectOf, text } from './identity-schema';
import { claimGuestOrders } from './orders';
import { answers, closed, noContent, oneOf, str } from './schemas/common';
import { TOKEN_GRANT } from './schemas/domain';

const TOKEN_MAX_LENGTH = 8192;

export const identityRoutes = (
  app: FastifyInstance,
  identity: IdentityService,
  orders: OrderRepository,
  guestLists: GuestListMerge,
): void => {
  app.post(
    '/api/identity/signin',
    {
      ...documentOnly,
      schema: {
        ...identityDoc(
          'Sign in',
          'Bearer: the guest token (its channel and anonymousId go into the customer token; the guest cart is not merged here). Always 200: `{status: "SUCCESS", tokens}` | `{status: "LOCKED_OUT" | "PASSWORD_EXPIRED" | "AUTHENTICATION_FAILED", errorSummary}` | `{status: "MFA_REQUIRED" | "MFA_ENROLL_REQUIRED", challenge}` (two-step sign-in: the password was right, the second step is POST /api/identity/signin/verify). Five failures in a row from one client (wrong current passwords at change password count too) lock that client out of the account for 15 minutes; the owner signing in from another client is not locked out. An unknown e-mail costs the same password-hashing time. Over the rate limit → 429 with `Retry-After` (see Rate limits). On success, orders placed as a guest in the bearer’s session with the customer’s e-mail become the customer’s, and that session’s shopping lists are merged into the customer’s (see Shopping lists). A malformed body → 400.',
          objectOf({ username: text('The e-mail'), password: text('The password') }, [
            'username',
            'password',
          ]),
        ),
        response: answers({
          200: {
            oneOf: [
              closed({ status: oneOf(['SUCCESS']), tokens: TOKEN_GRANT }, ['status', 'tokens']),
              closed(
                {
                  status: oneOf(['LOCKED_OUT', 'PASSWORD_EXPIRED', 'AUTHENTICATION_FAILED']),
                  errorSummary: str(),
                },
                ['status', 'errorSummary'],
              ),
              closed({ status: oneOf(['MFA_REQUIRED', 'MFA_ENROLL_REQUIRED']), challenge: str() }, [
                'status',
                'challenge',
              ]),
            ],
          },
        }),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const body = objectBody(request.body);
      const errors: FieldError[] = [];
      const username = requiredText(body, 'username', 254, errors);
      const password = requiredText(body, 'password', PASSWORD_MAX_LENGTH, errors);
      if (username === null || password === null) throw invalidFields(errors);
      reply.header('cache-control', 'no-store');
      const answer = await identity.signIn(normalizeEmail(username), password, {
        channel: caller.channel,
        client: clientKeyOf(request),
        ...(caller.anonymousId === undefined ? {} : { anonymousId: caller.anonymousId }),
      });
      if (answer.status !== 'SUCCESS') return answer;
      await claimGuestOrders(orders, answer.customer, caller.anonymousId);
      await mergeGuestListsAtSignIn(
        guestLists,
        answer.customer.id,
        caller.anonymousId,
        request.log,
      );
      return { status: answer.status, tokens: answer.tokens };
    },
  );

  app.post(
    '/api/identity/signout',
    {
      ...documentOnly,
      config: { public: true },
      schema: {
        ...identityDoc(
          'Sign out',
          '204: the refresh token and every token rotated from the same sign-in are revoked. Idempotent; an unknown or invalid token is also 204. Access tokens already issued stay valid until they expire.',
          objectOf({ refresh_token: text('The refresh token') }, ['refresh_token']),
        ),
        response: answers({ 204: noContent('Signed out') }, { public: true }),
      },
    },
    async (request, reply) => {
      const body = objectBody(request.body);
      const errors: FieldError[] = [];
      const token = requiredText(body, 'refresh_token', TOKEN_MAX_LENGTH, errors);
      if (token === null) throw invalidFields(errors);
      await identity.signOut(token.trim());
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/identity/password/forgot',
    {
      ...documentOnly,
      schema: {
        ...identityDoc(
          'Forgot password',
          '202 always (whether or not the e-mail has an account). When it has, a six-digit one-time code is written to the outbox (GET /api/dev/outbox), valid 15 minutes.',
          objectOf({ email: text('E-mail') }, ['email']),
        ),
        response: answers({
          202: closed({ accepted: { type: 'boolean', enum: [true] } }, ['accepted']),
        }),
      },
    },
    async (request, reply) => {
      const body = objectBody(request.body);
      const errors: FieldError[] = [];
      const email = emailField(body, 'email', errors);
      if (email === null) throw invalidFields(errors);
      await identity.forgotPassword(email);
      return reply.code(202).send({ accepted: true });
    },
  );

  app.post(
    '/api/identity/password/reset',
    {
      ...documentOnly,
      schema: {
        ...identityDoc(
          'Reset password',
          '204: the new password is set, lockout and expiry are cleared and every session is signed out. 400 field `code` (wrong, used, expired, or after 5 wrong guesses) or `password` (the sign-up rule).',
          objectOf(
            {
              email: text('E-mail'),
              code: text('The six digits from the e-mail'),
              password: text('The new password'),
            },
            ['email', 'code', 'password'],
          ),
        ),
        response: answers({ 204: noContent('The password is set') }),
      },
    },
    async (request, reply) => {
      const body = objectBody(request.body);
      const errors: FieldError[] = [];
      const email = emailField(body, 'email', errors);
      const code = requiredText(body, 'code', 32, errors);
      const password = passwordField(body, 'password', errors);
      if (email === null || code === null || password === null) throw invalidFields(errors);
      await identity.resetPassword(email, code.trim(), password);
      return reply.code(204).send();
    },
  );
};
