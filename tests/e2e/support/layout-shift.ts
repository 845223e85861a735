/**
 * Layout shift as Chromium reports it (the Layout Instability API, what Lighthouse's CLS is built
 * on): an init script records every `layout-shift` entry from the first paint, leaving out those
 * right after the shopper's own input (`hadRecentInput`), and names the elements that moved. Used
 * by bench/layout-shift.ts and the e2e checks that keep list and product pages still while loading.
 */
import type { BrowserContext, Page } from 'playwright-core';

/** One element that moved in a shift: a short CSS-like name and where it was and went. */
export interface ShiftSource {
  readonly node: string;
  readonly from: string;
  readonly to: string;
}

export interface Shift {
  /** Milliseconds since navigation start. */
  readonly at: number;
  readonly value: number;
  readonly sources: readonly ShiftSource[];
}

declare global {
  interface Window {
    __layoutShifts?: Shift[];
  }
}

/**
 * The recorder, as source text: a function passed to `addInitScript` would be serialised after tsx
 * compiled it, with helper calls (`__name`) the page does not have.
 */
const RECORDER = `(() => {
  const shifts = [];
  window.__layoutShifts = shifts;
  const short = (el, n) => [...el.classList].slice(0, n).map((c) => '.' + c).join('');
  const name = (node) => {
    if (!(node instanceof Element)) return node === null ? '(gone)' : node.nodeName.toLowerCase();
    const parent = node.parentElement;
    const where =
      parent === null || parent === document.body
        ? ''
        : parent.tagName.toLowerCase() + short(parent, 1) + ' > ';
    return where + node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + short(node, 2);
  };
  const rect = (r) =>
    Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + '×' + Math.round(r.height);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      shifts.push({
        at: Math.round(entry.startTime),
        value: entry.value,
        sources: entry.sources.map((s) => ({
          node: name(s.node),
          from: rect(s.previousRect),
          to: rect(s.currentRect),
        })),
      });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** Starts recording in every page of the context; call before the first navigation. */
export const recordLayoutShifts = async (context: BrowserContext): Promise<void> => {
  await context.addInitScript({ content: RECORDER });
};

/** The shifts recorded so far on the page (after two frames, so the last layout is counted). */
export const layoutShifts = async (page: Page): Promise<Shift[]> => {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  );
  return page.evaluate(() => window.__layoutShifts ?? []);
};

/** The sum of the shifts' scores (at least the cumulative layout shift of any session window). */
export const shiftTotal = (shifts: readonly Shift[]): number =>
  shifts.reduce((sum, s) => sum + s.value, 0);

/** One line per shift: when, how much, and what moved — for failure messages and the bench. */
export const describeShifts = (shifts: readonly Shift[]): string[] =>
  shifts.map(
    (s) =>
      `${s.at} ms  ${s.value.toFixed(4)}  ${s.sources
        .map((src) => `${src.node} (${src.from} → ${src.to})`)
        .join('; ')}`,
  );

/**
 * The first screen has loaded: one h1, and nothing in the main region busy or a skeleton. Polls
 * the page (no fixed wait); the page is not scrolled, so only the first screen's loading counts.
 */
export const firstScreenLoaded = (page: Page, timeout = 20_000): Promise<unknown> =>
  page.waitForFunction(
    () => {
      const main = document.querySelector('main');
      return (
        document.querySelectorAll('h1').length === 1 &&
        main !== null &&
        main.getAttribute('aria-busy') !== 'true' &&
        main.querySelector('[aria-busy="true"], .skeleton') === null
      );
    },
    undefined,
    { timeout, polling: 50 },
  );
