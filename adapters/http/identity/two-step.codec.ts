/** Wire shapes of two-step sign-in (docs/api.md "Two-step sign-in"). */
import * as t from 'io-ts';
import { TokenGrantCodec } from '../auth/token.codec';

/** POST /identity/signin/enrol and /customer/two-step/enrol. */
export const TwoStepEnrolmentCodec = t.type({ secret: t.string, uri: t.string, qrSvg: t.string });

/** POST /identity/signin/verify: always 200 for a well-formed body. */
export const SecondStepAnswerCodec = t.union([
  t.intersection([
    t.type({ status: t.literal('SUCCESS'), tokens: TokenGrantCodec }),
    t.partial({ recoveryCodes: t.array(t.string) }),
  ]),
  t.type({
    status: t.union([
      t.literal('CODE_WRONG'),
      t.literal('CHALLENGE_EXPIRED'),
      t.literal('LOCKED_OUT'),
    ]),
    errorSummary: t.string,
  }),
]);

/** GET /customer/two-step. */
export const TwoStepStatusCodec = t.type({
  enabled: t.boolean,
  required: t.boolean,
  recoveryCodesLeft: t.number,
});

/** POST /customer/two-step/confirm and /recovery-codes. */
export const RecoveryCodesCodec = t.type({ recoveryCodes: t.array(t.string) });

/** POST /customer/two-step/disable answers 204. */
export const TwoStepOffCodec = t.unknown;
