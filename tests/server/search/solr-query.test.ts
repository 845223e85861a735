/**
 * server/search/solr-query.ts's 400s are the one bad-input shape every route uses
 * (server/http/input.ts): `errors: [{code: 'InvalidField', field: 'querystring.{param}', message}]`
 * and a message that starts with that field, so a client reads search 400s as it reads the others.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../server/http/errors';
import { fieldSpec } from '../../../server/search/fields';
import {
  integerParam,
  MAX_ROWS,
  parseSearchQuery,
  type RawParams,
} from '../../../server/search/solr-query';

/** The 400 a parse throws, or a failure naming what it answered instead. */
const rejection = (parse: () => unknown): ApiError => {
  let answer: unknown;
  try {
    answer = parse();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`expected a 400, parsed ${JSON.stringify(answer)}`);
};

const expectInvalidField = (error: ApiError, param: string): void => {
  const field = `querystring.${param}`;
  expect(error.statusCode).toBe(400);
  expect(error.errors).toEqual([{ code: 'InvalidField', field, message: expect.any(String) }]);
  const [only] = error.errors ?? [];
  expect(error.message).toBe(`${field} ${String(only?.message)}`);
};

describe('parseSearchQuery 400s', () => {
  const cases: [string, RawParams, string][] = [
    ['an unknown field in fq', { fq: 'colour_s:red' }, 'fq'],
    ['a malformed range', { fq: 'finalPrice_d:[10 TO' }, 'fq'],
    ['a word for a number', { fq: 'finalPrice_d:cheap' }, 'fq'],
    ['an unclosed quote in a value list', { fq: 'brand_s:("a OR b)' }, 'fq'],
    ['an unknown sort field', { sort: 'colour_s asc' }, 'sort'],
    ['an unknown fl field', { fl: 'sku_s,secret_s' }, 'fl'],
    ['rows over 100', { rows: '101' }, 'rows'],
    ['a negative start', { start: '-1' }, 'start'],
    ['skuSearch not a boolean', { skuSearch: 'yes' }, 'skuSearch'],
    ['a SKU search for a non-SKU', { skuSearch: 'true', q: 'matte black' }, 'q'],
    ['keywords too long', { q: 'x'.repeat(201) }, 'q'],
    ['a bad persona', { persona: 'G1' }, 'persona'],
    ['an unknown facet field', { 'facet.field': 'nope_s' }, 'facet.field'],
    [
      'a zero range gap',
      { 'facet.range': 'finalPrice_d', 'facet.range.gap': '0' },
      'facet.range.gap',
    ],
    ['a range facet on text', { 'facet.range': 'brand_s' }, 'facet.range'],
    ['rows given twice', { rows: ['1', '2'] }, 'rows'],
    ['a parameter that is not text', { sort: [{}] }, 'sort'],
  ];

  it.each(cases)('names querystring.%s… for %s', (_name, params, param) => {
    expectInvalidField(
      rejection(() => parseSearchQuery(params)),
      param,
    );
  });

  it('names querystring.fq for any filter on a field that is not a search field', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z_][\w.]{0,20}$/).filter((name) => fieldSpec(name) === null),
        fc.boolean(),
        (name, negate) => {
          const error = rejection(() => parseSearchQuery({ fq: `${negate ? '-' : ''}${name}:x` }));
          expectInvalidField(error, 'fq');
          expect(error.message).toContain(name);
        },
      ),
    );
  });

  it('accepts rows 0–100 and names querystring.rows for any other whole number', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (rows) => {
        const read = () => parseSearchQuery({ rows: String(rows) });
        if (rows >= 0 && rows <= MAX_ROWS) expect(read().rows).toBe(rows);
        else expectInvalidField(rejection(read), 'rows');
      }),
    );
  });
});

describe('integerParam (also read by the catalogue routes)', () => {
  it('names the query parameter it reads', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('rows', 'start', 'page'),
        fc.string().filter((s) => !/^\s*\d{1,9}\s*$/.test(s) && s.trim() !== ''),
        (name, value) => {
          expectInvalidField(
            rejection(() => integerParam({ [name]: value }, name, 0, 10, 0)),
            name,
          );
        },
      ),
    );
  });
});
