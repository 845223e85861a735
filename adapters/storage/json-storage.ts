/**
 * Reading and writing one JSON value under one key of a Web Storage, decoded with io-ts. Anything
 * unreadable — old shapes, hand-edited values, a storage that throws (private mode, quota) — reads
 * as nothing, and a failed write is dropped: browser storage never breaks a page.
 */
import { isRight } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';

export const readJson = <A>(
  storage: Storage,
  key: string,
  codec: t.Type<A, unknown, unknown>,
): A | null => {
  try {
    const raw = storage.getItem(key);
    if (raw === null) return null;
    const decoded = codec.decode(JSON.parse(raw));
    return isRight(decoded) ? decoded.right : null;
  } catch {
    return null;
  }
};

export const writeJson = (storage: Storage, key: string, value: unknown): void => {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or unavailable: the value still lives in memory for this page view.
  }
};
