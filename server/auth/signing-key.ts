/**
 * The HS256 secret that signs every token. From JWT_SECRET when set (so several instances agree),
 * otherwise generated once and kept under the data dir, so tokens survive a restart.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const MIN_SECRET_BYTES = 32;

export const loadSigningKey = async (opts: {
  jwtSecret: string | undefined;
  dataDir: string;
}): Promise<Uint8Array> => {
  if (opts.jwtSecret !== undefined) {
    const key = new TextEncoder().encode(opts.jwtSecret);
    if (key.length < MIN_SECRET_BYTES)
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes`);
    return key;
  }
  const file = path.join(opts.dataDir, 'jwt-secret');
  try {
    const stored = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url');
    if (stored.length >= MIN_SECRET_BYTES) return new Uint8Array(stored);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(opts.dataDir, { recursive: true });
  const secret = randomBytes(MIN_SECRET_BYTES);
  // 'wx' fails if another process wrote the file first; then read theirs.
  try {
    await writeFile(file, secret.toString('base64url'), { mode: 0o600, flag: 'wx' });
    return new Uint8Array(secret);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return new Uint8Array(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64url'));
  }
};
