/** A value or a typed failure, for rules and use cases that can fail without throwing. */
export type Result<T, E> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

export const mapResult = <T, U, E>(r: Result<T, E>, f: (value: T) => U): Result<U, E> =>
  r.ok ? ok(f(r.value)) : r;

export const flatMapResult = <T, U, E, F>(
  r: Result<T, E>,
  f: (value: T) => Result<U, F>,
): Result<U, E | F> => (r.ok ? f(r.value) : r);

export const getOrElse = <T, E>(r: Result<T, E>, fallback: (error: E) => T): T =>
  r.ok ? r.value : fallback(r.error);
