/**
 * The contract check every test server runs with catches what serialisation by schema would hide:
 * a member the schema does not declare (fast-json-stringify drops it silently), a wrong type, a
 * status the route does not declare, and a content type other than the declared one.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { answers, binary, closed, int, str } from '../../../server/api/schemas/common';
import { closedSchema, contractCheck } from '../../support/contract-check';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const appWith = async (answer: unknown, status = 200) => {
  const check = contractCheck();
  app = Fastify();
  check.instrument(app);
  app.get(
    '/api/thing',
    { schema: { response: answers({ 200: closed({ id: str(), count: int() }, ['id']) }) } },
    async (_request, reply) => reply.code(status).send(answer),
  );
  app.get(
    '/api/file',
    { schema: { response: answers({ 200: binary('application/pdf', 'A file') }) } },
    async (_request, reply) => reply.type('text/plain').send('not a pdf'),
  );
  await app.ready();
  return check;
};

describe('the contract check', () => {
  it('passes an answer the schema declares', async () => {
    const check = await appWith({ id: 'a', count: 2 });
    const res = await app!.inject({ method: 'GET', url: '/api/thing' });
    expect(res.json()).toEqual({ id: 'a', count: 2 });
    expect(check.violations).toEqual([]);
  });

  it('reports a member the schema does not declare, which the client would never see', async () => {
    const check = await appWith({ id: 'a', extra: true });
    const res = await app!.inject({ method: 'GET', url: '/api/thing' });
    expect(res.json()).toEqual({ id: 'a' });
    expect(check.violations).toEqual([
      expect.objectContaining({
        url: '/api/thing',
        status: 200,
        problem: expect.stringMatching(/additional properties \(extra\)/),
      }),
    ]);
  });

  it('reports a wrong type, and a status the route does not declare', async () => {
    const check = await appWith({ id: 'a', count: 1.5 });
    await app!.inject({ method: 'GET', url: '/api/thing' });
    expect(check.violations[0]?.problem).toMatch(/count must be integer/);
    await app!.close();
    const second = await appWith({ statusCode: 418, error: 'Teapot', message: 'no' }, 418);
    await app!.inject({ method: 'GET', url: '/api/thing' });
    expect(second.violations[0]?.problem).toMatch(/status 418 is not declared/);
  });

  it('reports a content type other than the declared one', async () => {
    const check = await appWith({});
    await app!.inject({ method: 'GET', url: '/api/file' });
    expect(check.violations[0]?.problem).toMatch(/content type text\/plain/);
  });

  it('takes an object that lists its members and says nothing more as closed, at any depth', () => {
    expect(
      closedSchema({
        type: 'object',
        properties: { a: { type: 'object', properties: { b: { type: 'string' } } } },
        additionalProperties: true,
      }),
    ).toEqual({
      type: 'object',
      properties: {
        a: { type: 'object', properties: { b: { type: 'string' } }, additionalProperties: false },
      },
      additionalProperties: true,
    });
  });
});
