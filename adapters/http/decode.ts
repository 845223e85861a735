import { isLeft } from 'fp-ts/lib/Either.js';
import type * as t from 'io-ts';
import { ApiError } from './api-error';

/** The dotted path of the first field that failed, e.g. "response.docs.0.sku_s". */
const pathOf = (errors: t.Errors): string => {
  const [first] = errors;
  if (first === undefined) return '';
  return first.context
    .map((entry) => entry.key)
    .filter((key) => key !== '')
    .join('.');
};

/** Decodes a response at the boundary; anything off-contract becomes a typed 'decode' ApiError. */
export const decodeOrThrow = <A, O>(
  codec: t.Type<A, O, unknown>,
  data: unknown,
  what: string,
): A => {
  const result = codec.decode(data);
  if (isLeft(result)) {
    const path = pathOf(result.left);
    throw new ApiError(
      'decode',
      `Unexpected answer from ${what}${path === '' ? '' : ` at ${path}`}`,
      { path },
    );
  }
  return result.right;
};
