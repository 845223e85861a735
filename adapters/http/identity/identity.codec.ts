/** Wire shapes of the identity and customer account calls (docs/api.md, Identity). */
import * as t from 'io-ts';
import { TokenGrantCodec } from '../auth/token.codec';

/**
 * POST /identity/signin: always 200; tokens only with status SUCCESS, a challenge with
 * MFA_REQUIRED and MFA_ENROLL_REQUIRED (two-step sign-in).
 */
export const SignInResponseCodec = t.intersection([
  t.type({ status: t.string }),
  t.partial({ errorSummary: t.string, tokens: TokenGrantCodec, challenge: t.string }),
]);

/** 202: the same answer for a new and a taken e-mail. */
export const SignUpAcceptedCodec = t.type({ email: t.string });

export const LookupResponseCodec = t.type({ exists: t.boolean });

/** Answers without a body (202, 204) decode as anything. */
export const NoContentCodec = t.unknown;

/** The spec §3 user claims of a customer's access token (the JWT payload). */
export const CustomerClaimsCodec = t.intersection([
  t.type({
    sub: t.string,
    isAuth: t.literal(true),
    persona: t.array(t.string),
  }),
  t.partial({
    firstName: t.string,
    lastName: t.string,
    customerId: t.string,
    uid: t.string,
    businessType: t.string,
  }),
]);
