/**
 * Answers of catalogue reads kept in memory, by normalised query and catalogue version: a list, a
 * typeahead or a facet count is computed once per catalogue version and served from memory until
 * the next committed change (server/search/catalogue-version.ts). Bounded by a count and a size
 * (least recently used go first), and concurrent misses of one key share one computation, so fifty
 * shoppers asking the same list at once cost one set of queries.
 */
import type { CatalogueVersion } from './catalogue-version';

export interface AnswerCacheLimits {
  /** At most this many answers; 0 turns the cache off. */
  readonly maxEntries: number;
  /** At most this many bytes of answers, counted as their JSON length. */
  readonly maxBytes: number;
}

export const DEFAULT_ANSWER_CACHE_LIMITS: AnswerCacheLimits = {
  maxEntries: 5000,
  maxBytes: 64 * 1024 * 1024,
};

interface Entry<V> {
  readonly value: V;
  readonly bytes: number;
}

/** A Map kept in use order (oldest first): the least recently used entry is evicted first. */
export class LruMap<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private total = 0;

  constructor(private readonly limits: AnswerCacheLimits) {}

  get size(): number {
    return this.entries.size;
  }

  get bytes(): number {
    return this.total;
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V, bytes: number): void {
    this.delete(key);
    if (this.limits.maxEntries <= 0 || bytes > this.limits.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.total += bytes;
    while (this.entries.size > this.limits.maxEntries || this.total > this.limits.maxBytes) {
      const oldest = this.entries.keys().next();
      if (oldest.done === true) break;
      this.delete(oldest.value);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (entry === undefined) return;
    this.entries.delete(key);
    this.total -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.total = 0;
  }
}

export interface AnswerCacheStats {
  readonly entries: number;
  readonly bytes: number;
  readonly hits: number;
  readonly misses: number;
}

export class AnswerCache {
  private readonly lru: LruMap<unknown>;
  private readonly pending = new Map<string, Promise<unknown>>();
  /** The newest version seen: entries of older versions are gone. */
  private version: number | undefined;
  private hits = 0;
  private misses = 0;

  constructor(
    private readonly catalogue: CatalogueVersion,
    private readonly limits: AnswerCacheLimits = DEFAULT_ANSWER_CACHE_LIMITS,
  ) {
    this.lru = new LruMap(limits);
  }

  get stats(): AnswerCacheStats {
    return { entries: this.lru.size, bytes: this.lru.bytes, hits: this.hits, misses: this.misses };
  }

  /**
   * The answer under `key` at the current catalogue version: from memory, from a computation of the
   * same key already running, or computed now. An answer is kept only when the version did not
   * change while it was computed (it may have read rows older than the change).
   */
  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    if (this.limits.maxEntries <= 0) return compute();
    const version = await this.catalogue.current();
    if (this.version === undefined || version > this.version) {
      this.lru.clear();
      this.version = version;
    }
    const versioned = `${version}\u0000${key}`;
    const hit = this.lru.get(versioned);
    if (hit !== undefined) {
      this.hits += 1;
      return hit as T;
    }
    const running = this.pending.get(versioned);
    if (running !== undefined) {
      this.hits += 1;
      return running as Promise<T>;
    }
    this.misses += 1;
    const computing = (async () => {
      const value = await compute();
      if ((await this.catalogue.current()) === version && this.version === version) {
        this.lru.set(versioned, value, JSON.stringify(value).length);
      }
      return value;
    })();
    this.pending.set(versioned, computing);
    try {
      return await computing;
    } finally {
      this.pending.delete(versioned);
    }
  }
}

/**
 * The JSON bytes of the answers an AnswerCache holds, so a cached answer is sent without being
 * serialized again: the route's own serializer (Fastify's, compiled from the route's response
 * schema) writes an answer's text once, and every later request for the same answer object sends
 * those bytes. Kept by answer object (a WeakMap), so the bytes leave with the answer when the cache
 * lets it go, and a new catalogue version (new answer objects) never meets old bytes.
 *
 * The first time an answer is asked for, `of` answers undefined and the route hands the object to
 * Fastify as before: it passes the route's hooks (the tests' contract check validates it against
 * the schema there) and is serialized by the same serializer. Only an answer asked for again — one
 * served from the cache — gets bytes; with the cache off every answer is new and nothing is kept.
 */
export class AnswerBytes {
  private readonly seen = new WeakSet<object>();
  private readonly bytes = new WeakMap<object, Buffer>();
  private readonly compressed = new WeakMap<object, Map<string, Buffer>>();

  /**
   * The bytes of `answer` as `serialize` writes it, or undefined the first time it is asked for
   * (or when `serialize` answers undefined: the text cannot be reused).
   */
  of(answer: object, serialize: (answer: object) => string | undefined): Buffer | undefined {
    const kept = this.bytes.get(answer);
    if (kept !== undefined) return kept;
    if (!this.seen.has(answer)) {
      this.seen.add(answer);
      return undefined;
    }
    const text = serialize(answer);
    if (text === undefined) return undefined;
    const written = Buffer.from(text, 'utf8');
    this.bytes.set(answer, written);
    return written;
  }

  /**
   * The kept bytes of `answer` in `encoding`, compressed by `compress` the first time they are
   * asked for in it (so an answer is compressed once per encoding, not once per request).
   */
  encoded(answer: object, encoding: string, compress: () => Buffer): Buffer {
    let forms = this.compressed.get(answer);
    if (forms === undefined) {
      forms = new Map();
      this.compressed.set(answer, forms);
    }
    let form = forms.get(encoding);
    if (form === undefined) {
      form = compress();
      forms.set(encoding, form);
    }
    return form;
  }
}
