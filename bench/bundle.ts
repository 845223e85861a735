/**
 * Prints what the storefront costs to download: the gzip size of the JavaScript `/en` loads first
 * (the entry and its static imports, plus the home route chunk) and of every route chunk.
 * Run: npm run bench:bundle (builds first). Figures only — no thresholds, never a timed test.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { projectRoot } from '../server/config';

interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const outDir = path.join(projectRoot, 'dist', 'client');

if (!process.argv.includes('--no-build')) {
  execFileSync(
    process.execPath,
    [path.join(projectRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: projectRoot,
      stdio: 'inherit',
    },
  );
}

const manifest = JSON.parse(
  readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
) as Manifest;
const gzipBytes = (file: string) =>
  gzipSync(readFileSync(path.join(outDir, file)), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

/** A chunk and everything it imports statically: what the browser must fetch before it runs. */
const closure = (key: string, seen = new Set<string>()): Set<string> => {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
};
const jsOf = (keys: Iterable<string>) =>
  [...keys].map((k) => manifest[k]?.file).filter((f): f is string => !!f);
const total = (files: string[]) => files.reduce((sum, f) => sum + gzipBytes(f), 0);

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (entryKey === undefined) throw new Error('No entry chunk in the Vite manifest');
const entryFiles = jsOf(closure(entryKey));
const homeKey = Object.keys(manifest).find((k) => k.endsWith('pages/home-page.tsx'));
const homeFiles = homeKey ? jsOf(closure(homeKey)).filter((f) => !entryFiles.includes(f)) : [];
const css = (manifest[entryKey]?.css ?? []).reduce((sum, f) => sum + gzipBytes(f), 0);

console.log('Lavabo storefront bundle (gzip -9)');
console.log(
  `  entry JavaScript (every page):     ${kb(total(entryFiles))}  [${entryFiles.length} file(s)]`,
);
console.log(`  /en first load JavaScript:         ${kb(total(entryFiles) + total(homeFiles))}`);
console.log(`  entry CSS:                         ${kb(css)}`);
console.log('  route chunks:');
const routeChunks = Object.entries(manifest)
  .filter(([, c]) => c.isDynamicEntry)
  .map(([key, c]) => ({
    name: c.src ?? key,
    bytes: total(jsOf(closure(key)).filter((f) => !entryFiles.includes(f))),
  }))
  .sort((a, b) => b.bytes - a.bytes);
for (const chunk of routeChunks) console.log(`    ${chunk.name.padEnd(40)} ${kb(chunk.bytes)}`);
