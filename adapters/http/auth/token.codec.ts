import * as t from 'io-ts';
import type { TokenGrant } from '../../../core/auth/token-lifecycle';

export const TokenGrantCodec = t.intersection([
  t.type({
    access_token: t.string,
    refresh_token: t.string,
    expires_in: t.number,
    scopes: t.array(t.string),
    token_type: t.string,
  }),
  t.partial({ revalidate_in: t.number }),
]);

export const ValidateResponseCodec = t.type({ valid: t.boolean });

export const toTokenGrant = (wire: t.TypeOf<typeof TokenGrantCodec>): TokenGrant => ({
  access_token: wire.access_token,
  refresh_token: wire.refresh_token,
  expires_in: wire.expires_in,
  scopes: wire.scopes,
  token_type: wire.token_type,
  ...(wire.revalidate_in === undefined ? {} : { revalidate_in: wire.revalidate_in }),
});
