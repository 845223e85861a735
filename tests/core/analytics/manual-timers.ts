import type { Timers } from '../../../core/analytics/ports';

/** Timers that run only when the test moves time on: `advance(ms)` fires what falls due, in order. */
export class ManualTimers implements Timers {
  now = 0;
  private next = 1;
  private readonly due = new Map<number, { at: number; run: () => void }>();

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.next++;
    this.due.set(id, { at: this.now + Math.max(0, ms), run });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.due.delete(handle as number);
  }

  get pending(): number {
    return this.due.size;
  }

  advance(ms: number): void {
    const until = this.now + ms;
    for (;;) {
      let first: [number, { at: number; run: () => void }] | undefined;
      for (const entry of this.due) {
        if (entry[1].at <= until && (first === undefined || entry[1].at < first[1].at)) {
          first = entry;
        }
      }
      if (first === undefined) break;
      this.due.delete(first[0]);
      this.now = first[1].at;
      first[1].run();
    }
    this.now = until;
  }
}
