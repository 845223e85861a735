import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  figuresOf,
  formatTable,
  median,
  medianFigures,
  type PageFigures,
} from '../../../bench/lighthouse-report';

const figures = (over: Partial<PageFigures> = {}): PageFigures => ({
  performance: 0.9,
  accessibility: 1,
  lcpMs: 2400,
  tbtMs: 50,
  cls: 0,
  scriptBytes: 200 * 1024,
  failingA11y: [],
  ...over,
});

describe('median', () => {
  it('is the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });

  it('lies between the smallest and the largest value, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1e6, max: 1e6 }), { minLength: 1 }), (values) => {
        const m = median(values);
        expect(m).toBeGreaterThanOrEqual(Math.min(...values));
        expect(m).toBeLessThanOrEqual(Math.max(...values));
        expect(median([...values].reverse())).toBe(m);
      }),
    );
  });
});

describe('reading a Lighthouse result', () => {
  it('takes the scores, the metrics, the script bytes and the failing weighed a11y audits', () => {
    const lhr = {
      categories: {
        performance: { score: 0.94 },
        accessibility: {
          score: 0.96,
          auditRefs: [{ id: 'color-contrast' }, { id: 'label' }, { id: 'tabindex' }],
        },
      },
      audits: {
        'largest-contentful-paint': { score: 0.8, numericValue: 2452.4 },
        'total-blocking-time': { score: 1, numericValue: 20 },
        'cumulative-layout-shift': { score: 1, numericValue: 0.106 },
        'resource-summary': {
          score: null,
          details: {
            items: [
              { resourceType: 'total', transferSize: 9 },
              { resourceType: 'script', transferSize: 1234 },
            ],
          },
        },
        'color-contrast': { score: 0 },
        label: { score: 1 },
        tabindex: { score: null },
        'not-weighed': { score: 0 },
      },
    };
    expect(figuresOf(lhr)).toEqual({
      performance: 0.94,
      accessibility: 0.96,
      lcpMs: 2452.4,
      tbtMs: 20,
      cls: 0.106,
      scriptBytes: 1234,
      failingA11y: ['color-contrast'],
    });
  });
});

describe('over several runs', () => {
  it('takes the median of each figure and every audit that failed in any run', () => {
    const merged = medianFigures([
      figures({ performance: 0.8, failingA11y: ['label'] }),
      figures({ performance: 0.9 }),
      figures({ performance: 0.95, failingA11y: ['color-contrast', 'label'] }),
    ]);
    expect(merged.performance).toBe(0.9);
    expect(merged.failingA11y).toEqual(['color-contrast', 'label']);
  });
});

describe('the table', () => {
  it('prints one Markdown row per page, "none" when nothing fails and "-" for a missing figure', () => {
    const table = formatTable([
      { page: '/en', figures: figures() },
      { page: '/en/cart', figures: figures({ lcpMs: NaN, failingA11y: ['label'] }) },
    ]);
    expect(table.split('\n')).toEqual([
      '| page | perf | a11y | LCP | TBT | CLS | first-load JS | failing a11y audits |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      '| /en | 0.90 | 1.00 | 2400 ms | 50 ms | 0.000 | 200.0 KiB | none |',
      '| /en/cart | 0.90 | 1.00 | - | 50 ms | 0.000 | 200.0 KiB | label |',
    ]);
  });
});
