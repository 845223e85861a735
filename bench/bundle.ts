/**
 * Prints what the storefront costs to download: the gzip size of the JavaScript `/en` loads first
 * (the entry and its static imports, plus the home route chunk) and of every route chunk.
 * Run: npm run bench:bundle (builds first). Figures only — no thresholds, never a timed test.
 *
 * `--by-module` also says what `/en`'s first load is made of: each file's gzip size shared among
 * the source modules its source map attributes its bytes to (in proportion to their minified
 * bytes), summed per package (node_modules) or per folder, then the largest modules.
 * `--top N` sets how many modules (default 40).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { decode } from '@jridgewell/sourcemap-codec';
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

/**
 * The files every page loads first: the scripts and module preloads index.html names (the entry
 * chunk, which the manifest may not mark as one: vite.config.ts), and all they import statically.
 */
const htmlFiles = [
  ...readFileSync(path.join(outDir, 'index.html'), 'utf8').matchAll(
    /<(?:script|link)\b[^>]*\s(?:src|href)="\/?([^"]+\.js)"/g,
  ),
].map((m) => m[1] ?? '');
if (htmlFiles.length === 0) throw new Error('index.html names no script');
const entryKeys = new Set<string>();
for (const file of htmlFiles) {
  const key = Object.keys(manifest).find((k) => manifest[k]?.file === file);
  if (key === undefined) throw new Error(`${file} (index.html) is not in the Vite manifest`);
  closure(key, entryKeys);
}
const entryFiles = jsOf(entryKeys);
const homeKey = Object.keys(manifest).find((k) => k.endsWith('pages/home-page.tsx'));
const homeFiles = homeKey ? jsOf(closure(homeKey)).filter((f) => !entryFiles.includes(f)) : [];
const css = [...entryKeys]
  .flatMap((k) => manifest[k]?.css ?? [])
  .reduce((sum, f) => sum + gzipBytes(f), 0);

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

/**
 * Bytes of `files` per source module: each file's gzip size split in proportion to the minified
 * bytes its source map gives each source. Bytes with no mapping (the bundler's runtime, glue) are
 * "(unmapped)".
 */
const bySource = (files: string[]): Map<string, number> => {
  const out = new Map<string, number>();
  const add = (name: string, bytes: number) => out.set(name, (out.get(name) ?? 0) + bytes);
  for (const file of files) {
    const code = readFileSync(path.join(outDir, file), 'utf8');
    const gz = gzipBytes(file);
    const mapFile = path.join(outDir, `${file}.map`);
    if (!existsSync(mapFile) || code.length === 0) {
      add('(unmapped)', gz);
      continue;
    }
    const map = JSON.parse(readFileSync(mapFile, 'utf8')) as {
      sources: string[];
      mappings: string;
    };
    const lines = code.split('\n');
    const dir = path.dirname(path.join(outDir, file));
    const raw = new Map<string, number>();
    let mapped = 0;
    decode(map.mappings).forEach((segments, lineIndex) => {
      const lineLength = lines[lineIndex]?.length ?? 0;
      segments.forEach((segment, i) => {
        const end = segments[i + 1]?.[0] ?? lineLength;
        const source = segment[1] === undefined ? undefined : map.sources[segment[1]];
        const name =
          source === undefined
            ? '(unmapped)'
            : path
                .relative(projectRoot, path.resolve(dir, source))
                .replace(/^.*node_modules\//, 'node_modules/');
        raw.set(name, (raw.get(name) ?? 0) + end - segment[0]);
        mapped += end - segment[0];
      });
    });
    raw.set('(unmapped)', (raw.get('(unmapped)') ?? 0) + Math.max(0, code.length - mapped));
    for (const [name, bytes] of raw) add(name, (bytes / code.length) * gz);
  }
  return out;
};

if (process.argv.includes('--by-module')) {
  const topArg = process.argv.indexOf('--top');
  const top = topArg === -1 ? 40 : Number(process.argv[topArg + 1]);
  const modules = bySource([...entryFiles, ...homeFiles]);
  const groupOf = (name: string) =>
    name.startsWith('node_modules/')
      ? name
          .split('/')
          .slice(0, name.startsWith('node_modules/@') ? 3 : 2)
          .join('/')
      : name
          .split('/')
          .slice(0, name.includes('/') ? 2 : 1)
          .join('/');
  const groups = new Map<string, number>();
  for (const [name, bytes] of modules)
    groups.set(groupOf(name), (groups.get(groupOf(name)) ?? 0) + bytes);
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  console.log('  /en first load by package or folder:');
  for (const [name, bytes] of sorted(groups)) console.log(`    ${name.padEnd(52)} ${kb(bytes)}`);
  console.log(`  /en first load, the ${top} largest modules:`);
  for (const [name, bytes] of sorted(modules).slice(0, top))
    console.log(`    ${name.padEnd(72)} ${kb(bytes)}`);
}
