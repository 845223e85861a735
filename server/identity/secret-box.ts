/**
 * Sealing the secrets the server must read back (authenticator keys of two-step sign-in):
 * AES-256-GCM with a key derived (HKDF-SHA256) from the signing key, so the database alone — a
 * backup, a dump — does not give them away. Sealed text: `v1.<iv>.<tag>.<ciphertext>`, base64url.
 * Changing JWT_SECRET makes the sealed keys unreadable: the accounts then enrol again.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'lavabo two-step secrets v1';

export class SecretBox {
  private readonly key: Buffer;

  constructor(signingKey: Uint8Array) {
    this.key = Buffer.from(hkdfSync('sha256', signingKey, Buffer.alloc(0), INFO, 32));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
      .join('.');
  }

  /** The plain text, or null when it was sealed with another key or tampered with. */
  open(sealed: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined)
      return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
