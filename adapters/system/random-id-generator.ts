import type { IdGenerator } from '../../core/auth/ports';

/** Random UUIDs from the Web Crypto API (browsers and Node alike). */
export class RandomIdGenerator implements IdGenerator {
  next(): string {
    return globalThis.crypto.randomUUID();
  }
}
