/**
 * The pure part of bench/lighthouse.ts: reading the figures out of a Lighthouse result, the median
 * over runs and the printed table. Kept apart so it is unit-tested (tests/server/bench-lighthouse.test.ts)
 * without a browser.
 */

/** The slice of a Lighthouse result (LHR) this bench reads. */
export interface LighthouseResult {
  readonly categories: Readonly<Record<string, { readonly score: number | null } | undefined>>;
  readonly audits: Readonly<
    Record<
      string,
      | {
          readonly score: number | null;
          readonly scoreDisplayMode?: string;
          readonly numericValue?: number;
          readonly details?: unknown;
        }
      | undefined
    >
  >;
}

/** One page's figures from one Lighthouse run. */
export interface PageFigures {
  readonly performance: number;
  readonly accessibility: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /** Bytes of script transferred (gzip on the wire), from the resource summary. */
  readonly scriptBytes: number;
  /** Ids of the accessibility audits that failed (score below 1, and not n/a or manual). */
  readonly failingA11y: readonly string[];
}

const numeric = (lhr: LighthouseResult, id: string): number => lhr.audits[id]?.numericValue ?? NaN;

/** Script transfer bytes: the `script` row of `resource-summary`. */
const scriptTransferBytes = (lhr: LighthouseResult): number => {
  const details = lhr.audits['resource-summary']?.details as
    { items?: readonly { resourceType?: string; transferSize?: number }[] } | undefined;
  return details?.items?.find((i) => i.resourceType === 'script')?.transferSize ?? NaN;
};

/**
 * The failing accessibility audits: those the accessibility category weighs (`auditRefs`) with a
 * score below 1. Audits that do not apply, are informative or manual have a null score.
 */
export const failingAccessibilityAudits = (
  lhr: LighthouseResult & {
    readonly categories: Readonly<
      Record<string, { readonly auditRefs?: readonly { readonly id: string }[] } | undefined>
    >;
  },
): readonly string[] =>
  (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => ref.id)
    .filter((id) => {
      const audit = lhr.audits[id];
      return audit !== undefined && audit.score !== null && audit.score < 1;
    })
    .sort();

export const figuresOf = (
  lhr: LighthouseResult & {
    readonly categories: Readonly<
      Record<string, { readonly auditRefs?: readonly { readonly id: string }[] } | undefined>
    >;
  },
): PageFigures => ({
  performance: lhr.categories.performance?.score ?? NaN,
  accessibility: lhr.categories.accessibility?.score ?? NaN,
  lcpMs: numeric(lhr, 'largest-contentful-paint'),
  tbtMs: numeric(lhr, 'total-blocking-time'),
  cls: numeric(lhr, 'cumulative-layout-shift'),
  scriptBytes: scriptTransferBytes(lhr),
  failingA11y: failingAccessibilityAudits(lhr),
});

/** The median of some numbers: the middle one, or the mean of the two middle ones; NaN for none. */
export const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? NaN)
    : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
};

/**
 * One page's figures over several runs: the median of each number; the failing audits of any run
 * (an audit that fails once is worth seeing).
 */
export const medianFigures = (runs: readonly PageFigures[]): PageFigures => {
  const m = (pick: (f: PageFigures) => number): number => median(runs.map(pick));
  return {
    performance: m((f) => f.performance),
    accessibility: m((f) => f.accessibility),
    lcpMs: m((f) => f.lcpMs),
    tbtMs: m((f) => f.tbtMs),
    cls: m((f) => f.cls),
    scriptBytes: m((f) => f.scriptBytes),
    failingA11y: [...new Set(runs.flatMap((f) => f.failingA11y))].sort(),
  };
};

const score = (s: number): string => (Number.isNaN(s) ? '-' : s.toFixed(2));
const ms = (v: number): string => (Number.isNaN(v) ? '-' : `${Math.round(v)} ms`);
const kb = (bytes: number): string =>
  Number.isNaN(bytes) ? '-' : `${(bytes / 1024).toFixed(1)} KiB`;

/** A Markdown table (it reads in a terminal and pastes into docs), one row per page. */
export const formatTable = (rows: readonly { page: string; figures: PageFigures }[]): string => {
  const header = [
    'page',
    'perf',
    'a11y',
    'LCP',
    'TBT',
    'CLS',
    'first-load JS',
    'failing a11y audits',
  ];
  const cells = rows.map(({ page, figures: f }) => [
    page,
    score(f.performance),
    score(f.accessibility),
    ms(f.lcpMs),
    ms(f.tbtMs),
    Number.isNaN(f.cls) ? '-' : f.cls.toFixed(3),
    kb(f.scriptBytes),
    f.failingA11y.length === 0 ? 'none' : f.failingA11y.join(', '),
  ]);
  const line = (row: readonly string[]): string => `| ${row.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...cells.map(line)].join('\n');
};
