/**
 * PageReadinessSignal in the browser (spec §4): listens on the window for the first of mouseover,
 * keydown, touchstart, scroll or click (in the capture phase, so a scroll inside a box counts too),
 * and runs the 5 s fallback from the page's start (`elapsed`, performance.now() in the browser),
 * so a listener attached late still falls back on time. core/content/page-readiness.ts decides;
 * this only feeds it. Once interactive, every listener and the timer are removed.
 */
import type { PageReadinessSignal, Timers } from '../../../core/analytics/ports';
import {
  becameInteractive,
  initialPageReadiness,
  INTERACTION_EVENTS,
  PAGE_INTERACTIVE_FALLBACK_MS,
  pageReadinessReducer,
  type ReadinessTrigger,
} from '../../../core/content/page-readiness';

export class DomPageReadiness implements PageReadinessSignal {
  private signal: Promise<ReadinessTrigger> | null = null;

  constructor(
    private readonly target: EventTarget,
    private readonly timers: Timers,
    private readonly elapsed: () => number,
    private readonly fallbackMs: number = PAGE_INTERACTIVE_FALLBACK_MS,
  ) {}

  whenInteractive(): Promise<ReadinessTrigger> {
    this.signal ??= new Promise<ReadinessTrigger>((resolve) => {
      let state = initialPageReadiness;
      const options = { capture: true, passive: true } as const;
      const listeners = INTERACTION_EVENTS.map((name) => {
        const listener = () => step(name);
        this.target.addEventListener(name, listener, options);
        return [name, listener] as const;
      });
      const timer = this.timers.setTimeout(
        () => step('timeout'),
        Math.max(0, this.fallbackMs - this.elapsed()),
      );
      const step = (trigger: ReadinessTrigger) => {
        const next = pageReadinessReducer(state, trigger);
        const started = becameInteractive(state, next);
        state = next;
        if (!started) return;
        for (const [name, listener] of listeners) {
          this.target.removeEventListener(name, listener, options);
        }
        this.timers.clearTimeout(timer);
        resolve(trigger);
      };
    });
    return this.signal;
  }
}
