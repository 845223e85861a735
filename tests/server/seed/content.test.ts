import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SORT_OPTIONS } from '../../../core/catalog/sort-options';
import { splitUrl } from '../../../core/catalog/path';
import { matchRoute } from '../../../core/content/routes';
import { isSafeLink } from '../../../core/validation/safe-link';
import { isPageModelPath, listPageModelPaths, loadPageModel } from '../../../server/content';
import { generateCatalogue } from '../../../server/seed/catalogue/generate';
import type { ProductRecord } from '../../../server/seed/catalogue/model';
import { contentImageSize, contentImageSvg } from '../../../server/seed/images/content-images';

const EXPECTED_PATHS = [
  '/en',
  '/en/bathroom',
  '/en/contact-us',
  '/en/design-services',
  '/en/install-services',
  '/en/kitchen',
  '/en/legal/accessibility',
  '/en/legal/privacy',
  '/en/legal/terms-of-use',
  '/en/literature',
  '/en/love-your-look',
  '/en/newsletter',
  '/en/press',
  '/en/service-parts',
  '/en/support/find-model-number',
  '/en/support/help-and-faq',
];
const LANDINGS = [
  '/en/bathroom',
  '/en/kitchen',
  '/en/service-parts',
  '/en/design-services',
  '/en/install-services',
];
const PAGE_KINDS = [
  'home',
  'category-landing',
  'content',
  'help',
  'article',
  'literature',
  'press',
  'contact',
  'newsletter',
  'stores',
];

// ---- A runtime validator of core/content/page-model.ts, written independently of the loader. ----

type Errors = string[];
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const exactKeys = (
  v: unknown,
  keys: readonly string[],
  at: string,
  errors: Errors,
): v is Record<string, unknown> => {
  if (!isRecord(v)) {
    errors.push(`${at}: not an object`);
    return false;
  }
  const actual = Object.keys(v).sort();
  if (actual.join() !== [...keys].sort().join())
    errors.push(`${at}: keys ${actual.join()} ≠ ${[...keys].sort().join()}`);
  return true;
};
const text = (v: unknown, at: string, errors: Errors, allowEmpty = false): void => {
  if (typeof v !== 'string' || (!allowEmpty && v.trim() === ''))
    errors.push(`${at}: not a non-empty string`);
  else if (/<[a-z/!]/i.test(v) || /&[a-z#]+;/i.test(v)) errors.push(`${at}: looks like HTML`);
};
const array = (
  v: unknown,
  at: string,
  errors: Errors,
  each: (item: unknown, at: string) => void,
): void => {
  if (!Array.isArray(v)) errors.push(`${at}: not an array`);
  else v.forEach((item, i) => each(item, `${at}[${i}]`));
};
const nullable = (v: unknown, at: string, check: (v: unknown, at: string) => void): void => {
  if (v !== null) check(v, at);
};

const validateLink =
  (errors: Errors) =>
  (v: unknown, at: string): void => {
    if (exactKeys(v, ['label', 'href'], at, errors)) {
      text(v['label'], `${at}.label`, errors);
      text(v['href'], `${at}.href`, errors);
    }
  };
const validateImage =
  (errors: Errors) =>
  (v: unknown, at: string): void => {
    if (exactKeys(v, ['src', 'alt', 'width', 'height'], at, errors)) {
      text(v['src'], `${at}.src`, errors);
      text(v['alt'], `${at}.alt`, errors, true);
      for (const key of ['width', 'height']) {
        const n = v[key];
        if (typeof n !== 'number' || !Number.isInteger(n) || n <= 0)
          errors.push(`${at}.${key}: not a positive integer`);
      }
    }
  };

const validateComponent =
  (errors: Errors) =>
  (v: unknown, at: string): void => {
    const link = validateLink(errors);
    const image = validateImage(errors);
    if (!isRecord(v)) {
      errors.push(`${at}: not an object`);
      return;
    }
    switch (v['type']) {
      case 'hero':
      case 'teaser':
        if (
          exactKeys(
            v,
            ['type', 'title', 'text', 'image', v['type'] === 'hero' ? 'cta' : 'link'],
            at,
            errors,
          )
        ) {
          text(v['title'], `${at}.title`, errors);
          text(v['text'], `${at}.text`, errors);
          nullable(v['image'], `${at}.image`, image);
          nullable(v[v['type'] === 'hero' ? 'cta' : 'link'], `${at}.link`, link);
        }
        return;
      case 'carousel':
        if (exactKeys(v, ['type', 'title', 'items'], at, errors)) {
          text(v['title'], `${at}.title`, errors);
          array(v['items'], `${at}.items`, errors, (item, itemAt) => {
            if (!isRecord(item) || item['type'] !== 'teaser')
              errors.push(`${itemAt}: not a teaser`);
            else validateComponent(errors)(item, itemAt);
          });
        }
        return;
      case 'text':
        if (exactKeys(v, ['type', 'title', 'paragraphs'], at, errors)) {
          nullable(v['title'], `${at}.title`, (t, tAt) => text(t, tAt, errors));
          array(v['paragraphs'], `${at}.paragraphs`, errors, (p, pAt) => text(p, pAt, errors));
        }
        return;
      case 'productList':
        if (exactKeys(v, ['type', 'title', 'filters', 'sort', 'rows', 'link'], at, errors)) {
          text(v['title'], `${at}.title`, errors);
          array(v['filters'], `${at}.filters`, errors, (f, fAt) => {
            if (typeof f !== 'string' || f === '') errors.push(`${fAt}: not a filter`);
          });
          if (typeof v['sort'] !== 'string') errors.push(`${at}.sort: not a string`);
          const rows = v['rows'];
          if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 1 || rows > 100)
            errors.push(`${at}.rows: not 1–100`);
          nullable(v['link'], `${at}.link`, link);
        }
        return;
      case 'linkList':
        if (exactKeys(v, ['type', 'title', 'links'], at, errors)) {
          text(v['title'], `${at}.title`, errors);
          array(v['links'], `${at}.links`, errors, link);
        }
        return;
      case 'tabs':
        if (exactKeys(v, ['type', 'tabs'], at, errors)) {
          array(v['tabs'], `${at}.tabs`, errors, (tab, tabAt) => {
            if (exactKeys(tab, ['name', 'title', 'components'], tabAt, errors)) {
              text(tab['name'], `${tabAt}.name`, errors);
              text(tab['title'], `${tabAt}.title`, errors);
              array(tab['components'], `${tabAt}.components`, errors, validateComponent(errors));
            }
          });
        }
        return;
      case 'faq':
        if (exactKeys(v, ['type', 'title', 'items'], at, errors)) {
          text(v['title'], `${at}.title`, errors);
          array(v['items'], `${at}.items`, errors, (item, itemAt) => {
            if (exactKeys(item, ['question', 'answer'], itemAt, errors)) {
              text(item['question'], `${itemAt}.question`, errors);
              array(item['answer'], `${itemAt}.answer`, errors, (a, aAt) => text(a, aAt, errors));
            }
          });
        }
        return;
      default:
        errors.push(`${at}: unknown component type ${String(v['type'])}`);
    }
  };

const validatePageModel = (v: unknown): Errors => {
  const errors: Errors = [];
  if (exactKeys(v, ['path', 'kind', 'title', 'description', 'components'], 'page', errors)) {
    text(v['path'], 'page.path', errors);
    if (!PAGE_KINDS.includes(String(v['kind']))) errors.push(`page.kind: ${String(v['kind'])}`);
    text(v['title'], 'page.title', errors);
    text(v['description'], 'page.description', errors);
    array(v['components'], 'page.components', errors, validateComponent(errors));
  }
  return errors;
};

// ---- Walking the (validated) models. ----

interface Walked {
  readonly links: { label: string; href: string }[];
  readonly images: { src: string; width: number; height: number }[];
  readonly lists: { filters: string[]; sort: string; rows: number }[];
  readonly tabNames: string[];
  readonly types: string[];
}

const walk = (
  components: readonly unknown[],
  into: Walked = { links: [], images: [], lists: [], tabNames: [], types: [] },
): Walked => {
  for (const c of components) {
    if (!isRecord(c)) continue;
    into.types.push(String(c['type']));
    for (const key of ['cta', 'link'])
      if (isRecord(c[key])) into.links.push(c[key] as Walked['links'][number]);
    if (isRecord(c['image'])) into.images.push(c['image'] as Walked['images'][number]);
    if (Array.isArray(c['links'])) into.links.push(...(c['links'] as Walked['links']));
    if (Array.isArray(c['items']) && c['type'] === 'carousel') walk(c['items'] as unknown[], into);
    if (c['type'] === 'productList') into.lists.push(c as unknown as Walked['lists'][number]);
    if (Array.isArray(c['tabs'])) {
      for (const tab of c['tabs'] as { name: string; components: unknown[] }[]) {
        into.tabNames.push(tab.name);
        walk(tab.components, into);
      }
    }
  }
  return into;
};

// ---- A small matcher for the productList filters, over the generated catalogue. ----

const catalogue = generateCatalogue();
const departments = new Map(catalogue.categories.map((c) => [c.slug, c.department]));
const collectionNames = new Map(catalogue.collections.map((c) => [c.slug, c.name]));
const finishNames = new Map(catalogue.finishes.map((f) => [f.code, f.name]));

const fieldValues = (p: ProductRecord, field: string): string[] | null => {
  if (field === 'category_s') return [p.categorySlug];
  if (field === 'department_s') return [departments.get(p.categorySlug) ?? ''];
  if (field === 'onSale_b')
    return [String(p.prices.some((price) => price.region === 'US' && price.saleCents !== null))];
  if (field === 'collection_s')
    return p.collectionSlug === null ? [] : [collectionNames.get(p.collectionSlug) ?? ''];
  if (field === 'finish_ss') {
    return p.variants
      .filter((v) => v.discontinuedAt === null)
      .map((v) => finishNames.get(v.finishCode) ?? '');
  }
  const attribute = /^attr_([a-z]+)_s$/.exec(field);
  if (attribute !== null) {
    const value = p.attributes[attribute[1] ?? ''];
    return value === undefined ? [] : [String(value)];
  }
  return null;
};

const parseFilter = (filter: string): { field: string; value: string } | null => {
  const at = filter.indexOf(':');
  if (at <= 0) return null;
  const raw = filter.slice(at + 1);
  const quoted = raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2;
  if (!quoted && /[\s"()]/.test(raw)) return null;
  return { field: filter.slice(0, at), value: quoted ? raw.slice(1, -1) : raw };
};

const matching = (filters: readonly string[]): ProductRecord[] | string => {
  const parsed = filters.map(parseFilter);
  if (parsed.some((f) => f === null)) return `malformed filter in ${filters.join(' ')}`;
  for (const f of parsed)
    if (f !== null && fieldValues(catalogue.products[0] as ProductRecord, f.field) === null)
      return `unknown field ${f.field}`;
  return catalogue.products.filter((p) =>
    parsed.every((f) => f !== null && (fieldValues(p, f.field) ?? []).includes(f.value)),
  );
};

// ---- The tests. ----

const models = await Promise.all(
  EXPECTED_PATHS.map(async (path) => ({ path, model: await loadPageModel(path) })),
);

describe('content page models', () => {
  it('lists exactly the pages of the storefront', async () => {
    expect(await listPageModelPaths()).toEqual(EXPECTED_PATHS);
  });

  it.each(EXPECTED_PATHS)(
    '%s matches core/content/page-model.ts and names its own path',
    (path) => {
      const model = models.find((m) => m.path === path)?.model;
      expect(model).not.toBeNull();
      expect(validatePageModel(model)).toEqual([]);
      expect(model?.path).toBe(path);
      expect(matchRoute(path)).not.toBeNull();
      expect(model?.components.length).toBeGreaterThan(0);
    },
  );

  it('gives the home page and the category landings their kinds and the components they need', () => {
    const kind = (path: string) => models.find((m) => m.path === path)?.model?.kind;
    expect(kind('/en')).toBe('home');
    for (const path of LANDINGS) expect(kind(path)).toBe('category-landing');
    expect(kind('/en/support/help-and-faq')).toBe('help');
    const home = walk(models.find((m) => m.path === '/en')?.model?.components ?? []);
    expect(home.types).toEqual(
      expect.arrayContaining(['hero', 'carousel', 'productList', 'teaser']),
    );
    for (const path of ['/en/bathroom', '/en/kitchen']) {
      const landing = walk(models.find((m) => m.path === path)?.model?.components ?? []);
      expect(landing.types).toEqual(
        expect.arrayContaining(['hero', 'teaser', 'productList', 'tabs', 'faq']),
      );
      expect(landing.tabNames).toEqual(
        expect.arrayContaining(['inspiration', 'technical', 'resources', 'help']),
      );
    }
    const help = walk(
      models.find((m) => m.path === '/en/support/help-and-faq')?.model?.components ?? [],
    );
    expect(help.types.filter((t) => t === 'faq').length).toBeGreaterThanOrEqual(2);
  });

  it('links only to pinned routes with relative, safe paths', () => {
    for (const { path, model } of models) {
      for (const link of walk(model?.components ?? []).links) {
        expect(
          link.href.startsWith('/') && !link.href.startsWith('//'),
          `${path}: ${link.href}`,
        ).toBe(true);
        expect(isSafeLink(link.href)).toBe(true);
        expect(matchRoute(splitUrl(link.href).path), `${path}: ${link.href}`).not.toBeNull();
      }
    }
  });

  it('links to categories, products, articles and technical specs that exist', () => {
    const categories = new Set(catalogue.categories.map((c) => c.slug));
    const skus = new Set(catalogue.products.map((p) => p.sku));
    const articles = new Set(catalogue.helpArticles.map((a) => a.slug));
    for (const { model } of models) {
      for (const link of walk(model?.components ?? []).links) {
        const match = matchRoute(splitUrl(link.href).path);
        if (match?.id === 'productList')
          expect(categories.has(match.params['category'] ?? '')).toBe(true);
        if (match?.id === 'technicalSpecs')
          expect(skus.has(match.params['sku'] ?? ''), link.href).toBe(true);
        if (match?.id === 'knowledgeArticle')
          expect(articles.has(match.params['slug'] ?? ''), link.href).toBe(true);
      }
    }
  });

  it('uses content images that exist, at their declared sizes', () => {
    let count = 0;
    for (const { model } of models) {
      for (const image of walk(model?.components ?? []).images) {
        count += 1;
        const name = /^\/images\/content\/([a-z0-9-]+)\.svg$/.exec(image.src)?.[1] ?? '';
        expect(contentImageSvg(name), image.src).not.toBeNull();
        expect(contentImageSize(name)).toEqual({ width: image.width, height: image.height });
      }
    }
    expect(count).toBeGreaterThan(20);
  });

  it('lists products with known filters and sorts, each finding at least a preview of 3', () => {
    const sorts = SORT_OPTIONS.flatMap((o) => (o.solrSort === undefined ? [] : [o.solrSort]));
    let lists = 0;
    for (const { path, model } of models) {
      for (const list of walk(model?.components ?? []).lists) {
        lists += 1;
        expect(sorts).toContain(list.sort);
        const found = matching(list.filters);
        expect(
          typeof found === 'string' ? found : found.length,
          `${path}: ${list.filters.join(' ')}`,
        ).toBeGreaterThanOrEqual(3);
      }
    }
    expect(lists).toBeGreaterThanOrEqual(10);
  });
});

describe('the page-model validator of this test', () => {
  const good = {
    path: '/en/x',
    kind: 'content',
    title: 'T',
    description: 'D',
    components: [{ type: 'text', title: null, paragraphs: ['p'] }],
  };

  it('accepts a minimal model and rejects broken ones', () => {
    expect(validatePageModel(good)).toEqual([]);
    expect(validatePageModel({ ...good, kind: 'blog' })).not.toEqual([]);
    expect(validatePageModel({ ...good, extra: 1 })).not.toEqual([]);
    expect(
      validatePageModel({
        ...good,
        components: [{ type: 'text', title: null, paragraphs: ['<b>bold</b>'] }],
      }),
    ).not.toEqual([]);
    expect(
      validatePageModel({
        ...good,
        components: [{ type: 'hero', title: 'h', text: 't', image: null }],
      }),
    ).not.toEqual([]);
    expect(
      validatePageModel({
        ...good,
        components: [
          { type: 'carousel', title: 'c', items: [{ type: 'text', title: null, paragraphs: [] }] },
        ],
      }),
    ).not.toEqual([]);
    expect(
      validatePageModel({
        ...good,
        components: [
          { type: 'productList', title: 'l', filters: [], sort: '', rows: 0, link: null },
        ],
      }),
    ).not.toEqual([]);
  });
});

describe('loadPageModel', () => {
  it('normalised paths only: anything else is null, never a file outside the content folder', async () => {
    for (const path of [
      '',
      '/',
      'en',
      '/EN',
      '/en/',
      '/en//kitchen',
      '/en/../package',
      '/en/kitchen.json',
      '/en/%2e%2e/x',
      '/en/index',
      '/en/kitchen?x=1',
      '/en/nope',
      '/en/support',
    ]) {
      expect(await loadPageModel(path), path).toBeNull();
    }
    expect(isPageModelPath('/en/support/help-and-faq')).toBe(true);
    expect(isPageModelPath('/en/../x')).toBe(false);
  });

  it('never throws, and finds a model exactly for the listed paths', async () => {
    const listed = new Set(EXPECTED_PATHS);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.string(),
          fc.constantFrom(...EXPECTED_PATHS),
          fc.stringMatching(/^\/en(\/[a-z0-9.-]{0,12}){0,3}$/),
        ),
        async (path) => {
          const model = await loadPageModel(path);
          expect(model !== null).toBe(listed.has(path));
        },
      ),
      { numRuns: 200 },
    );
  });
});
