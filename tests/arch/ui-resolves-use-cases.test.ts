/**
 * The ui resolves its use cases from the container (adapters/di, one module per core area) and
 * constructs none, and it never asks the container whether something is bound: every build, the
 * tests' included (tests/ui/support/test-container.ts), binds the whole graph.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import * as account from '../../core/account';
import * as auth from '../../core/auth';
import * as cart from '../../core/cart';
import * as catalog from '../../core/catalog';
import * as checkout from '../../core/checkout';
import * as compare from '../../core/compare';
import * as content from '../../core/content';
import * as lists from '../../core/lists';
import * as orders from '../../core/orders';
import * as registration from '../../core/registration';
import * as stores from '../../core/stores';
import * as validation from '../../core/validation';

const root = path.resolve(import.meta.dirname, '../..');

/** Core classes with an execute(): the use cases. */
const useCaseNames = (): readonly string[] =>
  [
    account,
    auth,
    cart,
    catalog,
    checkout,
    compare,
    content,
    lists,
    orders,
    registration,
    stores,
    validation,
  ]
    .flatMap((barrel) => Object.entries(barrel))
    .filter(
      ([, value]) =>
        typeof value === 'function' &&
        typeof (value as { prototype?: { execute?: unknown } }).prototype?.execute === 'function',
    )
    .map(([name]) => name);

const uiSources = async (): Promise<readonly { file: string; text: string }[]> => {
  const entries = await readdir(path.join(root, 'ui'), { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
  return Promise.all(
    files.map(async (file) => ({ file, text: await readFile(path.join(root, file), 'utf8') })),
  );
};

describe('the ui and the container', () => {
  it('knows the use cases it must not build', () => {
    expect(useCaseNames()).toEqual(
      expect.arrayContaining(['SearchProducts', 'LoadCompare', 'SignUp', 'FindOrder']),
    );
  });

  it('constructs no core use case', async () => {
    const names = useCaseNames();
    const built = new RegExp(`\\bnew (${names.join('|')})\\(`, 'g');
    const found = (await uiSources()).flatMap(({ file, text }) =>
      [...text.matchAll(built)].map((m) => `${file}: new ${m[1]}(`),
    );
    expect(found).toEqual([]);
  });

  it('never asks the container whether something is bound', async () => {
    const found = (await uiSources())
      .filter(({ text }) => /\.isBound\(/.test(text))
      .map(({ file }) => file);
    expect(found).toEqual([]);
  });
});
