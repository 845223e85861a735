/**
 * The versions a cluster's workers hold in memory (server/db/cluster-versions.ts): a writer's
 * versions reach every other worker through the primary before the writer's wait ends; a worker that
 * exits counts as having acknowledged; workers take the larger value per field; an acknowledgement
 * that never comes ends the wait after the bound, logged.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  ClusterVersions,
  VersionRelay,
  type RelayWorker,
  type WorkerChannel,
} from '../../../server/db/cluster-versions';

/** Messages between the primary and its workers, delivered one by one when the test says so. */
const network = () => {
  const queue: (() => void)[] = [];
  /** Delivers until nothing more is sent for a few turns of the event loop. */
  const deliver = async (): Promise<void> => {
    for (let idle = 0; idle < 5;) {
      const next = queue.shift();
      if (next === undefined) idle += 1;
      else {
        idle = 0;
        next();
      }
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
  };
  return { queue, deliver };
};

interface FakeWorker extends RelayWorker {
  readonly name: string;
  held: boolean;
  readonly pending: unknown[];
}

const cluster = () => {
  const net = network();
  const errors: string[] = [];
  const relay = new VersionRelay<FakeWorker>({
    ackTimeoutMs: 200,
    log: { error: (_details, message) => errors.push(message) },
  });
  const rows: { catalogue: number; sessions: number } = { catalogue: 1, sessions: 1 };
  const db = { rows };
  const fresh = () => Promise.resolve({ ...db.rows });

  const worker = async (name: string) => {
    const listeners = new Set<(message: unknown) => void>();
    const side: FakeWorker = {
      name,
      held: false,
      pending: [],
      // primary -> worker
      send: (message) => {
        const copy = structuredClone(message);
        net.queue.push(() => {
          if (side.held) side.pending.push(copy);
          else for (const listener of listeners) listener(copy);
        });
      },
    };
    const channel: WorkerChannel = {
      // worker -> primary
      send: (message) => {
        const copy = structuredClone(message);
        net.queue.push(() => relay.received(side, copy));
      },
      onMessage: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const starting = ClusterVersions.start(fresh, channel, {
      ackTimeoutMs: 200,
      refreshMs: 0,
      log: { error: (_details, message) => errors.push(message) },
    });
    await net.deliver();
    const versions = await starting;
    /** Lets the messages a held worker was sent through. */
    const release = () => {
      side.held = false;
      for (const message of side.pending.splice(0)) for (const l of listeners) l(message);
    };
    return { side, versions, release };
  };
  return { net, relay, db, worker, errors };
};

afterEach(() => {
  vi.useRealTimers();
});

describe('ClusterVersions and VersionRelay', () => {
  it('answers from memory once started, at the rows as read at start', async () => {
    const c = cluster();
    c.db.rows.catalogue = 7;
    const a = await c.worker('a');
    c.db.rows.catalogue = 9;
    expect(await a.versions.read()).toEqual({ catalogue: 7, sessions: 1 });
  });

  it("ends a writer's wait only after the other worker took its versions", async () => {
    const c = cluster();
    const a = await c.worker('a');
    const b = await c.worker('b');
    b.side.held = true;
    c.db.rows.catalogue = 2;
    c.db.rows.sessions = 3;
    let done = false;
    const writing = a.versions.afterWrite().then(() => (done = true));
    await c.net.deliver();
    // The writer holds the new pair at once; b has not taken it, so a still waits.
    expect(a.versions.current()).toEqual({ catalogue: 2, sessions: 3 });
    expect(b.versions.current()).toEqual({ catalogue: 1, sessions: 1 });
    expect(done).toBe(false);
    b.release();
    // Taken synchronously on receipt, before the ack is even on its way.
    expect(b.versions.current()).toEqual({ catalogue: 2, sessions: 3 });
    await c.net.deliver();
    await writing;
    expect(done).toBe(true);
    expect(c.errors).toEqual([]);
  });

  it('does not push when nothing moved', async () => {
    const c = cluster();
    const a = await c.worker('a');
    await c.worker('b');
    const before = c.net.queue.length;
    await a.versions.afterWrite();
    expect(c.net.queue.length).toBe(before);
  });

  it('counts a worker that exits as having acknowledged', async () => {
    const c = cluster();
    const a = await c.worker('a');
    const b = await c.worker('b');
    b.side.held = true;
    c.db.rows.catalogue = 5;
    let done = false;
    const writing = a.versions.afterWrite().then(() => (done = true));
    await c.net.deliver();
    expect(done).toBe(false);
    c.relay.exited(b.side);
    await c.net.deliver();
    await writing;
    expect(done).toBe(true);
    expect(c.errors).toEqual([]);
  });

  it('takes the larger value per field', async () => {
    const c = cluster();
    c.db.rows = { catalogue: 10, sessions: 1 };
    const a = await c.worker('a');
    a.versions.apply({ catalogue: 4, sessions: 6 });
    expect(a.versions.current()).toEqual({ catalogue: 10, sessions: 6 });
    const b = await c.worker('b');
    c.db.rows = { catalogue: 3, sessions: 8 };
    const writing = b.versions.afterWrite();
    await c.net.deliver();
    await writing;
    expect(a.versions.current()).toEqual({ catalogue: 10, sessions: 8 });
  });

  it('forwards to a worker that subscribed after the first', async () => {
    const c = cluster();
    const a = await c.worker('a');
    const b = await c.worker('b');
    const d = await c.worker('d');
    c.db.rows.sessions = 4;
    const writing = d.versions.afterWrite();
    await c.net.deliver();
    await writing;
    expect(a.versions.current().sessions).toBe(4);
    expect(b.versions.current().sessions).toBe(4);
  });

  it('answers after the bound, logged, when a worker never acknowledges', async () => {
    const c = cluster();
    const a = await c.worker('a');
    const b = await c.worker('b');
    b.side.held = true;
    c.db.rows.catalogue = 2;
    const began = performance.now();
    const writing = a.versions.afterWrite();
    await c.net.deliver();
    await writing;
    expect(performance.now() - began).toBeGreaterThanOrEqual(190);
    expect(c.errors.some((message) => /in time/.test(message))).toBe(true);
    // Not known to be everywhere: the next write pushes it again.
    b.release();
    await c.net.deliver();
    const before = c.net.queue.length;
    const again = a.versions.afterWrite();
    await Promise.resolve();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(c.net.queue.length).toBeGreaterThan(before);
    await c.net.deliver();
    await again;
  });

  it('acknowledges at once when the writer is the only worker', async () => {
    const c = cluster();
    const a = await c.worker('a');
    c.db.rows.catalogue = 3;
    const writing = a.versions.afterWrite();
    await c.net.deliver();
    await writing;
    expect(c.errors).toEqual([]);
  });

  it('fails to start when the primary never confirms the subscription', async () => {
    const channel: WorkerChannel = { send: () => undefined, onMessage: () => () => undefined };
    await expect(
      ClusterVersions.start(() => Promise.resolve({ catalogue: 1, sessions: 1 }), channel, {
        ackTimeoutMs: 50,
        refreshMs: 0,
      }),
    ).rejects.toThrow(/did not confirm/);
  });

  it('re-reads the rows every refresh interval (writes made outside the cluster)', async () => {
    const c = cluster();
    let rows = { catalogue: 1, sessions: 1 };
    const listeners = new Set<(m: unknown) => void>();
    const channel: WorkerChannel = {
      send: (message) => {
        if ((message as { kind: string }).kind === 'versions-subscribe') {
          queueMicrotask(() => listeners.forEach((l) => l({ kind: 'versions-subscribed' })));
        }
      },
      onMessage: (l) => (listeners.add(l), () => listeners.delete(l)),
    };
    const versions = await ClusterVersions.start(() => Promise.resolve(rows), channel, {
      refreshMs: 20,
    });
    rows = { catalogue: 2, sessions: 2 };
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(versions.current()).toEqual({ catalogue: 2, sessions: 2 });
    versions.close();
    expect(c.errors).toEqual([]);
  });
});
