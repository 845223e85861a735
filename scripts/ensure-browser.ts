/**
 * Finds the Chromium the browser tests drive, or provides one, so that `npm install && npm test`
 * passes on a fresh machine. The e2e project's globalSetup calls `ensureBrowser()` and hands the
 * path to the tests as CHROMIUM_PATH; `node --import tsx scripts/ensure-browser.ts` does the same
 * by hand and prints the path.
 *
 * In order:
 * 1. `CHROMIUM_PATH`, when set (a path that is not there is an error, not a reason to look further);
 * 2. the system Chromium: /usr/bin/chromium, /usr/bin/chromium-browser, /usr/bin/google-chrome;
 * 3. the npm-package Chromium this script unpacked on an earlier run;
 * 4. as root on a machine with apt-get: Debian's `chromium` and `fonts-liberation`;
 * 5. otherwise `@sparticuz/chromium` (a Chromium shipped inside an npm package), fetched with npm
 *    from the npm registry into a cache folder and unpacked there once, then reused (3).
 * If apt-get fails, 5 is tried. When nothing starts, one error names the missing piece and the
 * command that fixes it.
 *
 * LAVABO_IGNORE_SYSTEM_CHROMIUM=1 skips 2 and 4 (scripts/fresh-clone-check.sh uses it to exercise
 * 5 on a machine that has Debian's Chromium); LAVABO_BROWSER_CACHE moves the cache folder
 * (default ~/.cache/lavabo, or $XDG_CACHE_HOME/lavabo).
 *
 * `planBrowser` is the decision alone, on facts gathered beforehand, so it is unit-tested
 * (tests/e2e/ensure-browser.test.ts) without installing anything.
 */
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const SYSTEM_CHROMIUM_PATHS: readonly string[] = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
];

/** The npm package with a Chromium inside, pinned: this version launches under our playwright-core. */
export const NPM_CHROMIUM = { name: '@sparticuz/chromium', version: '153.0.0' } as const;
const NPM_CHROMIUM_SPEC = `${NPM_CHROMIUM.name}@${NPM_CHROMIUM.version}`;

export const APT_PACKAGES: readonly string[] = ['chromium', 'fonts-liberation'];
const APT_INSTALL = `apt-get update && apt-get install -y ${APT_PACKAGES.join(' ')}`;

/** What the decision depends on, gathered from the machine by `gatherFacts`. */
export interface BrowserFacts {
  /** CHROMIUM_PATH, when set and not empty. */
  readonly chromiumPath: string | undefined;
  /** LAVABO_IGNORE_SYSTEM_CHROMIUM: skip the system Chromium and Debian's package. */
  readonly ignoreSystem: boolean;
  /** The files that exist and are executable, among those asked about. */
  readonly executable: (file: string) => boolean;
  /** Where the unpacked npm-package Chromium lives (whether or not it is there yet). */
  readonly npmChromiumPath: string;
  readonly isRoot: boolean;
  readonly hasAptGet: boolean;
}

/** One way to get a Chromium; `planBrowser` lists them in the order they are tried. */
export type BrowserSource =
  | { readonly kind: 'env'; readonly path: string }
  | { readonly kind: 'env-missing'; readonly path: string }
  | { readonly kind: 'system'; readonly path: string }
  | { readonly kind: 'cached-npm'; readonly path: string }
  | { readonly kind: 'apt' }
  | { readonly kind: 'npm'; readonly path: string };

/**
 * The sources to try, best first. A found browser is the whole plan; otherwise the ways to provide
 * one, apt-get first when we are root on a machine that has it, the npm package always last.
 */
export const planBrowser = (facts: BrowserFacts): readonly BrowserSource[] => {
  if (facts.chromiumPath !== undefined) {
    return facts.executable(facts.chromiumPath)
      ? [{ kind: 'env', path: facts.chromiumPath }]
      : [{ kind: 'env-missing', path: facts.chromiumPath }];
  }
  if (!facts.ignoreSystem) {
    const system = SYSTEM_CHROMIUM_PATHS.find((p) => facts.executable(p));
    if (system !== undefined) return [{ kind: 'system', path: system }];
  }
  if (facts.executable(facts.npmChromiumPath)) {
    return [{ kind: 'cached-npm', path: facts.npmChromiumPath }];
  }
  const npm: BrowserSource = { kind: 'npm', path: facts.npmChromiumPath };
  return !facts.ignoreSystem && facts.isRoot && facts.hasAptGet ? [{ kind: 'apt' }, npm] : [npm];
};

const isExecutableFile = (file: string): boolean => {
  try {
    if (!statSync(file).isFile()) return false;
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

const onPath = (command: string, env: NodeJS.ProcessEnv): boolean =>
  (env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir !== '')
    .some((dir) => isExecutableFile(path.join(dir, command)));

const truthy = (value: string | undefined): boolean =>
  value !== undefined && !['', '0', 'false', 'no'].includes(value.toLowerCase());

export const browserCacheDir = (env: NodeJS.ProcessEnv = process.env): string =>
  env.LAVABO_BROWSER_CACHE ??
  path.join(env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'lavabo');

const npmChromiumDir = (env: NodeJS.ProcessEnv): string =>
  path.join(browserCacheDir(env), `sparticuz-chromium-${NPM_CHROMIUM.version}`);

export const gatherFacts = (env: NodeJS.ProcessEnv = process.env): BrowserFacts => ({
  chromiumPath: env.CHROMIUM_PATH === '' ? undefined : env.CHROMIUM_PATH,
  ignoreSystem: truthy(env.LAVABO_IGNORE_SYSTEM_CHROMIUM),
  executable: isExecutableFile,
  npmChromiumPath: path.join(npmChromiumDir(env), 'chromium'),
  isRoot: process.getuid?.() === 0,
  hasAptGet: onPath('apt-get', env),
});

/**
 * A Chromium that is already there, without installing anything: what the tests and benches use
 * when `ensureBrowser` has not run (say `vitest run` of one file through another config).
 */
export const findInstalledChromium = (env: NodeJS.ProcessEnv = process.env): string | undefined => {
  const [first] = planBrowser(gatherFacts(env));
  switch (first?.kind) {
    case 'env':
    case 'system':
    case 'cached-npm':
      return first.path;
    default:
      return undefined;
  }
};

/** Why a source gave no working browser: what is missing and the command that brings it. */
export interface Shortfall {
  readonly source: string;
  readonly missing: string;
  readonly fix: string;
}

/** Debian's package for the libraries a Chromium binary links against, for the fix command. */
const DEBIAN_PACKAGE_OF: Readonly<Record<string, string>> = {
  'libnss3.so': 'libnss3',
  'libnssutil3.so': 'libnss3',
  'libsmime3.so': 'libnss3',
  'libnspr4.so': 'libnspr4',
  'libplc4.so': 'libnspr4',
  'libplds4.so': 'libnspr4',
  'libexpat.so.1': 'libexpat1',
};

/**
 * Reads a failed `chromium --version`: a missing shared library names its Debian package; anything
 * else is reported as it came.
 */
export const diagnoseStart = (source: string, output: string): Shortfall => {
  const lib = /error while loading shared libraries: ([^\s:]+)/.exec(output)?.[1];
  if (lib !== undefined) {
    const pkg = DEBIAN_PACKAGE_OF[lib];
    return {
      source,
      missing: `the shared library ${lib}`,
      fix:
        pkg === undefined
          ? `\`${APT_INSTALL}\` as root (Debian's Chromium brings every library it needs)`
          : `\`apt-get install -y ${pkg}\` as root, or \`${APT_INSTALL}\``,
    };
  }
  const firstLine = output.trim().split('\n')[0] ?? '';
  return {
    source,
    missing: `a Chromium that starts (${firstLine === '' ? 'no output' : firstLine})`,
    fix: `\`${APT_INSTALL}\` as root, or CHROMIUM_PATH=/path/to/chromium npm test`,
  };
};

/** The one message `ensureBrowser` throws: the last shortfall's fix, after what was tried. */
export const noBrowserMessage = (shortfalls: readonly Shortfall[]): string => {
  const last = shortfalls.at(-1);
  const tried = shortfalls.map((s) => `  - ${s.source}: missing ${s.missing}`).join('\n');
  return (
    `No Chromium for the browser tests: missing ${last?.missing ?? 'a Chromium'}.\n` +
    `Fix: ${last?.fix ?? `\`${APT_INSTALL}\` as root`}.\n` +
    `Tried:\n${tried}`
  );
};

/** `chromium --version` as a start check: it loads every library the browser links against. */
const startCheck = (source: string, file: string): Shortfall | null => {
  const run = spawnSync(file, ['--version'], { encoding: 'utf8', timeout: 60_000 });
  if (run.status === 0) return null;
  return diagnoseStart(
    source,
    `${run.stderr ?? ''}\n${run.stdout ?? ''}\n${run.error?.message ?? ''}`,
  );
};

interface Ran {
  readonly code: number | null;
  readonly output: string;
}

/** Runs a command with no stdin, keeping its output to show only when it fails. */
const run = (
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<Ran> =>
  new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ code: null, output: `${output}${error.message}` }));
    child.on('close', (code) => resolve({ code, output }));
  });

const tail = (output: string, lines = 15): string =>
  output.trim().split('\n').slice(-lines).join('\n');

/** The line of a failed npm or apt-get run that says why: its error code, else its last line. */
export const reasonOf = (output: string): string => {
  const lines = output
    .trim()
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return (
    lines.find((line) => /^(npm error code |npm ERR! code |E: )/.test(line)) ??
    lines.at(-1) ??
    'no output'
  );
};

const seconds = (since: number): string => `${Math.round((Date.now() - since) / 1000)} s`;

type Log = (line: string) => void;

const installWithApt = async (log: Log): Promise<Shortfall | null> => {
  log(
    `No Chromium found: installing Debian's ${APT_PACKAGES.join(' and ')} with apt-get ` +
      '(we are root; apt-get update first; usually 1–3 minutes, longer on a busy machine)…',
  );
  const started = Date.now();
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = await run('apt-get', ['update', '-qq'], env);
  const install =
    update.code === 0
      ? await run('apt-get', ['install', '-y', '-qq', ...APT_PACKAGES], env)
      : update;
  if (install.code !== 0) {
    log(`apt-get failed after ${seconds(started)}:\n${tail(install.output)}`);
    return {
      source: "Debian's chromium (apt-get)",
      missing: `a working apt-get install (${reasonOf(install.output)})`,
      fix: `\`${APT_INSTALL}\` as root once the package mirror answers`,
    };
  }
  log(`Installed Debian's Chromium in ${seconds(started)}.`);
  return null;
};

/** npm itself: the one running `npm test` when there is one, else `npm` on PATH. */
const npmCommand = (): { command: string; args: string[] } => {
  const execpath = process.env.npm_execpath;
  return execpath !== undefined && /\.[cm]?js$/.test(execpath)
    ? { command: process.execPath, args: [execpath] }
    : { command: 'npm', args: [] };
};

/**
 * Fetches the pinned @sparticuz/chromium with npm into the cache folder and unpacks its browser
 * there (the package's own `executablePath()`, with TMPDIR pointing at a fresh folder that is
 * renamed into place when complete), then removes the fetched package: only the browser is kept.
 */
const installFromNpm = async (target: string, log: Log): Promise<Shortfall | null> => {
  const dir = path.dirname(target);
  const cache = path.dirname(dir);
  log(
    `No Chromium found: fetching ${NPM_CHROMIUM_SPEC} (about 70 MB) from the npm registry and ` +
      `unpacking it into ${dir} (once: later runs reuse it; about a minute, longer on a busy machine)…`,
  );
  const started = Date.now();
  const prefix = path.join(cache, `npm-${process.pid}`);
  const partial = `${dir}.partial-${process.pid}`;
  try {
    mkdirSync(prefix, { recursive: true });
    mkdirSync(partial, { recursive: true });
    const npm = npmCommand();
    const fetched = await run(npm.command, [
      ...npm.args,
      'install',
      '--prefix',
      prefix,
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--ignore-scripts',
      '--loglevel=error',
      NPM_CHROMIUM_SPEC,
    ]);
    if (fetched.code !== 0) {
      log(`npm failed after ${seconds(started)}:\n${tail(fetched.output)}`);
      return {
        source: `${NPM_CHROMIUM_SPEC} (npm)`,
        missing: `the package ${NPM_CHROMIUM_SPEC} from the npm registry (${reasonOf(fetched.output)})`,
        fix: `\`${APT_INSTALL}\` as root, or CHROMIUM_PATH=/path/to/chromium npm test`,
      };
    }
    const entry = pathToFileURL(
      path.join(prefix, 'node_modules', '@sparticuz', 'chromium', 'build', 'index.js'),
    ).href;
    const unpacked = await run(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        'const m = await import(process.argv[1]); console.log(await m.default.executablePath());',
        entry,
      ],
      { ...process.env, TMPDIR: partial },
    );
    if (unpacked.code !== 0 || !isExecutableFile(path.join(partial, 'chromium'))) {
      log(`Unpacking failed after ${seconds(started)}:\n${tail(unpacked.output)}`);
      return {
        source: `${NPM_CHROMIUM_SPEC} (npm)`,
        missing: `an unpacked Chromium in ${partial} (${reasonOf(unpacked.output)})`,
        fix: `free disk space in ${cache} and run npm test again, or \`${APT_INSTALL}\` as root`,
      };
    }
    rmSync(dir, { recursive: true, force: true });
    renameSync(partial, dir);
    log(`Unpacked Chromium ${NPM_CHROMIUM.version} in ${seconds(started)}.`);
    return null;
  } finally {
    rmSync(prefix, { recursive: true, force: true });
    rmSync(partial, { recursive: true, force: true });
  }
};

const describeSource = (source: BrowserSource): string => {
  switch (source.kind) {
    case 'env':
    case 'env-missing':
      return `CHROMIUM_PATH=${source.path}`;
    case 'system':
      return source.path;
    case 'cached-npm':
    case 'npm':
      return `${NPM_CHROMIUM_SPEC} in ${path.dirname(source.path)}`;
    case 'apt':
      return "Debian's chromium";
  }
};

/**
 * Returns the path of a Chromium that starts, installing one when none is there (see the top of
 * this file); throws one error naming what is missing and how to fix it otherwise.
 */
export const ensureBrowser = async (
  env: NodeJS.ProcessEnv = process.env,
  log: Log = (line) => console.log(line),
): Promise<string> => {
  const shortfalls: Shortfall[] = [];
  for (const source of planBrowser(gatherFacts(env))) {
    const name = describeSource(source);
    switch (source.kind) {
      case 'env-missing':
        shortfalls.push({
          source: name,
          missing: `an executable file at ${source.path}`,
          fix: 'point CHROMIUM_PATH at a Chromium binary, or unset it to let npm test find or provide one',
        });
        break;
      case 'env':
      case 'system':
      case 'cached-npm':
      case 'npm': {
        if (source.kind === 'npm') {
          const failed = await installFromNpm(source.path, log);
          if (failed !== null) {
            shortfalls.push(failed);
            break;
          }
        }
        const failed = startCheck(name, source.path);
        if (failed === null) return source.path;
        shortfalls.push(failed);
        break;
      }
      case 'apt': {
        const failed = await installWithApt(log);
        if (failed !== null) {
          shortfalls.push(failed);
          break;
        }
        const installed = SYSTEM_CHROMIUM_PATHS.find(isExecutableFile);
        const broken =
          installed === undefined
            ? {
                source: name,
                missing: `a Chromium at ${SYSTEM_CHROMIUM_PATHS.join(', ')} after apt-get`,
                fix: `\`${APT_INSTALL}\` as root, then look at what it printed`,
              }
            : startCheck(name, installed);
        if (broken === null && installed !== undefined) return installed;
        if (broken !== null) shortfalls.push(broken);
        break;
      }
    }
  }
  throw new Error(noBrowserMessage(shortfalls));
};

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  ensureBrowser(process.env, (line) => console.error(line)).then(
    (found) => console.log(found),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
