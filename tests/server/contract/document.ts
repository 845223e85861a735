/**
 * Reading GET /api/openapi.json as a client generator or a contract fuzzer would: find the
 * operation a request went to, and check an answer against what the document says that operation
 * answers with that status (Ajv over the document's own schemas).
 */
import { Ajv, type ValidateFunction } from 'ajv';

export interface OpenApiDocument {
  readonly openapi: string;
  readonly paths: Record<string, Record<string, Operation>>;
}

export interface Parameter {
  readonly name: string;
  readonly in: string;
  readonly required?: boolean;
  readonly schema?: unknown;
}

export interface MediaType {
  readonly schema?: Record<string, unknown>;
}

export interface Response {
  readonly description: string;
  readonly content?: Record<string, MediaType>;
}

export interface Operation {
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly content?: Record<string, MediaType> };
  readonly responses: Record<string, Response>;
  readonly security?: readonly unknown[];
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Every operation of the document with its path and method. */
export const operations = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    HTTP_METHODS.filter((m) => item[m] !== undefined).map((method) => ({
      path,
      method,
      operation: item[method] as Operation,
    })),
  );

/** `/api/cart/{id}` → a pattern matching `/api/cart/abc`; a `{*}`-style tail matches the rest. */
const templatePattern = (template: string): RegExp =>
  new RegExp(
    `^${template
      .split('/')
      .map((segment) =>
        segment === '{*}' || segment === '*'
          ? '.*'
          : /^\{[^}]+\}$/.test(segment)
            ? '[^/]+'
            : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}$`,
  );

export interface AnswerCheck {
  /** The problem with this answer, or null when the document allows it. */
  check(
    method: string,
    path: string,
    status: number,
    contentType: string,
    body: unknown,
  ): string | null;
  /** The operations (`METHOD /template`) answers were checked against so far. */
  readonly seen: Set<string>;
}

export const answerChecker = (doc: OpenApiDocument): AnswerCheck => {
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: false });
  const compiled = new Map<string, ValidateFunction>();
  const templates = Object.keys(doc.paths)
    // Literal paths before templated ones: /api/cart/active is not /api/cart/{id}.
    .sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0))
    .map((template) => ({ template, pattern: templatePattern(template) }));
  const seen = new Set<string>();

  return {
    seen,
    check(method, path, status, contentType, body) {
      const lower = method.toLowerCase();
      const found = templates.find(
        (t) => t.pattern.test(path) && doc.paths[t.template]?.[lower] !== undefined,
      );
      if (found === undefined) return `no operation ${method} ${path} in the document`;
      const key = `${method.toUpperCase()} ${found.template}`;
      seen.add(key);
      const operation = doc.paths[found.template]?.[lower] as Operation;
      const response = operation.responses[String(status)] ?? operation.responses.default;
      if (response === undefined) return `${key}: status ${status} is not in the document`;
      if (status === 204) return body === undefined ? null : `${key}: 204 with a body`;
      const mediaType = contentType.split(';')[0]?.trim() ?? '';
      const media = response.content?.[mediaType];
      if (media === undefined) {
        return `${key} ${status}: content type ${mediaType} is not in the document`;
      }
      if (mediaType !== 'application/json' || media.schema === undefined) return null;
      const id = `${key} ${status}`;
      let validate = compiled.get(id);
      if (validate === undefined) {
        validate = ajv.compile(media.schema);
        compiled.set(id, validate);
      }
      return validate(body)
        ? null
        : `${id}: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`;
    },
  };
};
