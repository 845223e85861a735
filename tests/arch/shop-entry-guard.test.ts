/**
 * Keeps the offline demo's fakes out of the shop's entry bundle. The rule
 * `shop-entry-carries-no-fakes` (.dependency-cruiser.cjs, run by `npm run arch`) must fire on each
 * static way into adapters/fake/ and stay quiet on the demo's dynamic imports and on type-only
 * imports; and the real ui/main.tsx must reach no fake module over imports the bundler keeps.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const cli = path.join(root, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const RULE = 'shop-entry-carries-no-fakes';

interface Dependency {
  readonly resolved: string;
  readonly dependencyTypes: readonly string[];
}
interface Report {
  readonly modules: readonly { readonly source: string; readonly dependencies: Dependency[] }[];
  readonly summary: {
    readonly violations: readonly { readonly rule: { readonly name: string }; from: string }[];
  };
}

/** A tree laid out like ours: the clean files keep the rule, each `bad-` file breaks it once. */
const files: Record<string, string> = {
  'adapters/fake/fake-gateway.ts': 'export const fakeGateway = 1;\n',
  'adapters/fake/demo-data.ts':
    'export interface DemoData { readonly n: number }\n' +
    'export const loadDemoData = async (): Promise<DemoData> => ({ n: 1 });\n',
  'adapters/http/http-gateway.ts': 'export const httpGateway = 1;\n',
  'adapters/di/build-container.ts': 'export const buildContainer = (list: number[]) => list;\n',
  'adapters/di/http-adapters.ts':
    "import { httpGateway } from '../http/http-gateway';\n" +
    'export const httpAdapters = [httpGateway];\n',
  'adapters/di/fake-adapters.ts':
    "import { fakeGateway } from '../fake/fake-gateway';\n" +
    "import type { DemoData } from '../fake/demo-data';\n" +
    'export const fakeAdapters = (data: DemoData) => [fakeGateway, data.n];\n',
  'adapters/di/container.ts':
    "import { fakeAdapters } from './fake-adapters';\n" +
    "import { httpAdapters } from './http-adapters';\n" +
    'export const createContainer = (fake: boolean) =>\n' +
    '  fake ? fakeAdapters({ n: 1 }) : httpAdapters;\n',
  // Reaches the fakes only by type and by a dynamic import (the shop-entry rule lets both pass);
  // it lives in adapters/di/ because ui/ may import adapters only from there.
  'adapters/di/demo-loader.ts':
    "import type { DemoData } from '../fake/demo-data';\n" +
    'export const loadDemo = async (): Promise<DemoData> => {\n' +
    "  const { loadDemoData } = await import('../fake/demo-data');\n" +
    '  return loadDemoData();\n' +
    '};\n',
  'ui/main.tsx':
    "import { buildContainer } from '../adapters/di/build-container';\n" +
    "import { loadDemo } from '../adapters/di/demo-loader';\n" +
    "import { httpAdapters } from '../adapters/di/http-adapters';\n" +
    "declare const __LAVABO_ADAPTERS__: 'http' | 'fake';\n" +
    'const demo = async (): Promise<number[]> => {\n' +
    "  const { fakeAdapters } = await import('../adapters/di/fake-adapters');\n" +
    '  return fakeAdapters(await loadDemo());\n' +
    '};\n' +
    'export const container = buildContainer(\n' +
    "  __LAVABO_ADAPTERS__ === 'fake' ? await demo() : httpAdapters,\n" +
    ');;\n',
  // The shapes that put fakes in the entry: the old main.tsx, an HTTP list or adapter that
  // reaches a fake, a side-effect import, a re-export.
  'ui/bad-main-loads-demo-data.tsx':
    "import { loadDemoData } from '../adapters/fake/demo-data';\nexport const x = loadDemoData;\n",
  'ui/bad-main-uses-container.tsx':
    "import { createContainer } from '../adapters/di/container';\n" +
    'export const x = createContainer;\n',
  'adapters/di/bad-http-adapters.ts':
    "import { fakeGateway } from '../fake/fake-gateway';\nexport const x = [fakeGateway];\n",
  'adapters/http/bad-borrows-fake.ts':
    "import type { DemoData } from '../fake/demo-data';\n" +
    "import { loadDemoData } from '../fake/demo-data';\n" +
    'export const x: () => Promise<DemoData> = loadDemoData;\n',
  'ui/bad-side-effect.ts': "import '../adapters/fake/fake-gateway';\n",
  'ui/bad-reexport.ts': "export { fakeAdapters } from '../adapters/di/fake-adapters';\n",
};

const depcruise = async (cwd: string, outputType: 'err' | 'json', roots: readonly string[]) => {
  const args = [cli, '--config', '.dependency-cruiser.cjs', '--output-type', outputType, ...roots];
  try {
    const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
};

/** The exit code of the command `npm run arch` runs (err output), and the JSON report. */
const cruise = async (cwd: string, roots: readonly string[]) => {
  const [err, json] = await Promise.all([
    depcruise(cwd, 'err', roots),
    depcruise(cwd, 'json', roots),
  ]);
  return { code: err.code, report: JSON.parse(json.stdout) as Report };
};

const layers = ['core', 'adapters', 'ui', 'server'];

const writeTree = async (dir: string, tree: Record<string, string>) => {
  await cp(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  await cp(path.join(root, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  await cp(path.join(root, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const layer of layers) await mkdir(path.join(dir, layer), { recursive: true });
  for (const [file, content] of Object.entries(tree)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
};

const dirs: string[] = [];
const tree = async (content: Record<string, string>) => {
  const dir = await mkdtemp(path.join(tmpdir(), 'lavabo-entry-guard-'));
  dirs.push(dir);
  await writeTree(dir, content);
  return dir;
};

let full = '';
let clean = '';
beforeAll(async () => {
  full = await tree(files);
  clean = await tree(
    Object.fromEntries(Object.entries(files).filter(([f]) => !path.basename(f).startsWith('bad-'))),
  );
});
afterAll(async () => {
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('the shop entry carries no fakes (dependency rule)', () => {
  it('fails on every static import of a fake and names the rule', async () => {
    const { code, report } = await cruise(full, layers);
    expect(code).not.toBe(0);
    expect(new Set(report.summary.violations.map((v) => `${v.rule.name} ${v.from}`))).toEqual(
      new Set([
        `${RULE} ui/bad-main-loads-demo-data.tsx`,
        `${RULE} ui/bad-main-uses-container.tsx`,
        `${RULE} adapters/di/bad-http-adapters.ts`,
        `${RULE} adapters/http/bad-borrows-fake.ts`,
        `${RULE} ui/bad-side-effect.ts`,
        `${RULE} ui/bad-reexport.ts`,
        // ui/ reaching adapters/fake/ breaks the composition-root rule as well.
        'ui-imports-adapters-only-through-di ui/bad-main-loads-demo-data.tsx',
        'ui-imports-adapters-only-through-di ui/bad-side-effect.ts',
      ]),
    );
  }, 60_000);

  it('passes dynamic and type-only imports, and the DI files that bind fakes', async () => {
    const { code, report } = await cruise(clean, layers);
    expect(report.summary.violations).toEqual([]);
    expect(code).toBe(0);
  }, 60_000);
});

describe('the real ui/main.tsx', () => {
  it('reaches the fakes only through dynamic or type-only imports', async () => {
    const { code, report } = await cruise(root, ['ui/main.tsx']);
    expect(report.summary.violations).toEqual([]);
    expect(code).toBe(0);

    const edges = new Map(report.modules.map((m) => [m.source, m.dependencies]));
    // The demo's fakes are still in the graph (the browser's composition root,
    // ui/app/app-container.ts, imports them dynamically): the check below is not vacuous.
    const rootEdges = edges.get('ui/app/app-container.ts') ?? [];
    expect(
      rootEdges.filter((d) => d.resolved.startsWith('adapters/')).map((d) => d.resolved),
    ).toContain('adapters/di/fake-adapters.ts');
    expect([...edges.keys()].some((source) => source.startsWith('adapters/fake/'))).toBe(true);

    // What the bundler puts in the entry: everything over imports that survive the build.
    const kept = (d: Dependency) =>
      !d.dependencyTypes.includes('dynamic-import') && !d.dependencyTypes.includes('type-only');
    const entry = new Set<string>();
    const visit = (source: string): void => {
      if (entry.has(source)) return;
      entry.add(source);
      for (const d of edges.get(source) ?? []) if (kept(d)) visit(d.resolved);
    };
    visit('ui/main.tsx');
    expect(entry).toContain('adapters/di/http-adapters.ts');
    // The areas routes load (adapters/di/areas.ts) are not in it either.
    expect(
      [...entry].filter((source) =>
        /^adapters\/di\/(checkout|orders|account)-modules/.test(source),
      ),
    ).toEqual([]);
    expect(
      [...entry].filter((source) => /^adapters\/(fake\/|di\/fake-adapters)/.test(source)),
    ).toEqual([]);
  }, 60_000);
});
