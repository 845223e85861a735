/**
 * The pieces of the wire contract every route shares (docs/api.md): the error body, the helper
 * that declares a route's answers — its 2xx with a real schema and each 4xx/5xx it can give with
 * the error schema — and small building blocks. Fastify serialises answers by these schemas
 * (fast-json-stringify, compiled once per route at start-up) and @fastify/swagger writes them into
 * GET /api/openapi.json, so what is declared here is what leaves the server.
 *
 * Serialisation drops any member a schema does not declare: an object either lists every member
 * it can carry (`closed`) or says `additionalProperties` honestly (`open`, or a typed map).
 */
import { STATUS_CODES } from 'node:http';

export type JsonSchema = Readonly<Record<string, unknown>>;

/** `{code, …}`: what a 4xx says beside its message (`InvalidField` with `field` and `message`, …). */
export const ERROR_CODE: JsonSchema = {
  type: 'object',
  required: ['code'],
  properties: {
    code: { type: 'string', description: 'InvalidField, ConcurrentModification, OutOfStock, …' },
    field: { type: 'string', description: 'InvalidField: where in the request' },
    message: { type: 'string' },
  },
  additionalProperties: true,
  description: 'One reason; members beside `code` depend on it (`currentVersion`, `skus`, …)',
};

/** The one error body of the API: `{statusCode, error, message, errors?}`. */
export const ERROR_BODY: JsonSchema = {
  type: 'object',
  required: ['statusCode', 'error', 'message'],
  properties: {
    statusCode: { type: 'integer' },
    error: { type: 'string', description: 'The status text, e.g. Bad Request' },
    message: { type: 'string', description: 'For a 400, names each bad field' },
    errors: { type: 'array', items: ERROR_CODE },
  },
  additionalProperties: false,
};

/** The error statuses a route can declare. 429 is the rate limit's (with a Retry-After header). */
export type ErrorStatus =
  400 | 401 | 402 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 500 | 503;

const ERROR_MEANING: Readonly<Record<ErrorStatus, string>> = {
  400: 'Bad input: the message and `errors[].field` name each bad field',
  401: "No bearer token ('JWT not present.') or not a live one ('Invalid JWT.')",
  402: 'Payment declined or required',
  403: 'The token is valid but not allowed here',
  404: 'Not found, or not the caller’s',
  405: 'Method not allowed on this path (see the Allow header)',
  409: 'Conflict with the current state (a stale version, …)',
  413: 'The body is larger than the route accepts',
  415: 'Unsupported content type',
  422: 'Understood but refused',
  429: 'Too many requests: wait the seconds of the Retry-After header',
  500: 'A fault on our side; the details stay in the log',
  503: 'Not available yet',
};

/** The error schema for one status, described. */
export const errorResponse = (status: ErrorStatus, description?: string): JsonSchema => ({
  ...ERROR_BODY,
  description: description ?? `${STATUS_CODES[status] ?? 'Error'}: ${ERROR_MEANING[status]}`,
});

export interface AnswerOptions {
  /** The route needs no bearer token: no 401. */
  readonly public?: boolean;
  /** The error statuses this route gives beside the ones every route can (400, 401, 500). */
  readonly errors?: readonly ErrorStatus[];
  /** A status whose error body says more than the shared one (the discount routes' 400). */
  readonly errorSchemas?: Readonly<Partial<Record<ErrorStatus, JsonSchema>>>;
}

/**
 * A route's `response`: its successful answers as given, and an error body for every status it
 * can answer with. Every /api route can answer 400 (a control character in any input is refused
 * before it runs), 500, and — unless public — 401.
 */
export const answers = (
  ok: Readonly<Record<number, JsonSchema>>,
  options: AnswerOptions = {},
): Record<number, JsonSchema> => {
  const statuses = new Set<ErrorStatus>([400, 500, ...(options.errors ?? [])]);
  if (options.public !== true) statuses.add(401);
  const errors = [...statuses]
    .sort((a, b) => a - b)
    .map((status) => [status, options.errorSchemas?.[status] ?? errorResponse(status)] as const);
  // Each answer is described (@fastify/swagger writes "Default Response" for one that is not).
  const described = Object.entries(ok).map(([status, schema]) => [
    status,
    'description' in schema ? schema : { ...schema, description: STATUS_CODES[status] ?? status },
  ]);
  return { ...Object.fromEntries(described), ...Object.fromEntries(errors) };
};

/** Adds error statuses to a route's answers (the rate-limited routes add 429 this way). */
export const withErrors = (
  response: Readonly<Record<number, JsonSchema>>,
  ...statuses: readonly ErrorStatus[]
): Record<number, JsonSchema> => ({
  ...response,
  ...Object.fromEntries(statuses.map((s) => [s, response[s] ?? errorResponse(s)])),
});

/** An answer with no body (204). */
export const noContent = (description: string): JsonSchema => ({ type: 'null', description });

/** An answer that is not JSON: its content type and what it is. */
export const binary = (contentType: string, description: string): JsonSchema => ({
  description,
  content: { [contentType]: { schema: { type: 'string', format: 'binary' } } },
});

// --- building blocks ---

export const str = (description?: string): JsonSchema => ({
  type: 'string',
  ...(description === undefined ? {} : { description }),
});
export const int = (description?: string): JsonSchema => ({
  type: 'integer',
  ...(description === undefined ? {} : { description }),
});
export const num = (description?: string): JsonSchema => ({
  type: 'number',
  ...(description === undefined ? {} : { description }),
});
export const bool = (description?: string): JsonSchema => ({
  type: 'boolean',
  ...(description === undefined ? {} : { description }),
});
export const cents = (description?: string): JsonSchema => int(description ?? 'integer cents');
export const oneOf = (values: readonly string[], description?: string): JsonSchema => ({
  type: 'string',
  enum: [...values],
  ...(description === undefined ? {} : { description }),
});
export const arrayOf = (items: JsonSchema, description?: string): JsonSchema => ({
  type: 'array',
  items,
  ...(description === undefined ? {} : { description }),
});
/** A map of text to text (`{en-US: '…'}`, call name → path). */
export const textMap = (description?: string): JsonSchema => ({
  type: 'object',
  additionalProperties: { type: 'string' },
  ...(description === undefined ? {} : { description }),
});

/** An object of exactly these members; `required` are always there, the others may be left out. */
export const closed = (
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[] = [],
  description?: string,
): JsonSchema => ({
  type: 'object',
  properties,
  ...(required.length === 0 ? {} : { required: [...required] }),
  additionalProperties: false,
  ...(description === undefined ? {} : { description }),
});

/**
 * An object with these members and possibly others of any JSON (content models, configuration):
 * the others are passed through as they are.
 */
export const open = (
  properties: Readonly<Record<string, JsonSchema>>,
  required: readonly string[] = [],
  description?: string,
): JsonSchema => ({ ...closed(properties, required, description), additionalProperties: true });

/** Path parameters: each one named, described, and required (a path always has them). */
export const pathParams = (params: Readonly<Record<string, string | JsonSchema>>): JsonSchema => ({
  type: 'object',
  properties: Object.fromEntries(
    Object.entries(params).map(([name, p]) => [name, typeof p === 'string' ? str(p) : p]),
  ),
  required: Object.keys(params),
});

/**
 * A validator compiler that lets everything through: the route checks its own input by hand
 * (server/http/input.ts), naming every bad field the way the storefront reads them; the schema
 * describes that input for the reference. Spread into the route's options.
 */
export const checkedByRoute = {
  validatorCompiler: () => () => true,
} as const;
