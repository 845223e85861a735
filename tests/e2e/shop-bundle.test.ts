/**
 * The shop's build (npm run build) ships none of the offline demo's fakes in the JavaScript every
 * page loads: the entry chunk and its static imports, read from the Vite manifest, name no source
 * under adapters/fake/ in their source maps. The dependency rule
 * (tests/arch/shop-entry-guard.test.ts) keeps the imports right; this checks what the bundler
 * actually emitted.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { projectRoot } from '../../server/config';
import { assertBuilt } from './support/browser';

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
}

const outDir = path.join(projectRoot, 'dist', 'client');

/** The project-relative source files bundled into each JavaScript file of the entry's closure. */
const entrySources = (): Map<string, string[]> => {
  const manifest = JSON.parse(
    readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry === true);
  if (entry === undefined) throw new Error('No entry chunk in the Vite manifest');
  const closure = new Set<string>();
  const visit = (key: string): void => {
    if (closure.has(key)) return;
    closure.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entry);
  const sources = new Map<string, string[]>();
  for (const key of closure) {
    const file = manifest[key]?.file;
    if (file === undefined || !file.endsWith('.js')) continue;
    const map = JSON.parse(readFileSync(path.join(outDir, `${file}.map`), 'utf8')) as {
      sources: string[];
    };
    const dir = path.dirname(path.join(outDir, file));
    sources.set(
      file,
      map.sources.map((source) => path.relative(projectRoot, path.resolve(dir, source))),
    );
  }
  return sources;
};

let sources: Map<string, string[]>;
beforeAll(() => {
  assertBuilt();
  sources = entrySources();
});

describe("the shop's entry JavaScript", () => {
  it('is the HTTP build: its adapters are the HTTP ones', () => {
    const all = [...sources.values()].flat();
    expect(all).toContain('ui/main.tsx');
    expect(all).toContain('adapters/di/http-adapters.ts');
    expect(all).toContain('adapters/http/api-client.ts');
  });

  it('carries no fake adapter, demo data codec or fake identity', () => {
    const fakes = [...sources].flatMap(([file, list]) =>
      list
        .filter((source) => /^adapters\/(fake\/|di\/(fake-adapters|container)\.ts$)/.test(source))
        .map((source) => `${file}: ${source}`),
    );
    expect(fakes).toEqual([]);
  });
});
