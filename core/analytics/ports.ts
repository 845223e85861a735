/**
 * Ports of the analytics area (spec §3 page analytics names, §4 page readiness): the tag manager's
 * data layer, the loader that puts a third-party script on the page, the signal that the page has
 * become interactive, and timers, so every delay here can be tested with a controllable clock.
 */
import type { ReadinessTrigger } from '../content/page-readiness';

export type { ScriptLoader, ThirdPartyScript } from '../content/page-readiness';

/** One message for the tag manager: a plain object, as `window.dataLayer.push` takes it. */
export type DataLayerEvent = Readonly<Record<string, unknown>>;

/** Port: the tag manager's data layer (the browser's `window.dataLayer`). */
export interface DataLayer {
  push(event: DataLayerEvent): void;
}

/** Port: settles once, on the first trigger of page readiness (core/content/page-readiness.ts). */
export interface PageReadinessSignal {
  whenInteractive(): Promise<ReadinessTrigger>;
}

/** Port: one-shot timers (the browser's setTimeout and clearTimeout). */
export interface Timers {
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}
