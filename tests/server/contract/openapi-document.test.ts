/**
 * GET /api/openapi.json is a contract a client generator or a fuzzer can trust: every operation
 * declares its parameters (path parameters required), its request body when it reads one, a 2xx
 * with a real schema (or its content type), and each error it gives with the API's error body —
 * never Fastify's "Default Response".
 */
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../support/test-server';
import { operations, type OpenApiDocument } from './document';

let server: TestServer;
let doc: OpenApiDocument;

beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.api}/openapi.json`);
  expect(res.status).toBe(200);
  doc = (await res.json()) as OpenApiDocument;
});
afterAll(async () => server?.dispose());

/** Routes whose POST reads no body. */
const NO_BODY = new Set<string>([]);

const ERROR_MEMBERS = ['statusCode', 'error', 'message'];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3 with operations under /api and /images only', () => {
    expect(doc.openapi).toMatch(/^3\.\d+\.\d+$/);
    const paths = Object.keys(doc.paths);
    expect(paths.length).toBeGreaterThan(40);
    for (const path of paths) expect(path).toMatch(/^\/(api|images)\//);
  });

  it('is a valid OpenAPI document by the specification’s own schema', async () => {
    const spec = structuredClone(doc) as unknown as Parameters<Validator['validate']>[0];
    const result = await new Validator().validate(spec);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('gives every operation a 2xx with a schema or a content type, and no Default Response', () => {
    const wrong: string[] = [];
    for (const { path, method, operation } of operations(doc)) {
      const name = `${method.toUpperCase()} ${path}`;
      const ok = Object.entries(operation.responses).filter(([status]) => /^2\d\d$/.test(status));
      if (ok.length === 0) wrong.push(`${name}: no 2xx`);
      for (const [status, response] of Object.entries(operation.responses)) {
        if (response.description === 'Default Response') wrong.push(`${name} ${status}: Default`);
      }
      for (const [status, response] of ok) {
        if (status === '204') continue;
        const media = Object.entries(response.content ?? {});
        if (media.length === 0) wrong.push(`${name} ${status}: no content`);
        for (const [type, m] of media) {
          if (m.schema === undefined) wrong.push(`${name} ${status} ${type}: no schema`);
          else if (
            type === 'application/json' &&
            !['type', 'oneOf', 'anyOf', 'allOf', '$ref'].some((k) => k in m.schema!)
          ) {
            wrong.push(`${name} ${status}: an empty schema`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('declares on every operation the errors every route can give: 400, 500 and, unless public, 401', () => {
    const wrong: string[] = [];
    for (const { path, method, operation } of operations(doc)) {
      const name = `${method.toUpperCase()} ${path}`;
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      const expected = ['400', '500', ...(isPublic ? [] : ['401'])];
      for (const status of expected) {
        if (operation.responses[status] === undefined) wrong.push(`${name}: no ${status}`);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!/^[45]\d\d$/.test(status)) continue;
        const schema = response.content?.['application/json']?.schema as
          { required?: string[] } | undefined;
        if (!ERROR_MEMBERS.every((m) => schema?.required?.includes(m))) {
          wrong.push(`${name} ${status}: not the error body`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('marks every path parameter required, and describes the body of every POST', () => {
    const wrong: string[] = [];
    for (const { path, method, operation } of operations(doc)) {
      const name = `${method.toUpperCase()} ${path}`;
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      for (const param of inPath) {
        const declared = operation.parameters?.find((p) => p.in === 'path' && p.name === param);
        if (declared === undefined) wrong.push(`${name}: path parameter ${param} undeclared`);
        else if (declared.required !== true) wrong.push(`${name}: ${param} not required`);
      }
      if (method === 'post' && !NO_BODY.has(path)) {
        const schema = operation.requestBody?.content?.['application/json']?.schema;
        if (schema === undefined) wrong.push(`${name}: no request body`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('marks the required query parameters it names required', () => {
    const required = (path: string, method: string, name: string) =>
      operations(doc)
        .find((o) => o.path === path && o.method === method)
        ?.operation.parameters?.find((p) => p.in === 'query' && p.name === name)?.required;
    expect(required('/api/oauth/token', 'post', 'scope')).toBe(true);
    expect(required('/api/catalog/stock', 'get', 'sku')).toBe(true);
    expect(required('/api/orders', 'get', 'state')).toBe(true);
    expect(required('/api/cart/items', 'post', 'cartId')).toBe(true);
    expect(required('/api/search/plp', 'get', 'q')).not.toBe(true);
  });
});
