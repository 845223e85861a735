/**
 * The contract check every test server runs with (tests/support/test-server.ts): each answer of an
 * /api or /images route is checked against the response schema the route declares for its status —
 * the schemas GET /api/openapi.json is built from and answers are serialised by.
 *
 * It checks the answer as the route hands it over, before serialisation, with every object that
 * does not say otherwise taken as closed: serialisation by schema silently drops a member the
 * schema does not declare, so an undeclared member is a violation here (the storefront would
 * never see it). A status the route does not declare, a body that is not what the status says,
 * or a content type other than the declared one is a violation too. A request that found no route
 * must answer the API's error body.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_BODY } from '../../server/api/schemas/common';

export interface ContractViolation {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly problem: string;
}

type Schema = Record<string, unknown>;

const isObject = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The schema with every object that lists its members and says nothing more taken as closed. */
export const closedSchema = (schema: unknown): unknown => {
  if (Array.isArray(schema)) return schema.map(closedSchema);
  if (!isObject(schema)) return schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closedSchema(v)]));
    } else if (key === 'enum' || key === 'required' || key === 'const' || key === 'example') {
      out[key] = value;
    } else {
      out[key] = closedSchema(value);
    }
  }
  if (isObject(schema.properties) && !('additionalProperties' in schema)) {
    out.additionalProperties = false;
  }
  return out;
};

const isListed = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/images/');

/** The declared answer for a status: exact, then `4xx`-style, then `default`. */
export const declaredAnswer = (response: unknown, status: number): Schema | undefined => {
  if (!isObject(response)) return undefined;
  const found =
    response[String(status)] ?? response[`${Math.floor(status / 100)}xx`] ?? response.default;
  return isObject(found) ? found : undefined;
};

const mediaType = (header: unknown): string =>
  (typeof header === 'string' ? header : '').split(';')[0]?.trim().toLowerCase() ?? '';

/** Ajv's errors, each naming where and — for an undeclared member — which one. */
const describeErrors = (errors: ValidateFunction['errors']): string =>
  (errors ?? [])
    .map((e) => {
      const extra = e.params as { additionalProperty?: unknown };
      const member =
        typeof extra.additionalProperty === 'string' ? ` (${extra.additionalProperty})` : '';
      return `answer${e.instancePath} ${e.message ?? 'is invalid'}${member}`;
    })
    .join(', ');

export interface ContractCheck {
  readonly violations: ContractViolation[];
  readonly instrument: (app: FastifyInstance) => void;
}

export const contractCheck = (): ContractCheck => {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new WeakMap<object, ValidateFunction>();
  const validatorOf = (schema: Schema): ValidateFunction => {
    const known = compiled.get(schema);
    if (known !== undefined) return known;
    const { description: _d, ...rest } = schema;
    const validate = ajv.compile(closedSchema(rest) as Schema);
    compiled.set(schema, validate);
    return validate;
  };

  const violations: ContractViolation[] = [];
  const violation = (request: FastifyRequest, reply: FastifyReply, problem: string) =>
    violations.push({
      method: request.method,
      url: request.url.split('?')[0] ?? request.url,
      status: reply.statusCode,
      problem,
    });

  /** The schema the answer must meet, or a violation when the route declares none for it. */
  const expected = (request: FastifyRequest, reply: FastifyReply): Schema | null => {
    const route = request.routeOptions.url;
    if (route === undefined || request.is404) return ERROR_BODY;
    const declared = declaredAnswer(request.routeOptions.schema?.response, reply.statusCode);
    if (declared === undefined) {
      violation(request, reply, `status ${reply.statusCode} is not declared by ${route}`);
      return null;
    }
    return declared;
  };

  const instrument = (app: FastifyInstance): void => {
    app.addHook('preSerialization', async (request, reply, payload) => {
      if (!isListed(request.url)) return payload;
      const schema = expected(request, reply);
      if (schema === null) return payload;
      if (isObject(schema.content)) {
        violation(request, reply, 'a JSON answer where the route declares another content type');
        return payload;
      }
      const validate = validatorOf(schema);
      if (!validate(payload)) {
        violation(request, reply, describeErrors(validate.errors));
      }
      return payload;
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!isListed(request.url)) return payload;
      const type = mediaType(reply.getHeader('content-type'));
      if (reply.statusCode === 204 || reply.statusCode === 304) return payload;
      const schema = expected(request, reply);
      if (schema === null) return payload;
      if (isObject(schema.content)) {
        if (!Object.keys(schema.content).some((declared) => mediaType(declared) === type)) {
          violation(request, reply, `content type ${type} is not one the route declares`);
        }
        return payload;
      }
      if (schema.type === 'null') {
        if (payload !== null && payload !== undefined && payload !== '') {
          violation(request, reply, 'a body where the route declares none');
        }
        return payload;
      }
      if (type !== 'application/json') {
        violation(request, reply, `content type ${type || 'none'} where JSON is declared`);
      }
      return payload;
    });
  };

  return { violations, instrument };
};

/** The violations as a readable list, or null when there are none. */
export const describeViolations = (violations: readonly ContractViolation[]): string | null =>
  violations.length === 0
    ? null
    : `${violations.length} answer(s) broke the API contract:\n${violations
        .slice(0, 30)
        .map((v) => `  ${v.method} ${v.url} ${v.status}: ${v.problem}`)
        .join('\n')}`;
