/**
 * TokenService keeps access tokens it verified, so a shopper's every request does not check the
 * same signature again (issue 14) — without accepting anything it would refuse: a kept token still
 * expires on time, a token differing in any character is verified afresh, a token signed with
 * another key is refused, and the kept claims cannot be changed by one request for the next.
 */
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIENCE, InvalidTokenError, ISSUER, TokenService } from '../../../server/auth/tokens';

const KEY = new Uint8Array(32).fill(3);

afterEach(() => {
  vi.useRealTimers();
});

const guestAccess = async (tokens: TokenService): Promise<string> =>
  (await tokens.issueGuest('KOUS', randomUUID())).access_token;

describe('verified access tokens', () => {
  it('answers the same claims for the same token, frozen', async () => {
    const tokens = new TokenService(KEY);
    const token = await guestAccess(tokens);
    const first = await tokens.verifyAccess(token);
    const again = await tokens.verifyAccess(token);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.scopes)).toBe(true);
    expect(() => (first.persona as string[]).push('KOUS:ISC')).toThrow(TypeError);
  });

  it('knows a verified token at once until it expires, and no other text', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00.000Z'));
    const tokens = new TokenService(KEY);
    const token = await guestAccess(tokens);
    expect(tokens.knownAccess(token)).toBeUndefined();
    const claims = await tokens.verifyAccess(token);
    expect(tokens.knownAccess(token)).toBe(claims);
    expect(tokens.knownAccess(`${token}x`)).toBeUndefined();
    vi.setSystemTime(new Date('2026-11-26T12:59:59.999Z'));
    expect(tokens.knownAccess(token)).toBe(claims);
    vi.setSystemTime(new Date('2026-11-26T13:00:00.000Z'));
    expect(tokens.knownAccess(token)).toBeUndefined();
    await expect(tokens.verifyAccess(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a kept token once it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00.000Z'));
    const tokens = new TokenService(KEY);
    const token = await guestAccess(tokens);
    await tokens.verifyAccess(token);
    // Access tokens live an hour: a millisecond before, still valid; on the second, refused.
    vi.setSystemTime(new Date('2026-11-26T12:59:59.999Z'));
    await expect(tokens.verifyAccess(token)).resolves.toBeDefined();
    vi.setSystemTime(new Date('2026-11-26T13:00:00.000Z'));
    await expect(tokens.verifyAccess(token)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('verifies a token differing in one character afresh, and refuses it', async () => {
    const tokens = new TokenService(KEY);
    const token = await guestAccess(tokens);
    await tokens.verifyAccess(token);
    const last = token.at(-2) === 'A' ? 'B' : 'A';
    const tampered = `${token.slice(0, -2)}${last}${token.slice(-1)}`;
    await expect(tokens.verifyAccess(tampered)).rejects.toBeInstanceOf(InvalidTokenError);
  });

  it('refuses a token signed with another key, though one with the same claims is kept', async () => {
    const tokens = new TokenService(KEY);
    await tokens.verifyAccess(await guestAccess(tokens));
    const forged = await new SignJWT({
      token_use: 'access',
      persona: ['KOUS:GST'],
      channel: 'KOUS',
      scopes: ['guest'],
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject('guest:x')
      .setExpirationTime('1h')
      .sign(new Uint8Array(32).fill(9));
    await expect(tokens.verifyAccess(forged)).rejects.toBeInstanceOf(InvalidTokenError);
  });
});
