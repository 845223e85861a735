import fc from 'fast-check';
import { isLeft, isRight } from 'fp-ts/lib/Either.js';
import { describe, expect, it } from 'vitest';
import {
  KNOWN_COMPONENT_TYPES,
  PageModelCodec,
} from '../../../adapters/http/content/page-model.codec';
import { loadPageModel } from '../../../server/content/index';

const home = async () => {
  const page = await loadPageModel('/en');
  if (page === null) throw new Error('no home page model');
  return page;
};

const unknownComponent = fc.record({
  type: fc.stringMatching(/^[a-zA-Z]{1,20}$/).filter((type) => !KNOWN_COMPONENT_TYPES.has(type)),
  payload: fc.jsonValue(),
});

describe('PageModelCodec', () => {
  it('decodes every page model the server serves', async () => {
    const page = await home();
    const decoded = PageModelCodec.decode(JSON.parse(JSON.stringify(page)));
    expect(isRight(decoded) && decoded.right).toEqual(page);
  });

  it('leaves out components of unknown types anywhere, and keeps the rest as they are', async () => {
    const page = await home();
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.nat(), unknownComponent), { minLength: 1, maxLength: 5 }),
        async (inserts) => {
          const components: unknown[] = [...page.components];
          for (const [at, component] of inserts) {
            components.splice(at % (components.length + 1), 0, component);
          }
          const decoded = PageModelCodec.decode({ ...page, components });
          expect(isRight(decoded) && decoded.right.components).toEqual(page.components);
        },
      ),
      { numRuns: 50 },
    );
  });

  it('leaves out unknown components inside tabs too', () => {
    const decoded = PageModelCodec.decode({
      path: '/en/x',
      kind: 'content',
      title: 'X',
      description: '',
      components: [
        {
          type: 'tabs',
          tabs: [
            {
              name: 'a',
              title: 'A',
              components: [
                { type: 'video', src: 'x' },
                { type: 'text', title: null, paragraphs: ['Kept'] },
              ],
            },
          ],
        },
      ],
    });
    expect(isRight(decoded) && decoded.right.components).toEqual([
      {
        type: 'tabs',
        tabs: [
          {
            name: 'a',
            title: 'A',
            components: [{ type: 'text', title: null, paragraphs: ['Kept'] }],
          },
        ],
      },
    ]);
  });

  it('still fails on a malformed component of a known type', () => {
    const decoded = PageModelCodec.decode({
      path: '/en/x',
      kind: 'content',
      title: 'X',
      description: '',
      components: [{ type: 'hero', title: 42 }],
    });
    expect(isLeft(decoded)).toBe(true);
  });
});
