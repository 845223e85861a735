/**
 * Two-step sign-in's routes (docs/api.md "Two-step sign-in"; the rules are
 * server/identity/two-step.ts): the second step of signing in (POST /api/identity/signin/verify,
 * and /signin/enrol for an account that must enrol first) and the signed-in customer's settings
 * (/api/customer/two-step…). Every body and answer is declared as JSON Schema: Fastify checks the
 * bodies (a 400 names the field) and the reference lists every answer. A typed code is read as
 * core reads it (spaces and dashes forgiven) before it is checked.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkRecoveryCode, checkVerificationCode } from '../../core/auth/two-step';
import { customerOfRequest } from '../http/caller';
import { ApiError, INVALID_JWT } from '../http/errors';
import { invalidField } from '../identity/field-errors';
import type { IdentityService } from '../identity/identity-service';
import type { Proof, TwoStepService } from '../identity/two-step';
import { mergeGuestListsAtSignIn, type GuestListMerge } from '../lists/merge';
import type { OrderRepository } from '../orders/order-repository';
import { claimGuestOrders } from './orders';
import { checkedByRoute, errorResponse, withErrors } from './schemas/common';
import { TOKEN_GRANT } from './schemas/domain';

const TAGS = ['Identity'];
const TYPED_CODE_MAX = 32;
const CHALLENGE_PATTERN = '^[A-Za-z0-9_-]{20,100}$';

const errorSchema = (description: string) => errorResponse(400, description);

const recoveryCodesSchema = {
  type: 'array',
  items: { type: 'string', pattern: '^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$' },
  minItems: 10,
  maxItems: 10,
  description: 'Ten single-use recovery codes, shown this once',
};

/** An answer that carries a fresh set of recovery codes (shown this once). */
const recoveryCodesAnswer = (description: string) => ({
  description,
  type: 'object',
  required: ['recoveryCodes'],
  properties: { recoveryCodes: recoveryCodesSchema },
});

/** The refusal of a typed code, wherever one current code is asked for. */
const codeRefused = errorSchema(
  '`code`: not 6 digits, wrong, already used, or the second step is locked',
);

const enrolmentSchema = {
  description: 'A new key for an authenticator app (shown once: never sent again)',
  type: 'object',
  required: ['secret', 'uri', 'qrSvg'],
  properties: {
    secret: { type: 'string', description: 'The key as base32 text, to type into an app' },
    uri: { type: 'string', description: 'otpauth://totp/Lavabo:<email>?secret=…&issuer=Lavabo' },
    qrSvg: { type: 'string', description: 'The URI as a QR code: an SVG document' },
  },
};

const codeBody = {
  type: 'object',
  required: ['code'],
  properties: {
    code: {
      type: 'string',
      minLength: 1,
      maxLength: TYPED_CODE_MAX,
      description: 'A current 6-digit code',
    },
  },
  additionalProperties: false,
};

const proofBody = (extra: Readonly<Record<string, unknown>>, required: readonly string[]) => ({
  type: 'object',
  // OpenAPI 3.0 wants a `required` list to name at least one member: none is no list.
  ...(required.length > 0 ? { required } : {}),
  properties: {
    ...extra,
    code: {
      type: 'string',
      minLength: 1,
      maxLength: TYPED_CODE_MAX,
      description: 'A current 6-digit code from the authenticator app',
    },
    recoveryCode: {
      type: 'string',
      minLength: 1,
      maxLength: TYPED_CODE_MAX,
      description: 'One unused recovery code (ABCDE-23456; case, spaces and dashes do not matter)',
    },
  },
  additionalProperties: false,
  description: 'Exactly one of `code` and `recoveryCode`',
});

/** A typed proof as core reads it; a 400 naming its field when it is not one. */
const proofOf = (body: { code?: string; recoveryCode?: string }): Proof => {
  if (body.code !== undefined && body.recoveryCode !== undefined) {
    throw invalidField('recoveryCode', 'cannot be given with code: give one of them');
  }
  if (body.code === undefined && body.recoveryCode === undefined) {
    throw invalidField('code', 'is required (or recoveryCode)');
  }
  if (body.code !== undefined) {
    const check = checkVerificationCode(body.code);
    if (!check.valid) throw invalidField('code', check.message);
    return { kind: 'code', code: check.code };
  }
  const check = checkRecoveryCode(body.recoveryCode ?? '');
  if (!check.valid) throw invalidField('recoveryCode', check.message);
  return { kind: 'recovery', code: check.code };
};

const customerError = {
  401: errorSchema("No token, or one that is not valid: 'JWT not present.' or 'Invalid JWT.'"),
  403: errorSchema('A guest token: two-step sign-in is a signed-in customer’s'),
};

export const twoStepRoutes = (
  app: FastifyInstance,
  identity: IdentityService,
  twoStep: TwoStepService,
  orders: OrderRepository,
  guestLists: GuestListMerge,
): void => {
  const signedInCustomer = async (request: FastifyRequest) => {
    const customer = await identity.customer(customerOfRequest(request).id);
    if (customer === null) throw new ApiError(401, INVALID_JWT);
    return customer;
  };
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

  app.post<{ Body: { challenge: string; code?: string; recoveryCode?: string } }>(
    '/api/identity/signin/verify',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in: the second step',
        description:
          'Bearer: the guest token. After POST /api/identity/signin answered `{status: "MFA_REQUIRED" | "MFA_ENROLL_REQUIRED", challenge}`: the challenge and a current code from the authenticator app (one step of 30 s either side of now; a code already used is refused), or — for MFA_REQUIRED — one unused recovery code instead. Always 200 for a well-formed body: `{status: "SUCCESS", tokens, recoveryCodes?}` (recoveryCodes only when this step finished an enrolment: shown once) | `{status: "CODE_WRONG", errorSummary}` (the challenge can be tried again) | `{status: "CHALLENGE_EXPIRED", errorSummary}` (older than 5 minutes, or used: sign in again) | `{status: "LOCKED_OUT", errorSummary}` (five wrong codes in a row, wherever typed, lock the second step for 15 minutes). On success, guest orders and lists join the account as at sign-in. A code that is not 6 digits → 400 `code`; a recovery code of the wrong shape → 400 `recoveryCode`.',
        body: proofBody(
          {
            challenge: {
              type: 'string',
              pattern: CHALLENGE_PATTERN,
              description: 'From the password step',
            },
          },
          ['challenge'],
        ),
        response: withErrors(
          {
            200: {
              description: 'The second step’s outcome',
              type: 'object',
              required: ['status'],
              properties: {
                status: {
                  type: 'string',
                  enum: ['SUCCESS', 'CODE_WRONG', 'CHALLENGE_EXPIRED', 'LOCKED_OUT'],
                },
                tokens: TOKEN_GRANT,
                recoveryCodes: recoveryCodesSchema,
                errorSummary: { type: 'string' },
              },
            },
            400: errorSchema(
              'A body that is not a challenge and one code; the message names the field',
            ),
            401: customerError[401],
          },
          400,
          500,
        ),
      },
    },
    async (request, reply) => {
      const proof = proofOf(request.body);
      noStore(reply);
      const answer = await twoStep.verify(request.body.challenge, proof);
      if (answer.status !== 'SUCCESS') return answer;
      const signedIn = await identity.completeSignIn(answer.customer, answer.context);
      await claimGuestOrders(orders, signedIn.customer, answer.context.anonymousId);
      await mergeGuestListsAtSignIn(
        guestLists,
        signedIn.customer.id,
        answer.context.anonymousId,
        request.log,
      );
      return {
        status: 'SUCCESS',
        tokens: signedIn.tokens,
        ...(answer.recoveryCodes === undefined ? {} : { recoveryCodes: answer.recoveryCodes }),
      };
    },
  );

  app.post<{ Body: { challenge: string } }>(
    '/api/identity/signin/enrol',
    {
      schema: {
        tags: TAGS,
        summary: 'Sign in: set up two-step sign-in first',
        description:
          'Bearer: the guest token. After POST /api/identity/signin answered `{status: "MFA_ENROLL_REQUIRED", challenge}` (a sales associate without two-step sign-in): a new key for the authenticator app. Then POST /api/identity/signin/verify with the challenge and a code of the new key turns two-step sign-in on and signs in. A challenge that is not a live enrolment challenge → 400 `challenge`.',
        body: {
          type: 'object',
          required: ['challenge'],
          properties: { challenge: { type: 'string', pattern: CHALLENGE_PATTERN } },
          additionalProperties: false,
        },
        response: withErrors(
          {
            200: enrolmentSchema,
            400: errorSchema('The challenge is missing, malformed, used or too old'),
            401: customerError[401],
          },
          400,
          500,
        ),
      },
    },
    async (request, reply) => {
      noStore(reply);
      return twoStep.startChallengeEnrolment(request.body.challenge);
    },
  );

  app.get(
    '/api/customer/two-step',
    {
      schema: {
        tags: TAGS,
        summary: 'Two-step sign-in: status',
        description:
          'Customer token only. Whether it is on, whether the account must keep it (sales associates), and how many recovery codes are left.',
        response: withErrors(
          {
            200: {
              description: 'The status',
              type: 'object',
              required: ['enabled', 'required', 'recoveryCodesLeft'],
              properties: {
                enabled: { type: 'boolean' },
                required: { type: 'boolean' },
                recoveryCodesLeft: { type: 'integer', minimum: 0 },
              },
            },
            ...customerError,
          },
          400,
          500,
        ),
      },
    },
    async (request, reply) => {
      noStore(reply);
      return twoStep.status(await signedInCustomer(request));
    },
  );

  app.post(
    '/api/customer/two-step/enrol',
    {
      // No body to check: an empty one or none at all is the same request.
      ...checkedByRoute,
      schema: {
        tags: TAGS,
        body: {
          type: 'object',
          properties: {},
          additionalProperties: false,
          description: 'None: send no body or an empty object',
        },
        summary: 'Two-step sign-in: start enrolling',
        description:
          'Customer token only; no body. A new key for the authenticator app (it replaces a key not yet confirmed). Nothing changes at sign-in until POST /api/customer/two-step/confirm. Already on → 409 `TwoStepAlreadyOn`.',
        response: withErrors(
          {
            200: enrolmentSchema,
            ...customerError,
            409: errorSchema('Two-step sign-in is already on (`TwoStepAlreadyOn`)'),
          },
          400,
          500,
        ),
      },
    },
    async (request, reply) => {
      noStore(reply);
      return twoStep.startEnrolment(await signedInCustomer(request));
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/customer/two-step/confirm',
    {
      schema: {
        tags: TAGS,
        summary: 'Two-step sign-in: turn on',
        description:
          'Customer token only. A current code of the key from /enrol turns two-step sign-in on: from the next sign-in a code is asked after the password. Answers the ten recovery codes (shown once). A wrong or used code → 400 `code` (counts toward the lock); no enrolment started, or already on → 409 `TwoStepNotStarted`.',
        body: codeBody,
        response: withErrors(
          {
            200: recoveryCodesAnswer('Two-step sign-in is on'),
            400: codeRefused,
            ...customerError,
            409: errorSchema('No enrolment to confirm (`TwoStepNotStarted`)'),
          },
          400,
          500,
        ),
      },
    },
    async (request, reply) => {
      const check = checkVerificationCode(request.body.code);
      if (!check.valid) throw invalidField('code', check.message);
      const customer = await signedInCustomer(request);
      noStore(reply);
      return { recoveryCodes: await twoStep.confirmEnrolment(customer.id, check.code) };
    },
  );

  app.post<{ Body: { code?: string; recoveryCode?: string } }>(
    '/api/customer/two-step/disable',
    {
      schema: {
        tags: TAGS,
        summary: 'Two-step sign-in: turn off',
        description:
          'Customer token only. Needs a current code, or one unused recovery code: 204, the key and the recovery codes are deleted. Wrong → 400 naming `code` or `recoveryCode`; a sales associate → 403 `TwoStepRequired`; not on → 409 `TwoStepOff`.',
        body: proofBody({}, []),
        response: withErrors(
          {
            204: { description: 'Two-step sign-in is off', type: 'null' },
            400: errorSchema(
              'Not exactly one of `code` and `recoveryCode`, or the one given is wrong',
            ),
            401: customerError[401],
            403: errorSchema(
              'A guest token, or an account that must keep two-step sign-in (`TwoStepRequired`)',
            ),
            409: errorSchema('Two-step sign-in is not on (`TwoStepOff`)'),
          },
          400,
          500,
        ),
      },
    },
    async (request, reply) => {
      const proof = proofOf(request.body);
      await twoStep.disable(await signedInCustomer(request), proof);
      return reply.code(204).send();
    },
  );

  app.post<{ Body: { code: string } }>(
    '/api/customer/two-step/recovery-codes',
    {
      schema: {
        tags: TAGS,
        summary: 'Two-step sign-in: new recovery codes',
        description:
          'Customer token only. With a current code: ten new recovery codes, and the old ones stop working. Wrong → 400 `code`; not on → 409 `TwoStepOff`.',
        body: codeBody,
        response: withErrors(
          {
            200: recoveryCodesAnswer('The new codes'),
            400: codeRefused,
            ...customerError,
            409: errorSchema('Two-step sign-in is not on (`TwoStepOff`)'),
          },
          400,
          500,
        ),
      },
    },
    async (request, reply) => {
      const check = checkVerificationCode(request.body.code);
      if (!check.valid) throw invalidField('code', check.message);
      const customer = await signedInCustomer(request);
      noStore(reply);
      return { recoveryCodes: await twoStep.regenerateRecoveryCodes(customer.id, check.code) };
    },
  );
};
