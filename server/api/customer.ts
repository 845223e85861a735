/**
 * The customer calls of spec §7 (docs/api.md "Identity"): sign-up, the user-exists lookup, who
 * am I, change password and delete the account. Thin: bodies are checked here (a 400 names each
 * bad field), the rules are IdentityService's.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { personaFromClaims } from '../../core/account/persona';
import { callerOf, customerOfRequest } from '../http/caller';
import { clientKeyOf } from '../http/rate-limits';
import { ApiError, INVALID_JWT } from '../http/errors';
import { invalidFields, objectBody, type FieldError } from '../identity/field-errors';
import type { IdentityService } from '../identity/identity-service';
import { mergeGuestListsAtSignIn, type GuestListMerge } from '../lists/merge';
import type { OrderRepository } from '../orders/order-repository';
import { emailField, parseSignUp, passwordField } from '../identity/signup-input';
import { documentOnly, identityDoc, objectOf, text } from './identity-schema';
import type { NewsletterService } from '../newsletter/newsletter-service';
import { claimGuestOrders } from './orders';
import { answers, bool, closed, noContent, str } from './schemas/common';

/** The signed-in customer's id; 403 for a guest token (a valid token, but not a customer's). */
export const customerIdOf = (request: FastifyRequest): string => customerOfRequest(request).id;

const SIGN_UP_BODY = objectOf(
  {
    email: text('E-mail (spec §5 pattern); stored lower-cased'),
    password: text('Sign-up rule: 11+ characters, lower, upper, digit and one of !@#$%^&*'),
    firstName: text('At most 50 characters of safe text'),
    lastName: text('At most 50 characters of safe text'),
    accountType: { type: 'string', enum: ['homeowner', 'professional'] },
    businessType: text('Required for professional accounts'),
    businessSubtype: text('Professional accounts only'),
    phone: text('Optional; at least 10 digits'),
    zipCode: text('Optional postal code'),
    newsletter: { type: 'boolean' },
  },
  ['email', 'password', 'firstName', 'lastName', 'accountType'],
);

export const customerRoutes = (
  app: FastifyInstance,
  identity: IdentityService,
  orders: OrderRepository,
  guestLists: GuestListMerge,
  newsletter?: NewsletterService,
): void => {
  app.get(
    '/api/customer/me',
    {
      schema: {
        ...identityDoc(
          'Who am I',
          'Guests: `{isAuth: false, anonymousId, persona, channel}`. Customers: `{isAuth: true, customerId, email, firstName, lastName, persona, businessType?, channel, anonymousId?}`.',
        ),
        response: answers({
          200: {
            oneOf: [
              closed(
                {
                  isAuth: { type: 'boolean', enum: [false] },
                  anonymousId: { type: 'string', nullable: true },
                  persona: str('GST, TVS, KEMP, …'),
                  channel: str(),
                },
                ['isAuth', 'anonymousId', 'persona', 'channel'],
                'A guest',
              ),
              closed(
                {
                  isAuth: { type: 'boolean', enum: [true] },
                  customerId: str(),
                  email: str(),
                  firstName: str(),
                  lastName: str(),
                  persona: str('GST, TVS, KEMP, …'),
                  businessType: str(),
                  channel: str(),
                  anonymousId: str(),
                },
                ['isAuth', 'customerId', 'email', 'firstName', 'lastName', 'persona', 'channel'],
                'A customer',
              ),
            ],
          },
        }),
      },
    },
    async (request) => {
      const auth = callerOf(request);
      const persona = personaFromClaims(auth.persona);
      if (!auth.isAuth || auth.customerId === undefined) {
        return {
          isAuth: false,
          anonymousId: auth.anonymousId ?? null,
          persona,
          channel: auth.channel,
        };
      }
      const customer = await identity.customer(auth.customerId);
      // A well-signed token for an account that no longer exists.
      if (customer === null) throw new ApiError(401, INVALID_JWT);
      return {
        isAuth: true,
        customerId: customer.id,
        email: customer.email,
        firstName: customer.firstName,
        lastName: customer.lastName,
        persona,
        ...(customer.businessType === null ? {} : { businessType: customer.businessType }),
        channel: auth.channel,
        ...(auth.anonymousId === undefined ? {} : { anonymousId: auth.anonymousId }),
      };
    },
  );

  app.post(
    '/api/customer/signup',
    {
      ...documentOnly,
      schema: {
        ...identityDoc(
          'Sign up',
          '202 `{email}` — the same answer whether or not the e-mail already has an account, so sign-up does not tell. A new e-mail gets its account at once (sign in with the password just chosen); orders placed as a guest in the bearer’s session with this e-mail become the new account’s, and that session’s shopping lists become its lists (see Shopping lists). With `newsletter: true` a new account’s address is also sent the newsletter’s confirmation e-mail (see Newsletter). A taken e-mail changes nothing: its owner is sent an e-mail saying someone tried to sign up with it. Bad fields → 400 with `errors: [{code: "InvalidField", field, message}]`, one per field. Over the rate limit → 429 with `Retry-After`.',
          SIGN_UP_BODY,
        ),
        response: answers({ 202: closed({ email: str() }, ['email']) }),
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      const input = parseSignUp(request.body);
      const { email, created } = await identity.signUp(input);
      if (created !== null) {
        await claimGuestOrders(
          orders,
          { id: created.customerId, email: created.email },
          caller.anonymousId,
        );
        await mergeGuestListsAtSignIn(
          guestLists,
          created.customerId,
          caller.anonymousId,
          request.log,
        );
        // The form's newsletter box is the same double opt-in as the newsletter page: a
        // confirmation e-mail, not a subscription by default.
        if (input.newsletter && newsletter !== undefined) {
          await newsletter.subscribe(created.email, 'signup');
        }
      }
      return reply.code(202).send({ email });
    },
  );

  app.post(
    '/api/customer/lookup',
    {
      ...documentOnly,
      schema: {
        ...identityDoc(
          'Does an account exist',
          '`{exists: false}` for every well-formed e-mail (any bearer token, guests too): the answer no longer tells whether an account exists, so nobody can list the shop’s customers with it. A malformed e-mail → 400. Over the rate limit → 429 with `Retry-After`.',
          objectOf({ email: text('E-mail') }, ['email']),
        ),
        response: answers({ 200: closed({ exists: bool() }, ['exists']) }),
      },
    },
    async (request) => {
      const body = objectBody(request.body);
      const errors: FieldError[] = [];
      const email = emailField(body, 'email', errors);
      if (email === null) throw invalidFields(errors);
      return { exists: await identity.lookup(email) };
    },
  );

  app.post(
    '/api/customer/change_password',
    {
      ...documentOnly,
      schema: {
        ...identityDoc(
          'Change password',
          'Customer token only (a guest gets 403). 204: the password is changed and every other session is signed out (their refresh tokens are revoked; the session of this access token stays). A wrong current password → 400 field `currentPassword`, and counts as a failed sign-in from this client: the fifth in a row locks this client out of the account for 15 minutes (sign-in too), and while locked every attempt → 400 field `currentPassword` saying to try again later; the profile password rule (spec §5: 10+ characters, a letter and a digit, none of the forbidden words or your names) → 400 field `newPassword`.',
          objectOf({ currentPassword: text('Current'), newPassword: text('New') }, [
            'currentPassword',
            'newPassword',
          ]),
        ),
        response: answers({ 204: noContent('The password is changed') }, { errors: [403] }),
      },
    },
    async (request, reply) => {
      const customerId = customerIdOf(request);
      const body = objectBody(request.body);
      const errors: FieldError[] = [];
      const current = passwordField(body, 'currentPassword', errors);
      const next = passwordField(body, 'newPassword', errors);
      if (current === null || next === null) throw invalidFields(errors);
      await identity.changePassword(
        customerId,
        current,
        next,
        callerOf(request).sessionId,
        clientKeyOf(request),
      );
      return reply.code(204).send();
    },
  );

  app.delete(
    '/api/customer/account',
    {
      schema: {
        ...identityDoc(
          'Delete the account',
          "Customer token only (a guest gets 403). `{data: true}` (spec §7: truthy data means success) once the account is gone, in one transaction: the customer, saved addresses, every session (refresh tokens), reset codes, shopping lists, carts never ordered and the links shared from them. Orders are kept for the shop's books, findable by order number and e-mail, but belong to no account any more (nor to a later account with the same e-mail). Afterwards the e-mail can sign up again; the old tokens get 401 'Invalid JWT.' on every call, this one included.",
        ),
        response: answers(
          { 200: closed({ data: { type: 'boolean', enum: [true] } }, ['data']) },
          { errors: [403] },
        ),
      },
    },
    async (request) => {
      await identity.deleteAccount(customerIdOf(request));
      return { data: true };
    },
  );
};
