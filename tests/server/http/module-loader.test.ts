/**
 * The module loader of server-rendered pages (server/http/module-loader.ts), run in a VM against a
 * stand-in document and clock: it asks for nothing until the page has painted with its largest
 * image, then for every preload and the entry once, and at the latest after the fallback. The
 * browser journeys run it for real (every e2e page the server renders hydrates through it).
 */
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LOADER_FALLBACK_MS,
  MODULE_LOADER_SCRIPT,
  PAGE_MODULES_ID,
  takeShellModules,
} from '../../../server/http/module-loader';

interface Element {
  tag: string;
  [attribute: string]: unknown;
}

const MODULES = { entry: '/assets/index.js', preload: ['/assets/runtime.js', '/assets/list.js'] };

/** A document, clock and frame loop just big enough for the loader. */
const stage = (image: 'none' | 'complete' | 'loading') => {
  let now = 0;
  const timers: { at: number; run: () => void }[] = [];
  let frames: (() => void)[] = [];
  const listeners = new Map<string, () => void>();
  const appended: Element[] = [];
  const img = {
    complete: image === 'complete',
    addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
  };
  const document = {
    getElementById: (id: string) =>
      id === PAGE_MODULES_ID ? { textContent: JSON.stringify(MODULES) } : null,
    querySelector: (selector: string) =>
      selector === 'img[fetchpriority="high"]' && image !== 'none' ? img : null,
    createElement: (tag: string): Element => ({ tag }),
    head: { appendChild: (element: Element) => void appended.push(element) },
  };
  runInNewContext(MODULE_LOADER_SCRIPT, {
    document,
    setTimeout: (run: () => void, ms: number) => void timers.push({ at: now + ms, run }),
    requestAnimationFrame: (run: () => void) => void frames.push(run),
  });
  return {
    appended,
    /** Runs one animation frame's callbacks. */
    frame: () => {
      const due = frames;
      frames = [];
      for (const run of due) run();
    },
    /** Moves the clock on, running the timers that come due. */
    tick: (ms: number) => {
      now += ms;
      for (;;) {
        const next = timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)[0];
        if (next === undefined) break;
        timers.splice(timers.indexOf(next), 1);
        next.run();
      }
    },
    fire: (type: string) => listeners.get(type)?.(),
  };
};

const requested = (appended: readonly Element[]) =>
  appended.map((e) =>
    e.tag === 'link' ? `${String(e.rel)} ${String(e.href)}` : `${String(e.type)} ${String(e.src)}`,
  );

const EVERYTHING = [
  'modulepreload /assets/runtime.js',
  'modulepreload /assets/list.js',
  'module /assets/index.js',
];

describe('the module loader', () => {
  it('asks for the modules only after two frames have painted the page', () => {
    const page = stage('complete');
    page.tick(0);
    expect(page.appended).toEqual([]);
    page.frame();
    page.tick(0);
    expect(page.appended).toEqual([]);
    page.frame();
    expect(page.appended).toEqual([]);
    page.tick(0);
    expect(requested(page.appended)).toEqual(EVERYTHING);
    expect(page.appended.every((e) => e.crossOrigin === '')).toBe(true);
  });

  it('waits for a loading largest image, whether it loads or fails', () => {
    for (const outcome of ['load', 'error']) {
      const page = stage('loading');
      page.frame();
      page.frame();
      page.tick(100);
      expect(page.appended).toEqual([]);
      page.fire(outcome);
      page.frame();
      page.frame();
      page.tick(0);
      expect(requested(page.appended)).toEqual(EVERYTHING);
    }
  });

  it('asks once at the fallback when nothing paints (a hidden tab), and never twice', () => {
    fc.assert(
      fc.property(
        fc.constantFrom<'none' | 'complete' | 'loading'>('none', 'complete', 'loading'),
        fc.array(fc.constantFrom('frame', 'tick', 'load'), { maxLength: 12 }),
        (image, steps) => {
          const page = stage(image);
          for (const step of steps) {
            if (step === 'frame') page.frame();
            else if (step === 'tick') page.tick(400);
            else page.fire('load');
          }
          page.tick(LOADER_FALLBACK_MS);
          expect(requested(page.appended)).toEqual(EVERYTHING);
        },
      ),
    );
  });
});

describe('takeShellModules', () => {
  it('takes the entry script and module preloads out of the shell', () => {
    const shell =
      '<head><title>L</title><script type="module" crossorigin src="/assets/index.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/runtime.js">\n<link rel="stylesheet" crossorigin href="/assets/index.css"></head>';
    expect(takeShellModules(shell)).toEqual({
      html: '<head><title>L</title><link rel="stylesheet" crossorigin href="/assets/index.css"></head>',
      entry: '/assets/index.js',
      preload: ['/assets/runtime.js'],
    });
  });

  it('leaves a shell with no entry, or more than one, to load as it is', () => {
    expect(takeShellModules('<head></head>')).toBeNull();
    const two =
      '<script type="module" src="/a.js"></script><script type="module" src="/b.js"></script>';
    expect(takeShellModules(two)).toBeNull();
  });
});
