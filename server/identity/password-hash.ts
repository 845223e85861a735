/**
 * Password hashing with scrypt (node:crypto), a memory-hard KDF: a fresh 16-byte salt per hash,
 * N = 2^15, r = 8, p = 1, a 64-byte key, compared in constant time. The parameters are kept in
 * the stored string (`scrypt$N$r$p$salt$key`), so they can be raised later without breaking the
 * hashes already stored.
 *
 * The unit test projects (server, adapters) hash with a lower N, LAVABO_TEST_SCRYPT_N
 * (vitest.config.ts): thousands of sign-ups and sign-ins at 2^15 were a minute of
 * `npm test`. The stored format, the parsing and the production parameters are tested at 2^15
 * (tests/server/identity/service.test.ts), and every browser journey runs the real server, which
 * cannot lower it: both are read only inside vitest.
 */
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

export const SCRYPT_N = 2 ** 15;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
const KEY_LENGTH = 64;
const SALT_LENGTH = 16;
const PREFIX = 'scrypt';
/** Passwords longer than this are refused before hashing (bounds the work per request). */
export const PASSWORD_MAX_LENGTH = 256;

const derive = (password: string, salt: Buffer, n: number, r: number, p: number, length: number) =>
  new Promise<Buffer>((resolve, reject) => {
    // scrypt needs about 128·N·r bytes; allow twice that.
    const options: ScryptOptions = { N: n, r, p, maxmem: 256 * n * r };
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

const isCost = (n: number): boolean => Number.isInteger(n) && n >= 2 ** 10 && (n & (n - 1)) === 0;

let override: number | null = null;

/**
 * The unit projects' cost: LAVABO_TEST_SCRYPT_N (vitest.config.ts), read only inside vitest. An
 * environment value rather than a call at set-up, so no test file's mock of node:crypto finds this
 * module already loaded with the real scrypt.
 */
const testCost = (): number | null => {
  if (process.env.VITEST === undefined) return null;
  const n = Number(process.env.LAVABO_TEST_SCRYPT_N);
  return isCost(n) ? n : null;
};

const costN = (): number => override ?? testCost() ?? SCRYPT_N;

/**
 * Tests only: hash new passwords with `n` (a power of two ≥ 2^10), or with the suite's cost again
 * for null. Throws outside vitest, so no server can be started weak.
 */
export const useTestHashCost = (n: number | null): void => {
  if (process.env.VITEST === undefined) throw new Error('useTestHashCost is for tests only');
  if (n !== null && !isCost(n)) {
    throw new Error(`useTestHashCost: ${n} is not a power of two ≥ 1024`);
  }
  override = n;
};

export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(SALT_LENGTH);
  const n = costN();
  const key = await derive(password, salt, n, SCRYPT_R, SCRYPT_P, KEY_LENGTH);
  return [
    PREFIX,
    n,
    SCRYPT_R,
    SCRYPT_P,
    salt.toString('base64url'),
    key.toString('base64url'),
  ].join('$');
};

interface ParsedHash {
  readonly n: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

const parse = (stored: string): ParsedHash | null => {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return null;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const key = Buffer.from(parts[5] ?? '', 'base64url');
  if (n === undefined || r === undefined || p === undefined) return null;
  const sane =
    Number.isInteger(n) &&
    n >= 2 ** 10 &&
    n <= 2 ** 20 &&
    (n & (n - 1)) === 0 &&
    Number.isInteger(r) &&
    r >= 1 &&
    r <= 32 &&
    Number.isInteger(p) &&
    p >= 1 &&
    p <= 16 &&
    salt.length >= 8 &&
    key.length >= 16;
  return sane ? { n, r, p, salt, key } : null;
};

/** True when `password` is the one `stored` was made from; false for any malformed hash. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const parsed = parse(stored);
  if (parsed === null) return false;
  const key = await derive(password, parsed.salt, parsed.n, parsed.r, parsed.p, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
};

let dummy: Promise<string> | null = null;

/**
 * Spends the same time as checking a real password, for sign-ins with an unknown e-mail, so the
 * answer time does not tell whether an account exists.
 */
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummy ??= hashPassword('lavabo-dummy-password');
  await verifyPassword(password, await dummy);
};
