/**
 * Search answers kept in memory (server/search/answer-cache.ts) on a real server: a cached answer
 * equals one computed now, asking the same list another way finds the same answer, a checkout
 * through the real route that takes the last units of a SKU shows in the next list and typeahead,
 * and a committed catalogue change shows once the catalogue version moves.
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TYPEAHEAD_DEFAULT_FIELDS } from '../../../server/api/search';
import type { SearchDocument } from '../../../server/search/documents';
import { parseSearchQuery, type RawParams } from '../../../server/search/solr-query';
import { SearchService } from '../../../server/search/search-service';
import { startTestServer, type TestServer } from '../../support/test-server';
import { client as cartClient, guestToken } from '../cart/support';
import { paidCart, submit } from '../checkout/support';
import { queryString, type Params } from '../catalogue/support';

interface Found {
  readonly numFound: number;
  readonly docs: SearchDocument[];
}
interface Plp {
  readonly responseHeader: { status: number; QTime: number };
  readonly response: Found & { start: number };
  readonly facet_counts?: unknown;
  readonly spellcheck?: unknown;
}
interface Typeahead {
  readonly suggestions: string[];
  readonly response: Found;
}

let server: TestServer;
let search: SearchService;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  search = new SearchService(server.db);
  token = (await guestToken(server)).token;
});
afterAll(() => server.dispose());

const get = async <T>(route: string, params: Params): Promise<{ body: T; headers: Headers }> => {
  const res = await fetch(`${server.api}/search/${route}${queryString(params)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.status !== 200) throw new Error(`${route} → ${res.status} ${await res.text()}`);
  return { body: (await res.json()) as T, headers: res.headers };
};
/**
 * An answer as it comes off the wire, whatever Accept-Encoding the request sent: its encoding, its
 * Vary and its body decoded (node's http, which leaves the encoding to the caller, unlike fetch).
 */
const onTheWire = (
  url: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ encoding: string; vary: string; text: string }> =>
  new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(url),
      {
        method: body === undefined ? 'GET' : 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = String(res.headers['content-encoding'] ?? 'identity');
          const decoded =
            encoding === 'br'
              ? brotliDecompressSync(raw)
              : encoding === 'gzip'
                ? gunzipSync(raw)
                : raw;
          resolve({
            encoding,
            vary: String(res.headers.vary ?? ''),
            text: decoded.toString('utf8'),
          });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });

const plp = async (params: Params) => (await get<Plp>('plp', params)).body;
const typeahead = async (params: Params) => (await get<Typeahead>('typeahead', params)).body;

/** Everything but the time it took. */
const withoutTime = ({ responseHeader: _time, ...rest }: Plp) => rest;

/** The answer computed now, from the database, without the cache. */
const fresh = async (params: Params, facets = true) =>
  withoutTime(await search.search(parseSearchQuery(params as RawParams, { facets }), { facets }));

const LIST = {
  q: 'faucet',
  rows: 12,
  fq: ['onSale_b:false', 'inStock_b:true'],
  'facet.field': ['brand_s', 'finish_ss'],
  'facet.range': 'finalPrice_d',
  sort: 'finalPrice_d asc',
} as const;

describe('cached search answers', () => {
  it('answer a repeated list exactly as a fresh computation would', async () => {
    const first = await plp(LIST);
    const cached = await plp(LIST);
    expect(withoutTime(cached)).toEqual(withoutTime(first));
    expect(withoutTime(cached)).toEqual(await fresh(LIST));
  });

  it('answer a list asked another way (filter order, case, spaces, fl order) as the list itself', async () => {
    await plp(LIST);
    const other = {
      ...LIST,
      q: '  FAUCET ',
      fq: ['inStock_b:true', 'onSale_b:false', 'onSale_b:false'],
    };
    expect(withoutTime(await plp(other))).toEqual(await fresh(LIST));
    expect(withoutTime(await plp(other))).toEqual(await fresh(other));
    const fields = { rows: 5, fl: 'sku_s,finalPrice_d' };
    await plp(fields);
    expect(withoutTime(await plp({ rows: 5, fl: 'finalPrice_d, sku_s' }))).toEqual(
      await fresh(fields),
    );
  });

  it('count facets once per filter set: every page of a list has the same counts as computed now', async () => {
    const pages = [0, 12, 24].map((start) => ({ ...LIST, start }));
    for (const page of pages) {
      const answer = await plp(page);
      expect(answer.facet_counts).toEqual((await fresh(page)).facet_counts);
      expect(answer.response.start).toBe(page.start);
    }
  });

  it('answer typeahead and full-catalog as fresh ones', async () => {
    const typed = { q: 'matte b', rows: 6 };
    await typeahead(typed);
    expect(await typeahead({ q: 'Matte  B', rows: 6 })).toEqual(
      await search.typeahead('matte b', 6, TYPEAHEAD_DEFAULT_FIELDS),
    );
    const full = { rows: 7, fq: 'language:en' };
    await get<Plp>('full-catalog', full);
    expect(withoutTime((await get<Plp>('full-catalog', full)).body)).toEqual(
      await fresh({ ...full, rows: 7 }, false),
    );
  });

  it('send a cached answer as the very bytes of the first, its own QTime aside', async () => {
    const raw = async (route: string, params: Params) => {
      const res = await fetch(`${server.api}/search/${route}${queryString(params)}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return (await res.text()).replace(/^\{"responseHeader":\{"status":0,"QTime":\d+\}/, '');
    };
    const list = { ...LIST, q: 'vanity', rows: 20 };
    // The first is serialized from the object; the later ones are the bytes kept for it.
    const [first, second, third] = [
      await raw('plp', list),
      await raw('plp', list),
      await raw('plp', list),
    ];
    expect(first.length).toBeGreaterThan(1000);
    expect(second).toBe(first);
    expect(third).toBe(first);
    const typed = { q: 'vani', rows: 7 };
    const typedFirst = await raw('typeahead', typed);
    expect(await raw('typeahead', typed)).toBe(typedFirst);
    expect(await raw('typeahead', typed)).toBe(typedFirst);
    const full = { rows: 9, fq: 'language:en' };
    const fullFirst = await raw('full-catalog', full);
    expect(await raw('full-catalog', full)).toBe(fullFirst);
    expect(await raw('full-catalog', full)).toBe(fullFirst);
  });

  it('send a cached answer compressed once, as the request asks, the same answer decoded', async () => {
    /** The answer on the wire, its time aside. */
    const raw = async (route: string, params: Params, headers: Record<string, string>) => {
      const got = await onTheWire(`${server.api}/search/${route}${queryString(params)}`, headers);
      return {
        ...got,
        text: got.text.replace(/^\{"responseHeader":\{"status":0,"QTime":\d+\}/, ''),
      };
    };
    const list = { ...LIST, q: 'shower', rows: 15 };
    const plain = await raw('plp', list, {});
    expect(plain.encoding).toBe('identity');
    const cases: readonly [Record<string, string>, string][] = [
      [{ 'accept-encoding': 'gzip, deflate, br, zstd' }, 'br'],
      [{ 'accept-encoding': 'gzip, deflate' }, 'gzip'],
      // @fastify/compress reads `*` as gzip.
      [{ 'accept-encoding': '*' }, 'gzip'],
      [{ 'accept-encoding': 'br;q=0, gzip;q=0.8' }, 'gzip'],
      [{ 'accept-encoding': 'deflate' }, 'identity'],
      [{ 'accept-encoding': 'br', 'x-no-compression': '1' }, 'identity'],
    ];
    for (const [headers, encoding] of cases) {
      for (const route of [
        ['plp', list],
        ['typeahead', { q: 'show', rows: 10 }],
      ] as const) {
        const expected = (await raw(route[0], route[1], {})).text;
        // Served from the kept bytes, twice: compressed once, the same answer each time.
        for (let i = 0; i < 2; i += 1) {
          const got = await raw(route[0], route[1], headers);
          expect({ route: route[0], headers, encoding: got.encoding }).toEqual({
            route: route[0],
            headers,
            encoding,
          });
          expect(got.text).toBe(expected);
          if (encoding !== 'identity') expect(got.vary).toBe('accept-encoding');
        }
      }
    }
  });

  it('give a list the time of its own computation: 0 when it comes from memory, however long the request took', async () => {
    const list = { ...LIST, q: 'towel bar', rows: 4 };
    // Every reading of the clock is 7 ms after the one before: a request that read it around
    // anything but the computation (the version read, a busy event loop) would show it.
    let now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 7));
    try {
      const fresh = await plp(list);
      expect(fresh.responseHeader.QTime).toBeGreaterThan(0);
      expect(fresh.responseHeader.QTime % 7).toBe(0);
      for (let i = 0; i < 3; i += 1) {
        const again = await plp(list);
        expect(again.responseHeader.QTime).toBe(0);
        expect(withoutTime(again)).toEqual(withoutTime(fresh));
      }
    } finally {
      clock.mockRestore();
    }
  });

  it('send a product page gzipped from its kept start, each with its own query id', async () => {
    const slug = (await plp({ q: 'faucet', rows: 1 })).response.docs[0]?.slug_s;
    expect(typeof slug).toBe('string');
    const pdp = async (headers: Record<string, string>) => {
      const got = await onTheWire(`${server.api}/search/pdp`, headers, JSON.stringify({ slug }));
      return { ...got, answer: JSON.parse(got.text) as Record<string, unknown> };
    };
    const plain = await pdp({});
    expect(plain.encoding).toBe('identity');
    const cases: readonly [Record<string, string>, string][] = [
      // A browser names gzip: the kept start, whatever else it names.
      [{ 'accept-encoding': 'gzip, deflate, br, zstd' }, 'gzip'],
      [{ 'accept-encoding': 'gzip' }, 'gzip'],
      [{ 'accept-encoding': '*' }, 'gzip'],
      // Not naming gzip, or weighing its choices: compressed whole, by @fastify/compress.
      [{ 'accept-encoding': 'br' }, 'br'],
      [{ 'accept-encoding': 'br;q=0, gzip;q=0.8' }, 'gzip'],
      [{ 'accept-encoding': 'deflate' }, 'identity'],
      [{ 'accept-encoding': 'gzip', 'x-no-compression': '1' }, 'identity'],
    ];
    const ids = new Set<unknown>();
    for (const [headers, encoding] of cases) {
      for (let i = 0; i < 2; i += 1) {
        const got = await pdp(headers);
        expect({ headers, encoding: got.encoding }).toEqual({ headers, encoding });
        if (encoding !== 'identity') expect(got.vary).toBe('accept-encoding');
        const { fusion, ...rest } = got.answer;
        const { fusion: plainFusion, ...plainRest } = plain.answer;
        expect(rest).toEqual(plainRest);
        expect(Object.keys(fusion as object)).toEqual(Object.keys(plainFusion as object));
        ids.add((fusion as { fusionQueryId: unknown }).fusionQueryId);
      }
    }
    // Every answer has a query id of its own, the gzipped ones too.
    expect(ids.size).toBe(cases.length * 2);
  });

  it('tell browsers and CDNs to ask again for lists and typeahead, which show stock', async () => {
    expect((await get('plp', { q: 'sink', rows: 1 })).headers.get('cache-control')).toBe(
      'no-cache',
    );
    expect((await get('typeahead', { q: 'sin' })).headers.get('cache-control')).toBe('no-cache');
    expect((await get('full-catalog', { rows: 1 })).headers.get('cache-control')).toBe('no-cache');
    expect((await get('top-searches', {})).headers.get('cache-control')).toBe('public, max-age=60');
  });
});

describe('stock and prices on lists', () => {
  /** The buyable variant with the fewest units left (pickSku's conditions: no bundle, no service). */
  const scarcest = async () => {
    const r = await server.db.query<{
      sku: string;
      product_sku: string;
      available_qty: number;
      title: string;
    }>(
      `SELECT v.sku, v.product_sku, v.available_qty, p.title
       FROM product_variants v JOIN products p ON p.sku = v.product_sku
       WHERE cardinality(p.super_sku_components) = 0 AND cardinality(p.required_items) = 0
         AND p.kind IN ('finished-good', 'part') AND NOT p.backorderable AND NOT p.freight
         AND v.discontinued_at IS NULL AND v.available_qty > 0
       ORDER BY v.available_qty, v.sku LIMIT 1`,
    );
    const row = r.rows[0];
    if (row === undefined) throw new Error('no variant in stock');
    return { ...row, available_qty: Number(row.available_qty) };
  };

  const detailsQty = (doc: SearchDocument | undefined, variantSku: string): number | undefined => {
    const details = doc?.['Color.SKU.Details_ss'];
    const entry = Array.isArray(details)
      ? details.find((d) => d.split('|')[0] === variantSku)
      : undefined;
    return entry === undefined ? undefined : Number(entry.split('|')[5]);
  };

  it('show the stock an order left, on the next list, variant list and typeahead', async () => {
    const variant = await scarcest();
    const fl = 'sku_s,availableQty_i,inStock_b,Color.SKU.Details_ss';
    const masterList = { q: variant.product_sku, skuSearch: true, rows: 5, fl };
    const variantList = { q: variant.sku, skuSearch: true, noCollapse: true, rows: 5, fl };
    const typed = { q: variant.title, fl };
    const master = async () =>
      (await plp(masterList)).response.docs.find((d) => d.sku_s === variant.product_sku);
    const own = async () =>
      (await plp(variantList)).response.docs.find((d) => d.sku_s === variant.sku);
    const suggested = async () =>
      (await typeahead(typed)).response.docs.find((d) => d.sku_s === variant.product_sku);

    const before = await master();
    const beforeTotal = Number(before?.availableQty_i);
    expect(detailsQty(before, variant.sku)).toBe(variant.available_qty);
    expect((await own())?.availableQty_i).toBe(variant.available_qty);
    expect(detailsQty(await suggested(), variant.sku)).toBe(variant.available_qty);
    // Served from memory now.
    expect(await master()).toEqual(before);

    const shopper = cartClient(server, (await guestToken(server)).token);
    const cart = await paidCart(shopper, [{ sku: variant.sku, quantity: variant.available_qty }]);
    expect((await submit(shopper, cart)).status).toBe(201);

    const after = await master();
    expect(detailsQty(after, variant.sku)).toBe(0);
    expect(after?.availableQty_i).toBe(beforeTotal - variant.available_qty);
    expect(after?.inStock_b).toBe(beforeTotal - variant.available_qty > 0);
    const ownAfter = await own();
    expect(ownAfter?.availableQty_i).toBe(0);
    expect(ownAfter?.inStock_b).toBe(false);
    expect(detailsQty(await suggested(), variant.sku)).toBe(0);
    // And the list now is what the database says.
    expect(withoutTime(await plp(variantList))).toEqual(await fresh(variantList));
  });

  it('show a committed price change once the catalogue version moves, and not before', async () => {
    const list = { q: 'toilet', rows: 3, fl: 'sku_s,finalPrice_d', sort: 'sku_s asc' };
    const before = await plp(list);
    const first = before.response.docs[0];
    if (first === undefined) throw new Error('no toilet');
    const price = Number(first.finalPrice_d) + 1;
    await server.db.transaction(async (tx) => {
      await tx.query(
        `UPDATE search_documents SET final_price = $2,
           doc = jsonb_set(doc, '{finalPrice_d}', to_jsonb($2::numeric)) WHERE sku = $1`,
        [first.sku_s, price],
      );
    });
    // On the embedded database a writer that does not say so is not seen: the list is answered from
    // memory. A PostgreSQL server's version is the search_version row, which the write itself moved.
    const movedByTheWrite = server.db.kind === 'postgres';
    expect((await plp(list)).response.docs[0]?.finalPrice_d).toBe(
      movedByTheWrite ? price : first.finalPrice_d,
    );
    await server.catalogueVersion.changed();
    expect((await plp(list)).response.docs[0]?.finalPrice_d).toBe(price);
    expect(withoutTime(await plp(list))).toEqual(await fresh(list));
  });
});
