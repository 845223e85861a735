/** Wire shapes of the account security calls (docs/api.md "Identity"). */
import * as t from 'io-ts';

/** DELETE /customer/account: `{data}`, truthy when the account is gone (spec §7). */
export const DeleteAccountAnswerCodec = t.type({ data: t.unknown });

/** POST /customer/change_password answers 204 with no body. */
export const PasswordChangedCodec = t.unknown;
