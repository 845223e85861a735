import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  becameInteractive,
  initialPageReadiness,
  INTERACTION_EVENTS,
  isFallbackDue,
  loadScriptsInOrder,
  PAGE_INTERACTIVE_FALLBACK_MS,
  pageReadinessReducer,
  type ReadinessTrigger,
  type ScriptLoader,
  type ThirdPartyScript,
} from '../../../core/content/page-readiness';

const trigger = fc.constantFrom<ReadinessTrigger>(...INTERACTION_EVENTS, 'timeout');

describe('page readiness (spec §4, §9)', () => {
  it('listens for mouseover, keydown, touch, scroll and click, with a 5 s fallback', () => {
    expect([...INTERACTION_EVENTS].sort()).toEqual(
      ['click', 'keydown', 'mouseover', 'scroll', 'touchstart'].sort(),
    );
    expect(PAGE_INTERACTIVE_FALLBACK_MS).toBe(5000);
  });

  it('becomes interactive on the first trigger, which is kept, and signals that exactly once', () => {
    fc.assert(
      fc.property(fc.array(trigger, { maxLength: 20 }), (triggers) => {
        let state = initialPageReadiness;
        let signals = 0;
        for (const t of triggers) {
          const next = pageReadinessReducer(state, t);
          if (becameInteractive(state, next)) signals += 1;
          state = next;
        }
        const [first] = triggers;
        expect(signals).toBe(first === undefined ? 0 : 1);
        expect(state).toEqual(
          first === undefined ? { interactive: false } : { interactive: true, trigger: first },
        );
      }),
    );
  });

  it('falls back once 5 s have passed since the page started', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000_000 }),
        fc.integer({ min: -1000, max: 20_000 }),
        (start, elapsed) => {
          expect(isFallbackDue(start, start + elapsed)).toBe(elapsed >= 5000);
        },
      ),
    );
  });
});

/** A loader whose scripts finish in an order the test picks, recording overlap. */
class RecordingLoader implements ScriptLoader {
  readonly started: string[] = [];
  active = 0;
  maxActive = 0;
  constructor(
    private readonly failing: ReadonlySet<string>,
    private readonly delays: ReadonlyMap<string, number>,
  ) {}
  async load(script: ThirdPartyScript): Promise<void> {
    this.started.push(script.src);
    this.active += 1;
    this.maxActive = Math.max(this.maxActive, this.active);
    for (let i = 0; i < (this.delays.get(script.src) ?? 0); i += 1) await Promise.resolve();
    this.active -= 1;
    if (this.failing.has(script.src)) throw new Error(`failed ${script.src}`);
  }
}

describe('third-party scripts load one after another', () => {
  it('starts each script after the one before settled, in order, and goes on past failures', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc
          .uniqueArray(fc.nat({ max: 50 }), { maxLength: 6 })
          .map((ns) => ns.map((n) => `https://cdn.test/s${n}.js`)),
        fc.func(fc.boolean()),
        fc.func(fc.nat({ max: 5 })),
        async (srcs, fails, delay) => {
          const failing = new Set(srcs.filter((s) => fails(s)));
          const loader = new RecordingLoader(failing, new Map(srcs.map((s) => [s, delay(s)])));
          const results = await loadScriptsInOrder(
            loader,
            srcs.map((src) => ({ src })),
          );
          expect(loader.started).toEqual(srcs);
          expect(loader.maxActive).toBeLessThanOrEqual(1);
          expect(results.map((r) => [r.script.src, r.loaded])).toEqual(
            srcs.map((s) => [s, !failing.has(s)]),
          );
        },
      ),
    );
  });
});
