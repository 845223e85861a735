/**
 * The answers a server-rendered page was drawn with (issue 15, ARCHITECTURE.md "Delivery and
 * speed"). On the server, ApiClient records what each call answered while the page's view models
 * load; the answers go into the HTML as a JSON block (`#lavabo-answers`), and in the browser the
 * same calls, made by the same view models before hydration, are answered from that block once
 * each instead of the network. So the browser's first render equals the server's HTML and the
 * page fetches nothing the server already knew. Only catalogue and content reads are rendered on
 * the server, as a guest: nothing personal is ever recorded.
 */

/** The element holding the recorded answers in a server-rendered page. */
export const PAGE_ANSWERS_ID = 'lavabo-answers';

/** What one call answered: its status and its body (an error's body too, so a 404 replays). */
export interface RecordedAnswer {
  readonly status: number;
  readonly data: unknown;
}

/** Recorded answers by call, in the order they were answered (a call made twice, twice). */
export type RecordedAnswers = Readonly<Record<string, readonly RecordedAnswer[]>>;

/** ApiClient's side: what it asks before the network, and what it tells after. */
export interface PageAnswers {
  /** The answer the page was rendered with for this call, handed out once; else undefined. */
  take(key: string): RecordedAnswer | undefined;
  /** A call was answered (the server records; the browser ignores it). */
  record(key: string, answer: RecordedAnswer): void;
  /** A call starts; the returned function says it ended (so `settled()` can wait for it). */
  begin(): () => void;
  /**
   * On the server: the bearer token calls carry, issued by the server itself for the render, so
   * a render needs no round trip to the token endpoint. Undefined in the browser.
   */
  readonly bearer?: string;
}

type Params = Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;

/**
 * One text per call: method, path, query parameters in a fixed order (repeated ones kept in their
 * order, as Solr reads them) and the JSON body.
 */
export const answerKey = (
  method: string,
  path: string,
  params: Params | undefined,
  body: unknown,
): string => {
  const query = new URLSearchParams();
  for (const name of Object.keys(params ?? {}).sort()) {
    const value = params?.[name];
    if (value === undefined) continue;
    const values: readonly (string | number | boolean)[] = Array.isArray(value)
      ? (value as readonly string[])
      : [value as string | number | boolean];
    for (const v of values) query.append(name, String(v));
  }
  const search = query.toString();
  const payload = body === undefined ? '' : ` ${JSON.stringify(body)}`;
  return `${method.toUpperCase()} ${path}${search === '' ? '' : `?${search}`}${payload}`;
};

/** Counts calls in flight and tells when none are left. */
class InFlight {
  private count = 0;
  private waiting: (() => void)[] = [];

  begin(): () => void {
    this.count += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.count -= 1;
      if (this.count === 0) this.wake();
    };
  }

  /**
   * Resolves once no call is in flight, and none started in the macrotask after: a view model that
   * starts a second call when the first answers (a variant's stock after the product) is waited for.
   */
  async settled(): Promise<void> {
    for (;;) {
      if (this.count > 0) await new Promise<void>((resolve) => this.waiting.push(resolve));
      await new Promise<void>((resolve) => setTimeout(resolve, 0));
      if (this.count === 0) return;
    }
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}

/** The server's side of a render: every answer kept, to be embedded in the page. */
export class PageAnswerLog implements PageAnswers {
  private readonly answers = new Map<string, RecordedAnswer[]>();
  private readonly inFlight = new InFlight();

  constructor(readonly bearer: string) {}

  take(): undefined {
    return undefined;
  }

  record(key: string, answer: RecordedAnswer): void {
    const list = this.answers.get(key);
    if (list === undefined) this.answers.set(key, [answer]);
    else list.push(answer);
  }

  begin(): () => void {
    return this.inFlight.begin();
  }

  settled(): Promise<void> {
    return this.inFlight.settled();
  }

  /** What the page was rendered with, ready for JSON. */
  toJSON(): RecordedAnswers {
    return Object.fromEntries(this.answers);
  }
}

const isAnswer = (value: unknown): value is RecordedAnswer =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { status?: unknown }).status === 'number' &&
  'data' in value;

/**
 * The browser's side: the recorded answers handed out once each, in order. Anything malformed in
 * the block is ignored (the call then goes to the network, as without server rendering).
 */
export class PageAnswerReplay implements PageAnswers {
  private readonly answers = new Map<string, RecordedAnswer[]>();
  private readonly inFlight = new InFlight();

  constructor(recorded: unknown) {
    if (typeof recorded !== 'object' || recorded === null) return;
    for (const [key, list] of Object.entries(recorded)) {
      if (Array.isArray(list)) this.answers.set(key, list.filter(isAnswer));
    }
  }

  /** The answers in the page's `#lavabo-answers` block, or null when the page has none. */
  static fromDocument(doc: Document | undefined): PageAnswerReplay | null {
    const text = doc?.getElementById(PAGE_ANSWERS_ID)?.textContent ?? null;
    if (text === null) return null;
    try {
      return new PageAnswerReplay(JSON.parse(text));
    } catch {
      return null;
    }
  }

  take(key: string): RecordedAnswer | undefined {
    const list = this.answers.get(key);
    const answer = list?.shift();
    if (list !== undefined && list.length === 0) this.answers.delete(key);
    return answer;
  }

  record(): void {}

  begin(): () => void {
    return this.inFlight.begin();
  }

  settled(): Promise<void> {
    return this.inFlight.settled();
  }

  /** Hands out nothing more: the first view has loaded, and later calls go to the network. */
  close(): void {
    this.answers.clear();
  }

  /** How many recorded answers no call has taken yet. */
  get unused(): number {
    let count = 0;
    for (const list of this.answers.values()) count += list.length;
    return count;
  }
}
