/**
 * Model-based test of the compare use cases against an in-memory store and a ManualClock.
 * The model is a deliberately naive restatement of spec §4 Compare.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AddToCompare } from '../../../core/compare/add-to-compare';
import { ClearCompare } from '../../../core/compare/clear-compare';
import { COMPARE_EXPIRY_MS, type CompareState } from '../../../core/compare/compare-state';
import { isCompareTrayOpen } from '../../../core/compare/compare-tray';
import { EnableCompare } from '../../../core/compare/enable-compare';
import { LoadCompare } from '../../../core/compare/load-compare';
import type { CompareStore } from '../../../core/compare/ports';
import { RemoveFromCompare } from '../../../core/compare/remove-from-compare';
import { DAY, ManualClock } from '../../../core/shared/clock';

interface Entry {
  sku: string;
  category: string;
  addedAt: number;
}
interface Model {
  entries: Entry[];
  category: string | null;
  enabled: boolean;
  now: number;
  width: number;
}

class MemoryCompareStore implements CompareStore {
  state: CompareState | null = null;
  load(): CompareState | null {
    return this.state;
  }
  save(state: CompareState): void {
    this.state = state;
  }
}

interface Real {
  store: MemoryCompareStore;
  clock: ManualClock;
  add: AddToCompare;
  remove: RemoveFromCompare;
  clear: ClearCompare;
  enable: EnableCompare;
  load: LoadCompare;
}

const columnsFor = (width: number) => (width >= 1330 ? 7 : width >= 812 ? 5 : 3);

/** The model's own expiry: an entry lives for 60 days after it was (re)added. */
const expire = (m: Model): void => {
  const before = m.entries.length;
  m.entries = m.entries.filter((e) => m.now - e.addedAt < 60 * DAY);
  if (m.entries.length === 0 && (before > 0 || m.category !== null)) m.category = null;
};

const assertSame = (m: Model, r: Real): void => {
  const s = r.store.state ?? { products: [], category: null, enabled: false };
  const live = s.products.filter((p) => r.clock.now() < p.expiry);
  expect(live.map((p) => p.compareSku)).toEqual(m.entries.map((e) => e.sku));
  expect(live.map((p) => p.expiry)).toEqual(m.entries.map((e) => e.addedAt + COMPARE_EXPIRY_MS));
  expect(isCompareTrayOpen('', s, r.clock.now())).toBe(m.entries.length > 0);
};

class AddCommand implements fc.Command<Model, Real> {
  constructor(
    readonly sku: string,
    readonly category: string,
  ) {}
  check = () => true;
  run(m: Model, r: Real): void {
    expire(m);
    const others = m.entries.filter((e) => e.sku !== this.sku);
    const result = r.add.execute(
      {
        compareSku: this.sku,
        category: this.category,
        backorder: false,
        masterVariant: { sku: this.sku, attributes: [] },
      },
      m.width,
    );
    const replacing = others.length < m.entries.length;
    if (!replacing && others.length >= columnsFor(m.width)) {
      expect(result).toEqual({
        ok: false,
        error: { kind: 'compare-full', max: columnsFor(m.width) },
      });
    } else {
      expect(result.ok).toBe(true);
      m.entries = [...others, { sku: this.sku, category: this.category, addedAt: m.now }];
      m.category = this.category;
      m.enabled = false;
    }
    assertSame(m, r);
    expect(r.store.state?.category ?? null).toBe(m.category);
    expect(r.store.state?.enabled ?? false).toBe(m.enabled);
  }
  toString = () => `add(${this.sku}, ${this.category})`;
}

class RemoveCommand implements fc.Command<Model, Real> {
  constructor(readonly sku: string) {}
  check = () => true;
  run(m: Model, r: Real): void {
    expire(m);
    m.entries = m.entries.filter((e) => e.sku !== this.sku);
    if (m.entries.length === 0) m.category = null;
    const s = r.remove.execute(this.sku);
    assertSame(m, r);
    expect(s.category).toBe(m.category);
    expect(s.enabled).toBe(m.enabled);
  }
  toString = () => `remove(${this.sku})`;
}

class ClearAllCommand implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real): void {
    m.entries = [];
    m.category = null;
    const s = r.clear.execute();
    expect(s.products).toEqual([]);
    expect(s.category).toBeNull();
    expect(s.enabled).toBe(m.enabled);
  }
  toString = () => 'clearAll';
}

class EnableCommand implements fc.Command<Model, Real> {
  constructor(readonly on: boolean) {}
  check = () => true;
  run(m: Model, r: Real): void {
    m.enabled = this.on;
    expect(r.enable.execute(this.on).enabled).toBe(this.on);
  }
  toString = () => `enable(${this.on})`;
}

class WaitCommand implements fc.Command<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  run(m: Model, r: Real): void {
    m.now += this.ms;
    r.clock.advance(this.ms);
    expire(m);
    assertSame(m, r);
  }
  toString = () => `wait(${(this.ms / DAY).toFixed(2)} days)`;
}

class ResizeCommand implements fc.Command<Model, Real> {
  constructor(readonly width: number) {}
  check = () => true;
  run(m: Model): void {
    // A narrower window lowers the maximum for the next add but never drops compared products.
    m.width = this.width;
  }
  toString = () => `resize(${this.width})`;
}

class LoadCommand implements fc.Command<Model, Real> {
  check = () => true;
  run(m: Model, r: Real): void {
    expire(m);
    const s = r.load.execute();
    expect(s.products.map((p) => p.compareSku)).toEqual(m.entries.map((e) => e.sku));
    expect(s.category).toBe(m.category);
    expect(s.enabled).toBe(m.enabled);
    expect(r.store.state === null || r.store.state === s).toBe(true);
  }
  toString = () => 'load';
}

const sku = fc.constantFrom('K-1', 'K-2', 'K-3', 'K-4', 'K-5', 'K-6', 'K-7', 'K-8', 'K-9');
const category = fc.constantFrom('Toilets', 'Faucets', 'Kitchen Sinks');
const add = fc.tuple(sku, category).map(([s, c]) => new AddCommand(s, c));
// Adds are listed three times so that runs often fill the tray to its maximum.
const commands = fc.commands(
  [
    add,
    add,
    add,
    sku.map((s) => new RemoveCommand(s)),
    fc.constant(new ClearAllCommand()),
    fc.boolean().map((on) => new EnableCommand(on)),
    fc
      .oneof(fc.nat(3 * DAY), fc.constantFrom(60 * DAY - 1, 60 * DAY, 30 * DAY))
      .map((ms) => new WaitCommand(ms)),
    fc
      .oneof(fc.constantFrom(375, 811, 812, 1329, 1330, 1920), fc.nat(2500))
      .map((w) => new ResizeCommand(w)),
    fc.constant(new LoadCommand()),
  ],
  { maxCommands: 60, size: '+1' },
);

describe('compare state machine (model-based)', () => {
  it('behaves like the model under any sequence of adds, removes, clears, waits and resizes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2_000_000_000_000 }),
        fc.constantFrom(375, 1000, 1440),
        commands,
        (start, width, cmds) => {
          const setup = () => {
            const store = new MemoryCompareStore();
            const clock = new ManualClock(start);
            const real: Real = {
              store,
              clock,
              add: new AddToCompare(store, clock),
              remove: new RemoveFromCompare(store, clock),
              clear: new ClearCompare(store),
              enable: new EnableCompare(store),
              load: new LoadCompare(store, clock),
            };
            const model: Model = { entries: [], category: null, enabled: false, now: start, width };
            return { model, real };
          };
          fc.modelRun(setup, cmds);
        },
      ),
      { numRuns: 200 },
    );
  });
});
