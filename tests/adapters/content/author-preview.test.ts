/**
 * The storefront's side of author preview: every seeded draft is a page model the storefront
 * decodes, visibly different from its published page; the page's preview block is read once; page
 * models are asked for with `preview=1` only while previewing (so the browser never answers a
 * preview from a published model it kept).
 */
import { isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import { NOT_PREVIEWING, type PreviewState } from '../../../core/content/author-preview';
import { headingHero } from '../../../core/content/load-page';
import { HttpAuthorPreview } from '../../../adapters/http/content/http-author-preview';
import { HttpContentRepository } from '../../../adapters/http/content/http-content-repository';
import { PageModelCodec } from '../../../adapters/http/content/page-model.codec';
import {
  listDraftPaths,
  listPageModelPaths,
  loadDraftPageModel,
  loadPageModel,
} from '../../../server/content/index';

describe('the seeded drafts', () => {
  it('are a home page, a category landing and a content page, each with a changed hero title', async () => {
    const drafts = await listDraftPaths();
    expect(drafts).toEqual(['/en', '/en/kitchen', '/en/love-your-look']);
    const kinds = new Set<string>();
    for (const path of drafts) {
      const draft = await loadDraftPageModel(path);
      const published = await loadPageModel(path);
      if (draft === null || published === null) throw new Error(`no draft or page for ${path}`);
      const decoded = PageModelCodec.decode(JSON.parse(JSON.stringify(draft)));
      expect(isRight(decoded) && decoded.right, path).toEqual(draft);
      expect(draft.path, path).toBe(path);
      expect(headingHero(draft)?.title, path).not.toBe(headingHero(published)?.title);
      kinds.add(draft.kind);
    }
    expect([...kinds].sort()).toEqual(['category-landing', 'content', 'home']);
  });

  it('are never listed among the published pages', async () => {
    const published = await listPageModelPaths();
    expect(published.some((path) => path.includes('draft'))).toBe(false);
    expect(published).toContain('/en/kitchen');
  });
});

describe('HttpContentRepository while previewing', () => {
  const asked: { path: string; options: unknown }[] = [];
  const api = {
    get: (path: string, _codec: unknown, options: unknown = {}) => {
      asked.push({ path, options });
      return Promise.resolve({
        path: '/en',
        kind: 'home',
        title: 'T',
        description: '',
        components: [],
      });
    },
  };

  it('adds preview=1 only while the page is previewed', async () => {
    let previewing = false;
    const repository = new HttpContentRepository(api as never, () => previewing);
    await repository.page('/en');
    previewing = true;
    await repository.page('/en');
    expect(asked).toEqual([
      { path: '/content/en.model.json', options: {} },
      { path: '/content/en.model.json', options: { params: { preview: '1' } } },
    ]);
  });
});

describe('HttpAuthorPreview', () => {
  it('reads the page’s state once', () => {
    let reads = 0;
    const on: PreviewState = { active: true, expiresAt: '2026-11-27T18:00:00.000Z' };
    const preview = new HttpAuthorPreview({} as never, () => {
      reads += 1;
      return on;
    });
    expect(preview.current()).toEqual(on);
    expect(preview.current()).toEqual(on);
    expect(reads).toBe(1);
  });

  it('is off outside a browser', () => {
    expect(new HttpAuthorPreview({} as never).current()).toEqual(NOT_PREVIEWING);
  });
});
