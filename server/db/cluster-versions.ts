/**
 * The shared versions (server/db/shared-versions.ts) kept in memory by the workers of one cluster
 * (WORKERS=n, server/cluster.ts) and pushed through the primary, instead of read from PostgreSQL
 * for every request (issue 14; docs/scale.md "What a cached catalogue read pays on PostgreSQL").
 *
 * A worker reads both rows once at start, then answers `read()` from memory. After a request that
 * may have written (every method but GET/HEAD/OPTIONS, and no route marked `readOnly`), and before
 * its answer leaves (server/app.ts's onSend hook), the worker reads both rows fresh; when they moved
 * past what it knows every worker has, it takes them itself, sends them to the primary and waits
 * for the primary's acknowledgement. The primary forwards them to every other worker that has
 * subscribed, and acknowledges once each of them has taken them (per field maximum, synchronously,
 * then an ack) or has exited. So the writer's answer leaves only after every worker holds the new
 * versions: a request that starts after that answer was received sees the commit, in every worker.
 *
 * A new worker subscribes first and reads the rows only once the primary has confirmed it: any push
 * the primary handled before the confirmation was read after its commit, so the new worker's own
 * read sees it; any push after is forwarded to it.
 *
 * Safety nets: an acknowledgement that has not come within `ackTimeoutMs` (2 s) is logged at error
 * level and the answer goes out anyway — a worker that did not take the versions may then answer
 * from older data until its next re-read. Every worker re-reads the rows every `refreshMs` (1 s), so
 * a write made outside the cluster (another machine, psql) is seen within about a second: the strict
 * guarantee covers writes made through the cluster's own workers.
 */
import type { Queryable } from './database';
import { SharedVersions, type VersionSource, type Versions } from './shared-versions';

/** A worker's new versions (to the primary), or the primary forwarding them (to a worker). */
export interface VersionsMessage extends Versions {
  readonly kind: 'versions';
  readonly id: number;
}

/** The answer to a `versions` message of the same id. */
export interface VersionsAck {
  readonly kind: 'versions-ack';
  readonly id: number;
}

/** A worker asks to be sent every change; the primary answers `versions-subscribed`. */
export interface VersionsSubscribe {
  readonly kind: 'versions-subscribe';
}

export interface VersionsSubscribed {
  readonly kind: 'versions-subscribed';
}

const kindOf = (message: unknown): unknown =>
  typeof message === 'object' && message !== null
    ? (message as { kind?: unknown }).kind
    : undefined;

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

export const isVersionsMessage = (message: unknown): message is VersionsMessage => {
  if (kindOf(message) !== 'versions') return false;
  const m = message as Partial<VersionsMessage>;
  return isCount(m.id) && isCount(m.catalogue) && isCount(m.sessions);
};

export const isVersionsAck = (message: unknown): message is VersionsAck =>
  kindOf(message) === 'versions-ack' && isCount((message as Partial<VersionsAck>).id);

/** What a worker says to the primary and hears from it (process.send / process.on('message')). */
export interface WorkerChannel {
  send(message: VersionsMessage | VersionsAck | VersionsSubscribe): void;
  onMessage(listener: (message: unknown) => void): () => void;
}

export interface VersionsLog {
  error(details: object, message: string): void;
}

export interface ClusterVersionsOptions {
  /** How long a writer waits for every worker to take its versions (then logs and answers). */
  readonly ackTimeoutMs?: number;
  /** How often the rows are read anyway (writes made outside the cluster). 0: never. */
  readonly refreshMs?: number;
  readonly log?: VersionsLog;
}

const max = (a: Versions, b: Versions): Versions =>
  a.catalogue >= b.catalogue && a.sessions >= b.sessions
    ? a
    : { catalogue: Math.max(a.catalogue, b.catalogue), sessions: Math.max(a.sessions, b.sessions) };

const ahead = (a: Versions, b: Versions): boolean =>
  a.catalogue > b.catalogue || a.sessions > b.sessions;

const consoleLog: VersionsLog = {
  error: (details, message) => console.error(message, details),
};

/** What the app's onSend hook needs of a worker's versions (server/app.ts). */
export interface WorkerVersions extends VersionSource {
  /** After a request that may have written, before its answer leaves. */
  afterWrite(): Promise<void>;
  log: VersionsLog;
}

/** One worker's versions, in memory, kept current by the primary's pushes. */
export class ClusterVersions implements WorkerVersions {
  private pair: Versions;
  /** The versions this worker's own pushes got acknowledged by every worker (or found there). */
  private everywhere: Versions;
  private nextId = 0;
  private readonly waiting = new Map<number, () => void>();
  private readonly stopListening: () => void;
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly ackTimeoutMs: number;
  log: VersionsLog;

  private constructor(
    private readonly fresh: () => Promise<Versions>,
    private readonly channel: WorkerChannel,
    options: ClusterVersionsOptions,
    subscribed: () => void,
  ) {
    this.pair = { catalogue: 0, sessions: 0 };
    this.everywhere = this.pair;
    this.ackTimeoutMs = options.ackTimeoutMs ?? 2_000;
    this.log = options.log ?? consoleLog;
    this.stopListening = channel.onMessage((message) => {
      if (isVersionsMessage(message)) {
        // Taken before the ack leaves: the writer answers only after this.
        this.apply(message);
        channel.send({ kind: 'versions-ack', id: message.id });
      } else if (isVersionsAck(message)) {
        this.waiting.get(message.id)?.();
      } else if (kindOf(message) === 'versions-subscribed') {
        subscribed();
      }
    });
  }

  /**
   * Subscribes to the primary's pushes, then reads both rows (`fresh`: a read sent after the call).
   * Rejects when the primary does not confirm within the acknowledgement bound.
   */
  static async start(
    fresh: () => Promise<Versions>,
    channel: WorkerChannel,
    options: ClusterVersionsOptions = {},
  ): Promise<ClusterVersions> {
    let confirm!: () => void;
    const confirmed = new Promise<void>((resolve) => (confirm = resolve));
    const versions = new ClusterVersions(fresh, channel, options, () => confirm());
    try {
      channel.send({ kind: 'versions-subscribe' });
      const bound = options.ackTimeoutMs ?? 2_000;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        confirmed,
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`the cluster's primary did not confirm within ${bound} ms`)),
            bound,
          );
        }),
      ]).finally(() => clearTimeout(timer));
      versions.apply(await fresh());
      // Whatever the cluster's workers committed before this read, their own pushes carry to every
      // worker; a commit of this worker's moves the rows past it. Only versions read later are news.
      versions.everywhere = versions.pair;
    } catch (error) {
      versions.close();
      throw error;
    }
    const refreshMs = options.refreshMs ?? 1_000;
    if (refreshMs > 0) {
      versions.timer = setInterval(() => {
        fresh().then(
          (read) => versions.apply(read),
          (error: unknown) =>
            versions.log.error({ err: error }, 'the shared versions were not read'),
        );
      }, refreshMs);
      versions.timer.unref();
    }
    return versions;
  }

  /** The versions as this worker holds them. */
  current(): Versions {
    return this.pair;
  }

  /** The shared-versions port (server/db/shared-versions.ts): answered from memory. */
  read(): Promise<Versions> {
    return Promise.resolve(this.pair);
  }

  /** Takes versions heard of, per field the larger (they only grow). */
  apply(versions: Versions): void {
    this.pair = max(this.pair, versions);
  }

  /**
   * After a request that may have written, before its answer: reads the rows and, when they moved
   * past what every worker is known to hold, takes them and pushes them, resolving once every other
   * worker took them (or the bound passed: logged). Versions this worker heard of from another
   * writer whose push may still be on its way are pushed again: harmless, workers take the maximum.
   */
  async afterWrite(): Promise<void> {
    const read = await this.fresh();
    this.apply(read);
    if (!ahead(read, this.everywhere)) return;
    const id = ++this.nextId;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const acknowledged = await new Promise<boolean>((resolve) => {
      this.waiting.set(id, () => resolve(true));
      timer = setTimeout(() => resolve(false), this.ackTimeoutMs);
      this.channel.send({
        kind: 'versions',
        id,
        catalogue: read.catalogue,
        sessions: read.sessions,
      });
    }).finally(() => {
      clearTimeout(timer);
      this.waiting.delete(id);
    });
    if (acknowledged) this.everywhere = max(this.everywhere, read);
    else {
      this.log.error(
        { versions: read, timeoutMs: this.ackTimeoutMs },
        'not every worker took the new shared versions in time: answering anyway; a worker may serve older data until its next read of them (at most a second)',
      );
    }
  }

  close(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.stopListening();
  }
}

/** The worker side over this process's IPC channel to its primary. */
export const processChannel = (): WorkerChannel => ({
  send: (message) => {
    process.send?.(message);
  },
  onMessage: (listener) => {
    process.on('message', listener);
    return () => {
      process.off('message', listener);
    };
  },
});

/** A worker's versions kept in memory, for a process of a cluster on `db`. */
export const startClusterVersions = (
  db: Queryable,
  channel: WorkerChannel = processChannel(),
  options: ClusterVersionsOptions = {},
): Promise<ClusterVersions> => {
  const rows = new SharedVersions(db);
  return ClusterVersions.start(() => rows.read(), channel, options);
};

/** A worker as the primary reaches it. */
export interface RelayWorker {
  send(message: VersionsMessage | VersionsAck | VersionsSubscribed): void;
}

interface Forward<W> {
  readonly sender: W;
  readonly senderId: number;
  readonly waiting: Set<W>;
  readonly timer: ReturnType<typeof setTimeout>;
}

/**
 * The primary's side: forwards each worker's new versions to every other subscribed worker and
 * acknowledges to the sender once all of them acknowledged or exited.
 */
export class VersionRelay<W extends RelayWorker> {
  private readonly subscribed = new Set<W>();
  private readonly forwards = new Map<number, Forward<W>>();
  private nextId = 0;
  private readonly ackTimeoutMs: number;
  private readonly log: VersionsLog;

  constructor(options: { readonly ackTimeoutMs?: number; readonly log?: VersionsLog } = {}) {
    this.ackTimeoutMs = options.ackTimeoutMs ?? 2_000;
    this.log = options.log ?? consoleLog;
  }

  /** Handles a worker's message; false when it is not one of the versions' messages. */
  received(from: W, message: unknown): boolean {
    const kind = kindOf(message);
    if (kind === 'versions-subscribe') {
      this.subscribed.add(from);
      send(from, { kind: 'versions-subscribed' });
      return true;
    }
    if (isVersionsMessage(message)) {
      this.forward(from, message);
      return true;
    }
    if (isVersionsAck(message)) {
      const forward = this.forwards.get(message.id);
      if (forward !== undefined) {
        forward.waiting.delete(from);
        this.settle(message.id, forward);
      }
      return true;
    }
    return false;
  }

  /** A worker that exited: it counts as having acknowledged everything it was sent. */
  exited(worker: W): void {
    this.subscribed.delete(worker);
    for (const [id, forward] of this.forwards) {
      if (forward.sender === worker) {
        clearTimeout(forward.timer);
        this.forwards.delete(id);
        continue;
      }
      forward.waiting.delete(worker);
      this.settle(id, forward);
    }
  }

  private forward(sender: W, message: VersionsMessage): void {
    const others = [...this.subscribed].filter((worker) => worker !== sender);
    if (others.length === 0) {
      send(sender, { kind: 'versions-ack', id: message.id });
      return;
    }
    const id = ++this.nextId;
    const timer = setTimeout(() => {
      const forward = this.forwards.get(id);
      if (forward === undefined) return;
      this.forwards.delete(id);
      this.log.error(
        { workers: forward.waiting.size, timeoutMs: this.ackTimeoutMs },
        'workers did not acknowledge new shared versions in time',
      );
    }, this.ackTimeoutMs);
    timer.unref?.();
    const forward: Forward<W> = {
      sender,
      senderId: message.id,
      waiting: new Set(others),
      timer,
    };
    this.forwards.set(id, forward);
    const onward: VersionsMessage = {
      kind: 'versions',
      id,
      catalogue: message.catalogue,
      sessions: message.sessions,
    };
    for (const worker of others) {
      if (!send(worker, onward)) forward.waiting.delete(worker);
    }
    this.settle(id, forward);
  }

  private settle(id: number, forward: Forward<W>): void {
    if (forward.waiting.size > 0) return;
    clearTimeout(forward.timer);
    this.forwards.delete(id);
    send(forward.sender, { kind: 'versions-ack', id: forward.senderId });
  }
}

/** Sends, false when the worker can no longer be reached (it is exiting: as good as acknowledged). */
const send = <W extends RelayWorker>(
  worker: W,
  message: VersionsMessage | VersionsAck | VersionsSubscribed,
): boolean => {
  try {
    worker.send(message);
    return true;
  } catch {
    return false;
  }
};
