/**
 * One input boundary for control characters (issue 13): before any route code runs, every string a
 * client sends — the query, the path parameters and the JSON body at any depth, keys as well as
 * values — is refused with the shop's one 400 (server/http/input.ts) naming the field when it holds
 * a C0 control (U+0000–U+001F), DEL (U+007F) or a C1 control (U+0080–U+009F). PostgreSQL refuses
 * NUL in text, so without this a NUL reached a query and came back as a 500. It guards the API's
 * routes; the storefront's page addresses are answered by the shell (page-existence.ts reads a
 * page with a control character in its address as not there).
 *
 * Tab, line feed and carriage return are allowed anywhere only in a body field listed in
 * MULTI_LINE_FIELDS (multi-line free text; the storefront has none today, so the list is empty);
 * elsewhere only as spacing at the ends, which the routes trim. The headers the app
 * reads need no walk here: Node's HTTP parser already refuses control characters in header values.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldError, invalidFields, isRecord, type FieldError } from './input';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** Body fields (by last key) that hold multi-line free text and so may carry tab, LF and CR. */
export const MULTI_LINE_FIELDS: ReadonlySet<string> = new Set<string>();

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters';

// Spacing at the ends, which the routes trim: a pasted e-mail often ends in a tab or a newline.
const EDGE_SPACING = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * Whether the text holds a control character the field may not carry: in a one-line field, tab, LF
 * and CR only as spacing at its ends; in a multi-line field, anywhere.
 */
export const hasControlCharacter = (value: string, multiLine = false): boolean =>
  multiLine
    ? CONTROL_EXCEPT_LINE_BREAKS.test(value)
    : // Nearly every value holds none at all: only one that does is trimmed and looked at again.
      CONTROL.test(value) && CONTROL.test(value.replace(EDGE_SPACING, ''));

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `actions[0].lineItemShipping.roomInfo`, `querystring.q`; an odd key is quoted. */
const member = (path: string, key: string): string => {
  const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
  return path === '' ? name : `${path}.${name}`;
};

const NONE: readonly FieldError[] = [];

const isEmpty = (value: unknown): boolean => {
  if (value === undefined || value === null) return true;
  if (typeof value !== 'object') return false;
  for (const _key in value) return false;
  return true;
};

const NO_MULTI_LINE_FIELDS: ReadonlySet<string> = new Set<string>();

/**
 * Adds to `found` every field under `node` whose text (or key) holds a control character. A
 * function of the module rather than a closure made per call: the boundary runs on every API
 * request.
 */
const walk = (
  node: unknown,
  at: string,
  key: string | null,
  depth: number,
  multiLine: ReadonlySet<string>,
  found: FieldError[],
): void => {
  // JSON nesting is bounded by the body limit; the depth guard keeps a pathological one cheap.
  if (depth > 64) return;
  // A binary body (an upload, read as bytes) holds no text: walking its bytes as members would
  // take seconds for a file of megabytes and judge bytes as characters.
  if (ArrayBuffer.isView(node)) return;
  if (typeof node === 'string') {
    if (hasControlCharacter(node, key !== null && multiLine.has(key))) {
      found.push(fieldError(at === '' ? 'body' : at, CONTROL_CHARACTER_MESSAGE));
    }
    return;
  }
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i += 1) {
      walk(node[i], `${at}[${i}]`, key, depth + 1, multiLine, found);
    }
    return;
  }
  if (isRecord(node)) {
    for (const k in node) {
      if (!Object.hasOwn(node, k)) continue;
      const v = node[k];
      if (hasControlCharacter(k)) {
        found.push(fieldError(member(at, k), CONTROL_CHARACTER_MESSAGE));
      } else if (typeof v === 'string') {
        // A text member is named only when it is refused.
        if (hasControlCharacter(v, multiLine.has(k))) {
          found.push(fieldError(member(at, k), CONTROL_CHARACTER_MESSAGE));
        }
      } else {
        walk(v, member(at, k), k, depth + 1, multiLine, found);
      }
    }
  }
};

/** Every field under `value` whose text (or key) holds a control character, by its field name. */
export const controlCharacterFields = (
  value: unknown,
  path: string,
  options: { readonly multiLineFields?: ReadonlySet<string> } = {},
): readonly FieldError[] => {
  // Most requests send no query, no path parameters or no body: nothing to walk.
  if (isEmpty(value)) return NONE;
  const found: FieldError[] = [];
  walk(value, path, null, 0, options.multiLineFields ?? NO_MULTI_LINE_FIELDS, found);
  return found.length === 0 ? NONE : found;
};

const MULTI_LINE = { multiLineFields: MULTI_LINE_FIELDS };

/** The 400 for a request carrying a control character anywhere, or null when it carries none. */
export const controlCharacterProblems = (
  request: Pick<FastifyRequest, 'query' | 'params' | 'body'>,
): readonly FieldError[] => {
  const query = controlCharacterFields(request.query, 'querystring');
  const params = controlCharacterFields(request.params, 'params');
  // Body fields are named without a prefix, as every route names them (`actions[0].sku`).
  const body = controlCharacterFields(request.body, '', MULTI_LINE);
  if (query === NONE && params === NONE && body === NONE) return NONE;
  return [...query, ...params, ...body];
};

const isApiRoute = (route: string | undefined): boolean =>
  route !== undefined && (route === '/api' || route.startsWith('/api/'));

/** Registers the boundary: a preValidation hook, so it runs before schemas and route code. */
export const registerControlCharacterBoundary = (app: FastifyInstance): void => {
  app.addHook('preValidation', (request, _reply, done) => {
    // The API's routes only: a page address goes to the storefront shell, which answers any
    // address with a page (a 404 page when nothing is there), never with JSON.
    if (!isApiRoute(request.routeOptions.url)) return done();
    const problems = controlCharacterProblems(request);
    done(problems.length > 0 ? invalidFields(problems) : undefined);
  });
};
