/**
 * Proves the architecture guard (npm run arch, part of npm test) fails on each kind of forbidden
 * import: the project's own dependency-cruiser config runs over a small tree laid out like ours.
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

interface Violation {
  readonly rule: { readonly name: string };
  readonly from: string;
  readonly to: string;
}

const files: Record<string, string> = {
  'core/shared/ok.ts': 'export const ok = 1;\n',
  'core/fine.ts': "import { ok } from './shared/ok';\nexport const fine = ok;\n",
  'core/bad-react.ts': "import { useState } from 'react';\nexport const x = useState;\n",
  'core/bad-mobx.ts':
    "import { makeAutoObservable } from 'mobx';\nexport const x = makeAutoObservable;\n",
  'core/bad-axios.ts': "import axios from 'axios';\nexport const x = axios;\n",
  'core/bad-inversify.ts': "import { Container } from 'inversify';\nexport const x = Container;\n",
  'core/bad-node.ts': "import { readFile } from 'node:fs';\nexport const x = readFile;\n",
  'core/bad-layer.ts': "import { a } from '../adapters/a';\nexport const x = a;\n",
  'adapters/a.ts': 'export const a = 1;\n',
  'adapters/bad-ui.ts': "import { u } from '../ui/u';\nexport const x = u;\n",
  'ui/u.ts': 'export const u = 1;\n',
  'ui/bad-server.ts': "import { s } from '../server/s';\nexport const x = s;\n",
  'adapters/http/h.ts': 'export const h = 1;\n',
  'adapters/di/d.ts': "import { h } from '../http/h';\nexport const d = h;\n",
  'ui/bad-adapter.ts': "import { h } from '../adapters/http/h';\nexport const x = h;\n",
  'ui/bad-adapter-type.ts':
    "import type { h } from '../adapters/http/h';\nexport type X = typeof h;\n",
  // The composition root is the one way in: kept by the clean tree below.
  'ui/uses-di.ts': "import { d } from '../adapters/di/d';\nexport const x = d;\n",
  'server/s.ts': "import { ok } from '../core/shared/ok';\nexport const s = ok;\n",
};

let dir = '';

const depcruise = async (cwd: string, outputType: 'err' | 'json') => {
  const args = [
    cli,
    '--config',
    '.dependency-cruiser.cjs',
    '--output-type',
    outputType,
    'core',
    'adapters',
    'ui',
    'server',
  ];
  try {
    const { stdout } = await run(process.execPath, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, stdout: e.stdout };
  }
};

/** The exit code of the very command `npm run arch` runs, and the violations it found. */
const cruise = async (cwd: string): Promise<{ code: number; violations: Violation[] }> => {
  const [err, json] = await Promise.all([depcruise(cwd, 'err'), depcruise(cwd, 'json')]);
  const report = JSON.parse(json.stdout) as { summary: { violations: Violation[] } };
  return { code: err.code, violations: report.summary.violations };
};

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lavabo-guard-'));
  await cp(path.join(root, '.dependency-cruiser.cjs'), path.join(dir, '.dependency-cruiser.cjs'));
  await cp(path.join(root, 'tsconfig.json'), path.join(dir, 'tsconfig.json'));
  await cp(path.join(root, 'tsconfig.base.json'), path.join(dir, 'tsconfig.base.json'));
  await symlink(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
  }
});

afterAll(async () => {
  if (dir !== '') await rm(dir, { recursive: true, force: true });
});

describe('architecture guard', () => {
  it('fails on every forbidden import and names the rule', async () => {
    const { code, violations } = await cruise(dir);
    expect(code).not.toBe(0);
    const found = new Set(violations.map((v) => `${v.rule.name} ${v.from}`));
    expect(found).toEqual(
      new Set([
        'core-is-framework-free core/bad-react.ts',
        'core-is-framework-free core/bad-mobx.ts',
        'core-is-framework-free core/bad-axios.ts',
        'core-is-framework-free core/bad-inversify.ts',
        'core-uses-no-node-builtins core/bad-node.ts',
        'core-depends-on-nothing-outside-core core/bad-layer.ts',
        'adapters-never-import-ui adapters/bad-ui.ts',
        'ui-never-imports-server ui/bad-server.ts',
        'ui-imports-adapters-only-through-di ui/bad-adapter.ts',
        'ui-imports-adapters-only-through-di ui/bad-adapter-type.ts',
      ]),
    );
  }, 60_000);

  it('passes a tree that keeps the rule', async () => {
    const clean = await mkdtemp(path.join(tmpdir(), 'lavabo-guard-clean-'));
    try {
      await cp(dir, clean, {
        recursive: true,
        filter: (src) =>
          !path.basename(src).startsWith('bad-') && path.basename(src) !== 'node_modules',
      });
      await symlink(path.join(root, 'node_modules'), path.join(clean, 'node_modules'), 'dir');
      const { code, violations } = await cruise(clean);
      expect(violations).toEqual([]);
      expect(code).toBe(0);
    } finally {
      await rm(clean, { recursive: true, force: true });
    }
  }, 60_000);
});
