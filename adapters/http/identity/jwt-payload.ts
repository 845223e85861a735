/**
 * The one reader of a JWT's payload (the claims), for every adapter that looks inside a token: the
 * claims reader, the guest token's anonymousId, the shopper session's e-mail and the fake identity.
 * The payload is read, never verified: the server checks the signature on every call, so nothing
 * read here grants access. Lives in adapters because it needs atob and TextDecoder, which core's
 * ES2022-only build does not have.
 */

/** A JSON object's claims, by name. */
export type JwtClaims = Readonly<Record<string, unknown>>;

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** UTF-8 bytes of base64url text (padding optional), or null when it is not base64url. */
const base64UrlBytes = (text: string): Uint8Array | null => {
  if (!BASE64URL.test(text)) return null;
  const bare = text.replace(/=+$/, '');
  if (bare.length % 4 === 1) return null; // no byte count encodes to this length
  const base64 = bare.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
};

/**
 * The claims of a JWT (`header.payload.signature`, payload base64url-encoded JSON, with or without
 * padding), or null when the token has no payload, the payload is not base64url, not UTF-8, not
 * JSON, or not a JSON object.
 */
export const jwtClaims = (token: string): JwtClaims | null => {
  const parts = token.split('.');
  const payload = parts[1];
  if (parts.length !== 3 || payload === undefined || payload === '') return null;
  try {
    const bytes = base64UrlBytes(payload);
    if (bytes === null) return null;
    const json: unknown = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    return typeof json === 'object' && json !== null && !Array.isArray(json)
      ? (json as JwtClaims)
      : null;
  } catch {
    return null;
  }
};

/** One claim that must be a string, or null when the token or the claim is not one. */
export const stringClaim = (token: string, name: string): string | null => {
  const value = jwtClaims(token)?.[name];
  return typeof value === 'string' ? value : null;
};

/** JSON as unpadded base64url, the encoding of a JWT's header and payload (RFC 7515 §2). */
export const base64UrlJson = (value: unknown): string => {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
