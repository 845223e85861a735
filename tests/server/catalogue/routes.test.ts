/**
 * The catalogue calls beside the product list (docs/api.md "Other catalogue calls"), content,
 * configuration, images and the OpenAPI reference, against the running server and its seeded
 * catalogue: each answers its documented shape with the catalogue's values; unknown things are a
 * 404 or empty as documented; bad parameters are 400s naming the parameter.
 */
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listPageModelPaths } from '../../../server/content';
import type { SearchDocument } from '../../../server/search/documents';
import { startTestServer, type TestServer } from '../../support/test-server';
import { catalogueTruth, client, guestToken, type ErrorBody } from './support';

let server: TestServer;
let api: ReturnType<typeof client>;
let anonymous: ReturnType<typeof client>;
const truth = catalogueTruth();
const { catalogue } = truth;

beforeAll(async () => {
  server = await startTestServer();
  api = client(server, await guestToken(server));
  anonymous = client(server, null);
});
afterAll(() => server.dispose());

const product = (i: number) => {
  const p = catalogue.products[i];
  if (p === undefined) throw new Error(`no product ${i}`);
  return p;
};

const reviewCounts = new Map<string, number>();
for (const r of catalogue.reviews) reviewCounts.set(r.sku, (reviewCounts.get(r.sku) ?? 0) + 1);
const reviewed =
  [...reviewCounts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))[0]?.[0] ?? '';
const withCollection =
  catalogue.products.find((p) => p.collectionSlug !== null && p.variants.length > 1) ?? product(0);

const expectBadRequest = (res: { status: number; body: unknown }, param: string) => {
  expect(res.status).toBe(400);
  const message = (res.body as ErrorBody).message;
  expect(message.startsWith(`${param} `) || message.includes(`.${param} `)).toBe(true);
};

describe('POST /api/search/pdp', () => {
  it('answers the one product with the slug, all its fields, and a fusion query id', async () => {
    const p = product(42);
    const res = await api.post<{
      response: { numFound: number; docs: SearchDocument[] };
      fusion: { fusionQueryId: string };
    }>('/api/search/pdp', { slug: p.slug });
    expect(res.status).toBe(200);
    expect(res.body.response.numFound).toBe(1);
    expect(res.body.response.docs[0]).toEqual(truth.bySku.get(p.sku));
    expect(res.body.fusion.fusionQueryId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('honours fl', async () => {
    const res = await api.post<{ response: { docs: SearchDocument[] } }>(
      '/api/search/pdp',
      { slug: product(3).slug },
      { fl: 'sku_s,slug_s' },
    );
    expect(res.body.response.docs).toEqual([{ sku_s: product(3).sku, slug_s: product(3).slug }]);
  });

  it('answers no documents for an unknown slug', async () => {
    const res = await api.post<{ response: { numFound: number; docs: unknown[] } }>(
      '/api/search/pdp',
      {
        slug: 'no-such-product-k-1',
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.response).toEqual({ numFound: 0, docs: [] });
  });

  it('refuses a missing or malformed slug, naming it', async () => {
    expectBadRequest(await api.post('/api/search/pdp', {}), 'slug');
    expectBadRequest(await api.post('/api/search/pdp', { slug: '../etc/passwd' }), 'slug');
    expectBadRequest(await api.post('/api/search/pdp', { slug: 'a' }, { fl: 'nope' }), 'fl');
  });
});

describe('other search calls', () => {
  it('full-catalog lists the products of a ctId list in English, without facets', async () => {
    const chosen = [product(1), product(200), product(900)];
    const ctIds = chosen.map((p) => String(truth.bySku.get(p.sku)?.ctId_s));
    const res = await api.get<{
      response: { numFound: number; docs: SearchDocument[] };
      facet_counts?: unknown;
    }>('/api/search/full-catalog', {
      q: '*:*',
      fq: [`ctId_s:(${ctIds.join(' OR ')})`, 'language:en'],
      fl: 'sku_s,ctId_s',
      start: 0,
      rows: 50,
    });
    expect(res.status).toBe(200);
    expect(res.body.response.numFound).toBe(3);
    expect(res.body.response.docs.map((d) => d.sku_s).sort()).toEqual(
      chosen.map((p) => p.sku).sort(),
    );
    expect(res.body.facet_counts).toBeUndefined();
    const french = await api.get<{ response: { numFound: number } }>('/api/search/full-catalog', {
      fq: [`ctId_s:${ctIds[0] ?? ''}`, 'language:fr'],
    });
    expect(french.body.response.numFound).toBe(0);
  });

  it('top searches are the catalogue’s, in order', async () => {
    const res = await api.get<{ terms: string[] }>('/api/search/top-searches');
    expect(res.body).toEqual({ terms: catalogue.topSearches });
  });

  it('profile names the general profile', async () => {
    const res = await api.get('/api/search/profile');
    expect(res.body).toEqual({
      profiles: [{ name: 'profile_lavabo_General', collection: 'lavabo' }],
    });
  });

  it('tooltips explain the fixed facets and every category attribute', async () => {
    const res = await api.get<{ tooltips: { field: string; label: string; text: string }[] }>(
      '/api/search/tooltip',
      { collection: 'lavabo' },
    );
    const fields = res.body.tooltips.map((t) => t.field);
    expect(fields).toEqual(expect.arrayContaining(['finish_ss', 'brand_s', 'finalPrice_d']));
    const attributes = new Set(catalogue.categories.flatMap((c) => c.facetAttributes));
    for (const a of attributes) expect(fields).toContain(`attr_${a}_s`);
    for (const t of res.body.tooltips) expect(t.text.length).toBeGreaterThan(0);
    expectBadRequest(await api.get('/api/search/tooltip', { collection: '<x>' }), 'collection');
  });

  it('help-faq lists the catalogue’s articles in order', async () => {
    const res = await api.get<{ articles: { slug: string; paragraphs: string[] }[] }>(
      '/api/search/help-faq',
    );
    expect(res.body.articles.map((a) => a.slug)).toEqual(catalogue.helpArticles.map((a) => a.slug));
    expect(res.body.articles[0]?.paragraphs).toEqual(catalogue.helpArticles[0]?.paragraphs);
  });
});

describe('GET /api/catalog/projection', () => {
  interface Projection {
    id: string;
    key: string;
    slug: { en: string };
    name: { en: string };
    masterVariant: { sku: string; prices: { country: string; value: { centAmount: number } }[] };
    variants: { sku: string }[];
  }
  type Projections = { count: number; results: Projection[] };

  it('finds a product by slug, SKU, variant SKU and commerce id', async () => {
    const p = withCollection;
    const ctId = String(truth.bySku.get(p.sku)?.ctId_s);
    const variantSku = p.variants[1]?.sku ?? p.sku;
    for (const where of [
      `slug="${p.slug}"`,
      `sku="${p.sku}"`,
      `sku="${variantSku}"`,
      `id="${ctId}"`,
    ]) {
      const res = await api.get<Projections>('/api/catalog/projection', { where });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(1);
      const [found] = res.body.results;
      expect(found?.key).toBe(p.sku);
      expect(found?.id).toBe(ctId);
      expect(found?.slug.en).toBe(p.slug);
      expect(found?.name.en).toBe(p.title);
      expect([found?.masterVariant.sku, ...(found?.variants ?? []).map((v) => v.sku)]).toEqual(
        p.variants.map((v) => v.sku),
      );
      const us = p.prices.find((x) => x.region === 'US');
      expect(found?.masterVariant.prices.find((x) => x.country === 'US')?.value.centAmount).toBe(
        us?.listCents,
      );
    }
  });

  it('answers empty results for an unknown product', async () => {
    const res = await api.get<Projections>('/api/catalog/projection', {
      where: 'slug="nothing-here"',
    });
    expect(res.body).toMatchObject({ count: 0, results: [] });
  });

  it('refuses a where that is not one equality on slug, sku or id', async () => {
    expectBadRequest(await api.get('/api/catalog/projection'), 'where');
    expectBadRequest(await api.get('/api/catalog/projection', { where: 'price>1' }), 'where');
    expectBadRequest(
      await api.get('/api/catalog/projection', { where: 'slug="a" or 1=1' }),
      'where',
    );
  });
});

describe('GET /api/catalog/reviews', () => {
  type Reviews = {
    total: number;
    averageRating: number;
    reviews: { id: string; rating: number; createdAt: string; verifiedPurchase: boolean }[];
  };

  it('pages a product’s reviews newest first with their count and average', async () => {
    const mine = catalogue.reviews.filter((r) => r.sku === reviewed);
    const average = Math.round((mine.reduce((s, r) => s + r.rating, 0) / mine.length) * 10) / 10;
    const first = await api.get<Reviews>('/api/catalog/reviews', {
      sku: reviewed,
      start: 0,
      rows: 3,
    });
    const rest = await api.get<Reviews>('/api/catalog/reviews', {
      sku: reviewed,
      start: 3,
      rows: 50,
    });
    expect(first.body.total).toBe(mine.length);
    expect(first.body.averageRating).toBeCloseTo(average, 5);
    const all = [...first.body.reviews, ...rest.body.reviews];
    expect(first.body.reviews).toHaveLength(3);
    expect(all.map((r) => r.id).sort()).toEqual(mine.map((r) => r.id).sort());
    for (let i = 1; i < all.length; i += 1) {
      expect(Date.parse(all[i - 1]?.createdAt ?? '') >= Date.parse(all[i]?.createdAt ?? '')).toBe(
        true,
      );
    }
  });

  it('404s an unknown SKU and refuses bad paging, naming the parameter', async () => {
    expect((await api.get('/api/catalog/reviews', { sku: 'K-1' })).status).toBe(404);
    expectBadRequest(await api.get('/api/catalog/reviews', {}), 'sku');
    expectBadRequest(await api.get('/api/catalog/reviews', { sku: reviewed, rows: 0 }), 'rows');
    expectBadRequest(await api.get('/api/catalog/reviews', { sku: reviewed, start: -2 }), 'start');
  });
});

describe('inventory and stock', () => {
  const p = withCollection;
  const variant = p.variants[0];

  it('inventory answers each known SKU in the order asked; a master SKU counts every variant', async () => {
    const res = await api.get<{
      results: { sku: string; availableQuantity: number; backorderable: boolean }[];
    }>('/api/catalog/inventory', { sku: [p.sku, 'K-1', variant?.sku ?? ''] });
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual([
      {
        sku: p.sku,
        availableQuantity: p.variants.reduce((s, v) => s + v.availableQty, 0),
        backorderable: p.backorderable,
        leadTimeDays: p.leadTimeDays,
      },
      {
        sku: variant?.sku,
        availableQuantity: variant?.availableQty,
        backorderable: p.backorderable,
        leadTimeDays: p.leadTimeDays,
      },
    ]);
    expectBadRequest(await api.get('/api/catalog/inventory'), 'sku');
    expectBadRequest(await api.get('/api/catalog/inventory', { sku: 'K 1!' }), 'sku');
  });

  it('stock answers the available quantity of a SKU, 404 for an unknown one', async () => {
    const res = await api.get('/api/catalog/stock', { sku: variant?.sku ?? '' });
    expect(res.body).toEqual({ sku: variant?.sku, availableQuantity: variant?.availableQty });
    expect((await api.get('/api/catalog/stock', { sku: 'K-1-XX' })).status).toBe(404);
    expectBadRequest(await api.get('/api/catalog/stock'), 'sku');
  });
});

describe('GET /api/catalog/pdp-teaser', () => {
  type Teasers = { teasers: { type: string; title: string; link: { href: string } | null }[] };

  it('answers teasers for a product: its collection first', async () => {
    const collection = catalogue.collections.find((c) => c.slug === withCollection.collectionSlug);
    const res = await api.get<Teasers>('/api/catalog/pdp-teaser', {
      skuId: withCollection.sku,
      category: withCollection.categorySlug,
    });
    expect(res.status).toBe(200);
    expect(res.body.teasers.length).toBeGreaterThan(1);
    for (const t of res.body.teasers) expect(t.type).toBe('teaser');
    expect(res.body.teasers[0]?.title).toContain(collection?.name ?? '?');
  });

  it('falls back to the category, and answers none when neither is known', async () => {
    const byCategory = await api.get<Teasers>('/api/catalog/pdp-teaser', {
      skuId: 'K-1',
      category: 'kitchen-sinks',
    });
    expect(byCategory.body.teasers.length).toBeGreaterThan(0);
    const none = await api.get<Teasers>('/api/catalog/pdp-teaser', {
      skuId: 'K-1',
      category: 'nothing',
    });
    expect(none.body).toEqual({ teasers: [] });
    expectBadRequest(await api.get('/api/catalog/pdp-teaser', {}), 'skuId');
    expectBadRequest(
      await api.get('/api/catalog/pdp-teaser', { skuId: 'K-1', category: 'Bad Slug' }),
      'category',
    );
  });
});

describe('GET /api/catalog/pdf-file-download', () => {
  it('answers a one-or-two page PDF of the product named by a document link, without a token', async () => {
    const p = product(10);
    const link = p.documents.find((d) => d.kind === 'installation-guide') ?? p.documents[0];
    expect(link).toBeDefined();
    const res = await fetch(`${server.url}${link?.url ?? ''}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="${p.sku}-${link?.kind ?? ''}.pdf"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    const pdf = await PDFDocument.load(bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getPageCount()).toBeLessThanOrEqual(2);
    expect(pdf.getTitle()).toContain(p.sku);
  });

  it('stays within two pages for the product with the most specifications', async () => {
    const most =
      [...catalogue.products].sort((a, b) => b.specs.length - a.specs.length)[0] ?? product(0);
    const res = await fetch(
      `${server.url}/api/catalog/pdf-file-download?page=${most.sku}-spec-sheet`,
    );
    const pdf = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(pdf.getPageCount()).toBeLessThanOrEqual(2);
  });

  it('404s an unknown product and refuses a malformed page, naming it', async () => {
    expect(
      (await anonymous.get('/api/catalog/pdf-file-download', { page: 'K-1-spec-sheet' })).status,
    ).toBe(404);
    expectBadRequest(
      await anonymous.get('/api/catalog/pdf-file-download', { page: '../x' }),
      'page',
    );
    expectBadRequest(await anonymous.get('/api/catalog/pdf-file-download'), 'page');
  });
});

describe('images', () => {
  it('serves a product variant’s drawing, immutable, without a token', async () => {
    const p = product(5);
    const variant = p.variants[0];
    const res = await fetch(`${server.url}${variant?.imageUrl ?? ''}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const svg = await res.text();
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('viewBox="0 0 400 400"');
  });

  it('serves every content scene the page models use', async () => {
    const paths = await listPageModelPaths();
    const sources = new Set<string>();
    for (const path of paths) {
      const model = await api.get<unknown>(`/api/content${path}.model.json`);
      for (const m of JSON.stringify(model.body).matchAll(/\/images\/content\/[a-z0-9-]+\.svg/g))
        sources.add(m[0]);
    }
    expect(sources.size).toBeGreaterThan(3);
    for (const src of sources) {
      const res = await fetch(`${server.url}${src}`);
      expect(res.status, src).toBe(200);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      await res.arrayBuffer();
    }
  });

  it('404s unknown drawings', async () => {
    for (const path of [
      '/images/products/K-1-XX.svg',
      '/images/products/nope.png',
      '/images/content/nope.svg',
    ]) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status, path).toBe(404);
      await res.arrayBuffer();
    }
  });
});

describe('content and configuration', () => {
  it('serves every stored page model, with .html normalised to the same model', async () => {
    const paths = await listPageModelPaths();
    expect(paths).toContain('/en');
    for (const path of paths) {
      const json = await api.get<{ path: string }>(`/api/content${path}.model.json`);
      expect(json.status, path).toBe(200);
      expect(json.body.path).toBe(path);
      const html = await api.get(`/api/content${path}.html`);
      expect(html.body).toEqual(json.body);
    }
    const prefixed = await api.get('/api/content/content/lavabo/en/kitchen.html');
    expect(prefixed.status).toBe(200);
  });

  it('answers a JSON 404 for an unknown page or a path that is not a page', async () => {
    for (const path of [
      '/api/content/en/nowhere.model.json',
      '/api/content/en/kitchen',
      '/api/content/../secrets.model.json',
    ]) {
      const res = await api.call<ErrorBody>(path);
      expect(res.status, path).toBe(404);
      expect(res.body.statusCode).toBe(404);
    }
  });

  it('serves the global configuration, cacheable for 10 minutes', async () => {
    const res = await api.get<Record<string, unknown>>('/api/config/global', {
      path: '/en/kitchen',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=600');
    expect(res.body).toMatchObject({
      general: { homepageUrl: '/en' },
      plpServletPath: '/api/search/plp',
      apiEndPointData: { map: { plp: '/search/plp' } },
      recentlyViewedMax: expect.any(Number),
      path: '/en/kitchen',
    });
    expect(res.body.pdpURLMapping).toEqual(res.body.pdpUrlMapping);
    expectBadRequest(await api.get('/api/config/global', { path: 'javascript:alert(1)' }), 'path');
  });
});

describe('access and reference', () => {
  it('answers 401 on catalogue calls without a bearer token', async () => {
    for (const path of [
      '/api/catalog/stock?sku=K-3000',
      '/api/config/global',
      '/api/content/en.model.json',
    ]) {
      const res = await anonymous.call<ErrorBody>(path);
      expect(res.status, path).toBe(401);
      expect(res.body.message).toBe('JWT not present.');
    }
  });

  it('serves an OpenAPI document listing every catalogue route, without a token', async () => {
    const res = await anonymous.get<{
      openapi: string;
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    const routes: [string, string][] = [
      ['/api/search/plp', 'get'],
      ['/api/search/typeahead', 'get'],
      ['/api/search/top-searches', 'get'],
      ['/api/search/pdp', 'post'],
      ['/api/search/full-catalog', 'get'],
      ['/api/search/profile', 'get'],
      ['/api/search/tooltip', 'get'],
      ['/api/search/help-faq', 'get'],
      ['/api/catalog/projection', 'get'],
      ['/api/catalog/reviews', 'get'],
      ['/api/catalog/inventory', 'get'],
      ['/api/catalog/stock', 'get'],
      ['/api/catalog/pdp-teaser', 'get'],
      ['/api/catalog/pdf-file-download', 'get'],
      ['/api/config/global', 'get'],
      ['/api/health', 'get'],
      ['/api/oauth/token', 'post'],
      ['/images/products/{file}', 'get'],
      ['/images/content/{file}', 'get'],
    ];
    for (const [path, method] of routes)
      expect(res.body.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    expect(res.body.paths['/api/health']?.get?.security).toEqual([]);
    expect(res.body.paths['/api/search/plp']?.get?.security).toBeUndefined();
  });
});
