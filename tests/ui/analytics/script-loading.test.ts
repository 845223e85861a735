/**
 * The browser's script loader and readiness (adapters/browser/analytics/) in jsdom: scripts go on
 * the page as `<script async>` one at a time, each after the one before loaded or failed; a failure
 * is said on the console and the rest still load; and readiness comes on the first of the spec's
 * five interactions or the 5 s fallback counted from the page's start — never before.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DomPageReadiness } from '../../../adapters/browser/analytics/dom-page-readiness';
import { ScriptElementLoader } from '../../../adapters/browser/analytics/script-element-loader';
import { WindowDataLayer } from '../../../adapters/browser/analytics/window-data-layer';
import { windowTimers } from '../../../adapters/di/analytics-modules';
import { LoadThirdPartyScripts } from '../../../core/analytics/load-third-party-scripts';
import { DEFAULT_CONFIGURATION } from '../../../core/content/default-configuration';
import { INTERACTION_EVENTS, type ReadinessTrigger } from '../../../core/content/page-readiness';

const thirdParty = () => [
  ...document.head.querySelectorAll<HTMLScriptElement>('script[data-third-party]'),
];

const flush = async () => {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
};

afterEach(() => {
  document.head.innerHTML = '';
  delete (window as { dataLayer?: unknown }).dataLayer;
  vi.useRealTimers();
});

describe('ScriptElementLoader', () => {
  it('appends one async script at a time, the next only after the last loaded or failed', async () => {
    const warnings: string[] = [];
    const loader = new ScriptElementLoader(
      () => document,
      windowTimers,
      (message) => warnings.push(message),
    );
    const readiness = { whenInteractive: async (): Promise<ReadinessTrigger> => 'click' };
    const dataLayer = new WindowDataLayer(window as { dataLayer?: unknown[] });
    const useCase = new LoadThirdPartyScripts(readiness, loader, dataLayer, {
      load: async () => ({
        ...DEFAULT_CONFIGURATION,
        thirdPartyScripts: [
          { src: '/third-party/demo-tag.js', id: 'demo-tag' },
          { src: 'https://tags.example/broken.js' },
          { src: '/third-party/demo-pixel.js' },
        ],
      }),
    });
    const run = useCase.execute();
    await flush();

    expect(thirdParty().map((s) => s.getAttribute('src'))).toEqual(['/third-party/demo-tag.js']);
    const [first] = thirdParty();
    expect(first?.async).toBe(true);
    expect(first?.id).toBe('demo-tag');
    first?.dispatchEvent(new Event('load'));
    await flush();

    expect(thirdParty()).toHaveLength(2);
    thirdParty()[1]?.dispatchEvent(new Event('error'));
    await flush();

    expect(thirdParty().map((s) => s.getAttribute('src'))).toEqual([
      '/third-party/demo-tag.js',
      'https://tags.example/broken.js',
      '/third-party/demo-pixel.js',
    ]);
    thirdParty()[2]?.dispatchEvent(new Event('load'));
    const results = await run;

    expect(results.map((r) => r.loaded)).toEqual([true, false, true]);
    expect(warnings).toEqual([
      'The third-party script https://tags.example/broken.js failed to load',
    ]);
    expect((window as { dataLayer?: unknown[] }).dataLayer).toEqual([
      { event: 'page_interactive', trigger: 'click' },
      {
        event: 'third_party_script_failed',
        script_src: 'https://tags.example/broken.js',
        reason: 'The third-party script https://tags.example/broken.js failed to load',
      },
    ]);
  });

  it('gives up on a script that never answers, so the next one still loads', async () => {
    vi.useFakeTimers();
    const loader = new ScriptElementLoader(
      () => document,
      windowTimers,
      () => undefined,
      1000,
    );
    const stuck = loader.load({ src: '/third-party/stuck.js' });
    const caught = stuck.catch((error: unknown) => error);
    vi.advanceTimersByTime(1000);
    expect(String(await caught)).toContain('did not load within 1000 ms');
  });
});

describe('DomPageReadiness (spec §4)', () => {
  for (const name of INTERACTION_EVENTS) {
    it(`becomes interactive on ${name}, and only then`, async () => {
      vi.useFakeTimers();
      const readiness = new DomPageReadiness(window, windowTimers, () => 0);
      let trigger: ReadinessTrigger | null = null;
      void readiness.whenInteractive().then((t) => (trigger = t));
      vi.advanceTimersByTime(4999);
      await flush();
      expect(trigger).toBeNull();
      const target = name === 'scroll' ? document : document.body;
      target.dispatchEvent(new Event(name, { bubbles: name !== 'scroll' }));
      await flush();
      expect(trigger).toBe(name);
      // The first wins: the fallback and later events change nothing.
      vi.advanceTimersByTime(10_000);
      document.body.dispatchEvent(new Event('click', { bubbles: true }));
      await flush();
      expect(trigger).toBe(name);
      expect(await readiness.whenInteractive()).toBe(name);
    });
  }

  it('falls back 5 s after the page started, however late it began listening', async () => {
    vi.useFakeTimers();
    const readiness = new DomPageReadiness(window, windowTimers, () => 3200);
    let trigger: ReadinessTrigger | null = null;
    void readiness.whenInteractive().then((t) => (trigger = t));
    vi.advanceTimersByTime(1799);
    await flush();
    expect(trigger).toBeNull();
    vi.advanceTimersByTime(1);
    await flush();
    expect(trigger).toBe('timeout');
  });

  it('stops listening once interactive', async () => {
    const removed: string[] = [];
    const target = new EventTarget();
    const remove = target.removeEventListener.bind(target);
    target.removeEventListener = (type, listener, options) => {
      removed.push(type);
      remove(type, listener, options);
    };
    const readiness = new DomPageReadiness(target, windowTimers, () => 0);
    const signal = readiness.whenInteractive();
    target.dispatchEvent(new Event('keydown'));
    expect(await signal).toBe('keydown');
    expect([...removed].sort()).toEqual([...INTERACTION_EVENTS].sort());
  });
});
