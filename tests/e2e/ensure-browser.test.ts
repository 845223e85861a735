/**
 * Which browser npm test uses or provides (scripts/ensure-browser.ts `planBrowser`), decided on
 * made-up facts: what exists, whether we are root, whether apt-get is there. Nothing is installed
 * or launched here. Also the one error message when nothing starts.
 */
import { describe, expect, it } from 'vitest';
import {
  diagnoseStart,
  noBrowserMessage,
  planBrowser,
  reasonOf,
  type BrowserFacts,
} from '../../scripts/ensure-browser';

const NPM_CHROMIUM = '/cache/lavabo/sparticuz-chromium-153.0.0/chromium';

/** A bare machine: nothing installed, not root, no apt-get; `existing` lists executable files. */
const facts = (overrides: Partial<BrowserFacts> & { existing?: string[] } = {}): BrowserFacts => {
  const { existing = [], ...rest } = overrides;
  return {
    chromiumPath: undefined,
    ignoreSystem: false,
    executable: (file) => existing.includes(file),
    npmChromiumPath: NPM_CHROMIUM,
    isRoot: false,
    hasAptGet: false,
    ...rest,
  };
};

describe('planBrowser', () => {
  it('uses CHROMIUM_PATH first, even with a system Chromium there', () => {
    const plan = planBrowser(
      facts({
        chromiumPath: '/opt/chrome/chrome',
        existing: ['/opt/chrome/chrome', '/usr/bin/chromium'],
      }),
    );
    expect(plan).toEqual([{ kind: 'env', path: '/opt/chrome/chrome' }]);
  });

  it('reports a CHROMIUM_PATH that is not there instead of looking elsewhere', () => {
    const plan = planBrowser(
      facts({
        chromiumPath: '/nowhere/chrome',
        existing: ['/usr/bin/chromium'],
        isRoot: true,
        hasAptGet: true,
      }),
    );
    expect(plan).toEqual([{ kind: 'env-missing', path: '/nowhere/chrome' }]);
  });

  it('takes the system Chromium paths in order', () => {
    expect(
      planBrowser(facts({ existing: ['/usr/bin/google-chrome', '/usr/bin/chromium-browser'] })),
    ).toEqual([{ kind: 'system', path: '/usr/bin/chromium-browser' }]);
    expect(
      planBrowser(facts({ existing: ['/usr/bin/chromium', '/usr/bin/google-chrome'] })),
    ).toEqual([{ kind: 'system', path: '/usr/bin/chromium' }]);
  });

  it('prefers the system Chromium to an unpacked npm one', () => {
    expect(planBrowser(facts({ existing: ['/usr/bin/chromium', NPM_CHROMIUM] }))).toEqual([
      { kind: 'system', path: '/usr/bin/chromium' },
    ]);
  });

  it('reuses the npm-package Chromium unpacked by an earlier run rather than installing', () => {
    expect(planBrowser(facts({ existing: [NPM_CHROMIUM], isRoot: true, hasAptGet: true }))).toEqual(
      [{ kind: 'cached-npm', path: NPM_CHROMIUM }],
    );
  });

  it("installs Debian's chromium as root with apt-get, the npm package as the fallback", () => {
    expect(planBrowser(facts({ isRoot: true, hasAptGet: true }))).toEqual([
      { kind: 'apt' },
      { kind: 'npm', path: NPM_CHROMIUM },
    ]);
  });

  it('fetches the npm-package Chromium when not root, even with apt-get there', () => {
    expect(planBrowser(facts({ isRoot: false, hasAptGet: true }))).toEqual([
      { kind: 'npm', path: NPM_CHROMIUM },
    ]);
  });

  it('fetches the npm-package Chromium as root on a machine without apt-get', () => {
    expect(planBrowser(facts({ isRoot: true, hasAptGet: false }))).toEqual([
      { kind: 'npm', path: NPM_CHROMIUM },
    ]);
  });

  it('with the system Chromium ignored, skips both its paths and apt-get', () => {
    const plan = planBrowser(
      facts({ ignoreSystem: true, existing: ['/usr/bin/chromium'], isRoot: true, hasAptGet: true }),
    );
    expect(plan).toEqual([{ kind: 'npm', path: NPM_CHROMIUM }]);
  });

  it('with the system Chromium ignored, still honours CHROMIUM_PATH and the unpacked npm one', () => {
    expect(
      planBrowser(
        facts({
          ignoreSystem: true,
          chromiumPath: '/usr/bin/chromium',
          existing: ['/usr/bin/chromium'],
        }),
      ),
    ).toEqual([{ kind: 'env', path: '/usr/bin/chromium' }]);
    expect(
      planBrowser(facts({ ignoreSystem: true, existing: ['/usr/bin/chromium', NPM_CHROMIUM] })),
    ).toEqual([{ kind: 'cached-npm', path: NPM_CHROMIUM }]);
  });
});

describe('the error when no Chromium starts', () => {
  it('names a missing shared library and the Debian package that brings it', () => {
    const shortfall = diagnoseStart(
      'npm Chromium',
      './chromium: error while loading shared libraries: libnss3.so: cannot open shared object file',
    );
    expect(shortfall.missing).toBe('the shared library libnss3.so');
    expect(shortfall.fix).toContain('apt-get install -y libnss3');
  });

  it('falls back to installing Debian chromium for a library it does not know', () => {
    const shortfall = diagnoseStart(
      'x',
      'error while loading shared libraries: libweird.so.7: cannot open',
    );
    expect(shortfall.missing).toBe('the shared library libweird.so.7');
    expect(shortfall.fix).toContain('apt-get install -y chromium fonts-liberation');
  });

  it('is one message: what is missing, the command that fixes it, then what was tried', () => {
    const message = noBrowserMessage([
      {
        source: "Debian's chromium",
        missing: 'a working apt-get install (E: no mirror)',
        fix: 'ignored',
      },
      {
        source: '@sparticuz/chromium@153.0.0 in /c',
        missing: 'the shared library libnspr4.so',
        fix: '`apt-get install -y libnspr4` as root',
      },
    ]);
    expect(message.split('\n')).toEqual([
      'No Chromium for the browser tests: missing the shared library libnspr4.so.',
      'Fix: `apt-get install -y libnspr4` as root.',
      'Tried:',
      "  - Debian's chromium: missing a working apt-get install (E: no mirror)",
      '  - @sparticuz/chromium@153.0.0 in /c: missing the shared library libnspr4.so',
    ]);
  });
});

describe('reasonOf', () => {
  it("picks npm's error code and apt-get's E: line, else the last line", () => {
    expect(
      reasonOf('npm error code ECONNREFUSED\nnpm error errno ECONNREFUSED\nnpm error log at /x'),
    ).toBe('npm error code ECONNREFUSED');
    expect(reasonOf('Reading package lists...\nE: Unable to locate package chromium\n')).toBe(
      'E: Unable to locate package chromium',
    );
    expect(reasonOf('first\nlast\n\n')).toBe('last');
    expect(reasonOf('')).toBe('no output');
  });
});
