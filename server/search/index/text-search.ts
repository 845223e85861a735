/**
 * PostgreSQL's full-text matching and ranking, in memory, over vectors PostgreSQL made: the
 * in-memory index (./search-index.ts) reads each document's `search_vector::text` and each query's
 * `tsquery::text` from the database — so stemming, stop words and query syntax stay PostgreSQL's —
 * and evaluates `@@` and `ts_rank` here, as PostgreSQL 17 does (src/backend/utils/adt/tsrank.c,
 * tsvector_op.c), down to float4 rounding: the same documents match and rank in the same order as
 * the SQL search (server/search/search-service.ts), which tests/server/search/search-index.test.ts
 * checks query by query.
 */

/** Weight index as PostgreSQL stores it: D = 0, C = 1, B = 2, A = 3. */
export type Weight = 0 | 1 | 2 | 3;

/**
 * One document's vector: its lexemes in PostgreSQL's order (byte order, a prefix first) with their
 * positions. A position is packed as PostgreSQL packs a WordEntryPos: `pos << 2 | weight`.
 */
export interface TextVector {
  readonly lexemes: readonly string[];
  /** positions of lexeme i: packed[starts[i] .. starts[i + 1]) */
  readonly starts: Uint32Array;
  readonly packed: Uint16Array;
}

const WEIGHT_OF_LETTER: Readonly<Record<string, Weight>> = { A: 3, B: 2, C: 1, D: 0 };

const packPosition = (pos: number, weight: Weight): number => (pos << 2) | weight;

/** PostgreSQL's tsCompareString: bytes, then length. JS compares UTF-16 units: the same for BMP text. */
export const compareLexemes = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Reads a quoted lexeme at `at` (its opening quote): `''` is a quote and `\\` a backslash. */
const readQuotedLexeme = (text: string, at: number): { value: string; end: number } => {
  let out = '';
  let i = at + 1;
  for (;;) {
    const ch = text[i];
    if (ch === undefined) throw new Error(`unterminated lexeme in ${text.slice(at, at + 40)}`);
    if (ch === "'") {
      if (text[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      return { value: out, end: i + 1 };
    }
    if (ch === '\\') {
      out += text[i + 1] ?? '';
      i += 2;
      continue;
    }
    out += ch;
    i += 1;
  }
};

/** `'faucet':3A,7B 'kitchen':2A` (tsvector's text output) → a TextVector. */
export const parseTsvector = (text: string): TextVector => {
  const lexemes: string[] = [];
  const starts: number[] = [];
  const packed: number[] = [];
  let i = 0;
  while (i < text.length) {
    if (text[i] === ' ') {
      i += 1;
      continue;
    }
    if (text[i] !== "'") throw new Error(`unexpected ${text[i]} in a tsvector at ${i}`);
    const { value, end } = readQuotedLexeme(text, i);
    i = end;
    lexemes.push(value);
    starts.push(packed.length);
    if (text[i] === ':') {
      i += 1;
      for (;;) {
        const m = /^(\d+)([ABCD]?)/.exec(text.slice(i, i + 8));
        if (m === null) throw new Error(`malformed positions in a tsvector at ${i}`);
        packed.push(packPosition(Number(m[1]), WEIGHT_OF_LETTER[m[2] || 'D'] ?? 0));
        i += m[0].length;
        if (text[i] !== ',') break;
        i += 1;
      }
    }
  }
  starts.push(packed.length);
  return { lexemes, starts: Uint32Array.from(starts), packed: Uint16Array.from(packed) };
};

// ——— queries ———

export type QueryNode =
  | { readonly kind: 'term'; readonly lexeme: string; readonly prefix: boolean }
  | { readonly kind: 'not'; readonly arg: QueryNode }
  | { readonly kind: 'and' | 'or'; readonly left: QueryNode; readonly right: QueryNode }
  | {
      readonly kind: 'phrase';
      readonly distance: number;
      readonly left: QueryNode;
      readonly right: QueryNode;
    };

/** A tsquery this module cannot evaluate exactly as PostgreSQL does (the caller asks SQL). */
export class UnsupportedQuery extends Error {}

/**
 * `'kitchen' & 'faucet':* | !'brass' <-> 'k'` (tsquery's text output) → a tree, or null for the
 * empty query. Precedence as PostgreSQL's: `!` binds tightest, then `<->`/`<N>`, then `&`, then `|`.
 */
export const parseTsquery = (text: string): QueryNode | null => {
  let i = 0;
  const skip = () => {
    while (text[i] === ' ') i += 1;
  };
  const primary = (): QueryNode => {
    skip();
    const ch = text[i];
    if (ch === '!') {
      i += 1;
      return { kind: 'not', arg: primary() };
    }
    if (ch === '(') {
      i += 1;
      const inner = or();
      skip();
      if (text[i] !== ')') throw new Error(`expected ) in a tsquery at ${i}`);
      i += 1;
      return inner;
    }
    if (ch === "'") {
      const { value, end } = readQuotedLexeme(text, i);
      i = end;
      let prefix = false;
      if (text[i] === ':') {
        const m = /^:([*ABCD]+)/.exec(text.slice(i, i + 8));
        if (m === null) throw new Error(`malformed operand flags at ${i}`);
        const flags = m[1] ?? '';
        if (/[ABCD]/.test(flags)) throw new UnsupportedQuery('weight-restricted operand');
        prefix = flags.includes('*');
        i += m[0].length;
      }
      return { kind: 'term', lexeme: value, prefix };
    }
    throw new Error(`unexpected ${ch ?? 'end'} in a tsquery at ${i}`);
  };
  const phrase = (): QueryNode => {
    let left = primary();
    for (;;) {
      skip();
      const m = /^<(-|\d+)>/.exec(text.slice(i, i + 8));
      if (m === null) return left;
      i += m[0].length;
      const distance = m[1] === '-' ? 1 : Number(m[1]);
      left = { kind: 'phrase', distance, left, right: primary() };
    }
  };
  const and = (): QueryNode => {
    let left = phrase();
    for (;;) {
      skip();
      if (text[i] !== '&') return left;
      i += 1;
      left = { kind: 'and', left, right: phrase() };
    }
  };
  const or = (): QueryNode => {
    let left = and();
    for (;;) {
      skip();
      if (text[i] !== '|') return left;
      i += 1;
      left = { kind: 'or', left, right: and() };
    }
  };
  skip();
  if (i >= text.length) return null;
  const tree = or();
  skip();
  if (i < text.length) throw new Error(`unexpected ${text[i]} in a tsquery at ${i}`);
  return tree;
};

/**
 * The operands of a tree in PostgreSQL's storage order — each operator before its right operand,
 * and that before its left — which is the order ts_rank meets them in before it sorts them.
 */
const operandsInStorageOrder = (node: QueryNode, out: { lexeme: string; prefix: boolean }[]) => {
  switch (node.kind) {
    case 'term':
      out.push(node);
      return;
    case 'not':
      operandsInStorageOrder(node.arg, out);
      return;
    default:
      operandsInStorageOrder(node.right, out);
      operandsInStorageOrder(node.left, out);
  }
};

export interface RankItem {
  readonly lexeme: string;
  readonly prefix: boolean;
}

/**
 * ts_rank's SortAndUniqItems: the operands sorted by lexeme (a stable insertion sort for fewer than
 * seven, as PostgreSQL's qsort does) with repeats of one lexeme dropped (the first kept).
 */
const rankItems = (tree: QueryNode): RankItem[] => {
  const items: RankItem[] = [];
  operandsInStorageOrder(tree, items);
  const sorted = items.length < 7 ? insertionSort(items) : [...items].sort(byLexeme);
  const out: RankItem[] = [];
  for (const item of sorted) {
    if (out.length === 0 || out[out.length - 1]?.lexeme !== item.lexeme) out.push(item);
  }
  return out;
};

const byLexeme = (a: RankItem, b: RankItem): number => compareLexemes(a.lexeme, b.lexeme);

const insertionSort = (items: readonly RankItem[]): RankItem[] => {
  const out = [...items];
  for (let i = 1; i < out.length; i += 1) {
    for (let j = i; j > 0; j -= 1) {
      const a = out[j - 1];
      const b = out[j];
      if (a === undefined || b === undefined || byLexeme(a, b) <= 0) break;
      out[j - 1] = b;
      out[j] = a;
    }
  }
  return out;
};

/** Whether the root's operator makes ts_rank use calc_rank_and (AND or phrase). */
const ranksAsAnd = (tree: QueryNode): boolean => tree.kind === 'and' || tree.kind === 'phrase';

// ——— compiled queries ———

export type CompiledNode =
  | { readonly kind: 'term'; readonly id: number }
  | { readonly kind: 'not'; readonly arg: CompiledNode }
  | { readonly kind: 'and' | 'or'; readonly left: CompiledNode; readonly right: CompiledNode }
  | {
      readonly kind: 'phrase';
      readonly distance: number;
      readonly left: CompiledNode;
      readonly right: CompiledNode;
    };

/** A query with its distinct operands numbered: documents give their positions per operand. */
export interface CompiledQuery {
  readonly tree: CompiledNode;
  /** Operand id → lexeme and prefix flag. */
  readonly operands: readonly RankItem[];
  /** ts_rank's items (sorted, unique by lexeme) as operand ids. */
  readonly rank: readonly number[];
  readonly rankAsAnd: boolean;
  /** Every match holds an operand (else a negation can match a document with none). */
  readonly needsAnOperand: boolean;
  /** Operand ids every match holds (those of an AND or a phrase, not of an OR's one side). */
  readonly required: readonly number[];
}

const requiredOf = (node: CompiledNode): Set<number> => {
  switch (node.kind) {
    case 'term':
      return new Set([node.id]);
    case 'not':
      return new Set();
    case 'and':
    case 'phrase':
      return new Set([...requiredOf(node.left), ...requiredOf(node.right)]);
    case 'or': {
      const right = requiredOf(node.right);
      return new Set([...requiredOf(node.left)].filter((id) => right.has(id)));
    }
  }
};

const needsOperand = (node: QueryNode): boolean => {
  switch (node.kind) {
    case 'term':
      return true;
    case 'not':
      return false;
    case 'and':
    case 'phrase':
      return needsOperand(node.left) || needsOperand(node.right);
    case 'or':
      return needsOperand(node.left) && needsOperand(node.right);
  }
};

export const compileQuery = (tree: QueryNode): CompiledQuery => {
  const operands: RankItem[] = [];
  const ids = new Map<string, number>();
  const idOf = (item: RankItem): number => {
    const key = `${item.prefix ? '*' : '='}${item.lexeme}`;
    let id = ids.get(key);
    if (id === undefined) {
      id = operands.length;
      operands.push({ lexeme: item.lexeme, prefix: item.prefix });
      ids.set(key, id);
    }
    return id;
  };
  const compile = (node: QueryNode): CompiledNode => {
    switch (node.kind) {
      case 'term':
        return { kind: 'term', id: idOf(node) };
      case 'not':
        return { kind: 'not', arg: compile(node.arg) };
      case 'phrase':
        return {
          kind: 'phrase',
          distance: node.distance,
          left: compile(node.left),
          right: compile(node.right),
        };
      default:
        return { kind: node.kind, left: compile(node.left), right: compile(node.right) };
    }
  };
  const compiled = compile(tree);
  return {
    tree: compiled,
    operands,
    rank: rankItems(tree).map(idOf),
    rankAsAnd: ranksAsAnd(tree),
    needsAnOperand: needsOperand(tree),
    required: [...requiredOf(compiled)],
  };
};

/** The packed positions of one lexeme in one document: packed[from .. to). */
export interface PosList {
  packed: Uint16Array;
  from: number;
  to: number;
}

/**
 * One document's positions for each operand of a query (by operand id): one list per lexeme the
 * operand matches in the document, in lexeme order (none: an empty list).
 */
export type DocEntries = readonly (readonly PosList[])[];

/**
 * Index range [from, to) of the lexemes of `vector` an operand matches: the lexeme itself, or with
 * a prefix every lexeme starting with it (contiguous in PostgreSQL's order).
 */
const entriesOf = (
  vector: TextVector,
  lexeme: string,
  prefix: boolean,
): readonly [number, number] => {
  const { lexemes } = vector;
  let lo = 0;
  let hi = lexemes.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (compareLexemes(lexemes[mid] ?? '', lexeme) < 0) lo = mid + 1;
    else hi = mid;
  }
  if (!prefix) return lexemes[lo] === lexeme ? [lo, lo + 1] : [lo, lo];
  let end = lo;
  while (end < lexemes.length && (lexemes[end] ?? '').startsWith(lexeme)) end += 1;
  return [lo, end];
};

/** A document's entries for a query, from its whole vector. */
export const entriesFromVector = (vector: TextVector, query: CompiledQuery): DocEntries =>
  query.operands.map((operand) => {
    const [from, to] = entriesOf(vector, operand.lexeme, operand.prefix);
    const out: PosList[] = [];
    for (let e = from; e < to; e += 1) {
      out.push({
        packed: vector.packed,
        from: vector.starts[e] ?? 0,
        to: vector.starts[e + 1] ?? 0,
      });
    }
    return out;
  });

// ——— matching ———

/** Which weights count: all (search_vector) or A and B only (primary_vector = ts_filter '{a,b}'). */
export type WeightMask = 'all' | 'primary';

/** Sorted positions of an operand in the document (union over a prefix's lexemes). */
const positionsOf = (lists: readonly PosList[], primary: boolean): number[] => {
  const out: number[] = [];
  for (const { packed, from, to } of lists) {
    for (let k = from; k < to; k += 1) {
      const p = packed[k] ?? 0;
      if (!primary || (p & 3) >= 2) out.push(p >> 2);
    }
  }
  if (lists.length > 1) out.sort((a, b) => a - b);
  return out;
};

interface PhraseMatch {
  readonly positions: readonly number[];
  readonly width: number;
}

/** TS_phrase_execute for phrases of operands and phrases (anything else inside is unsupported). */
const phrasePositions = (
  node: CompiledNode,
  entries: DocEntries,
  primary: boolean,
): PhraseMatch => {
  if (node.kind === 'term') {
    return { positions: positionsOf(entries[node.id] ?? [], primary), width: 0 };
  }
  if (node.kind !== 'phrase') throw new UnsupportedQuery(`${node.kind} inside a phrase`);
  const left = phrasePositions(node.left, entries, primary);
  if (left.positions.length === 0) return { positions: [], width: 0 };
  const right = phrasePositions(node.right, entries, primary);
  const offset = node.distance + right.width;
  const lefts = new Set(left.positions.map((p) => p + offset));
  return {
    positions: right.positions.filter((p) => lefts.has(p)),
    width: node.distance + left.width + right.width,
  };
};

const holds = (lists: readonly PosList[], primary: boolean): boolean => {
  if (!primary) return lists.length > 0;
  for (const { packed, from, to } of lists) {
    for (let k = from; k < to; k += 1) if (((packed[k] ?? 0) & 3) >= 2) return true;
  }
  return false;
};

/** `vector @@ query` for the document whose entries these are (with the weights `mask` keeps). */
export const matchesEntries = (
  node: CompiledNode,
  entries: DocEntries,
  mask: WeightMask,
): boolean => {
  switch (node.kind) {
    case 'term':
      return holds(entries[node.id] ?? [], mask === 'primary');
    case 'not':
      return !matchesEntries(node.arg, entries, mask);
    case 'and':
      return matchesEntries(node.left, entries, mask) && matchesEntries(node.right, entries, mask);
    case 'or':
      return matchesEntries(node.left, entries, mask) || matchesEntries(node.right, entries, mask);
    case 'phrase':
      return phrasePositions(node, entries, mask === 'primary').positions.length > 0;
  }
};

// ——— ranking (ts_rank with the default weights and no normalisation) ———

const f32 = Math.fround;
/** {D, C, B, A} as float4. */
const WEIGHTS = [f32(0.1), f32(0.2), f32(0.4), f32(1.0)] as const;
const wpos = (packed: number): number => WEIGHTS[packed & 3] as number;

const wordDistance = (w: number): number =>
  w > 100 ? f32(1e-30) : f32(1.0 / (1.005 + 0.05 * Math.exp(f32(w) / 1.5 - 2)));

const rankOr = (query: CompiledQuery, entries: DocEntries): number => {
  let res = 0;
  for (const id of query.rank) {
    for (const { packed, from, to } of entries[id] ?? []) {
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let j = 0; j < to - from; j += 1) {
        const w = wpos(packed[from + j] ?? 0);
        resj = f32(resj + f32(w / ((j + 1) * (j + 1))));
        if (w > wjm) {
          wjm = w;
          jm = j;
        }
      }
      const inner = f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1))));
      res = f32(res + inner / 1.64493406685);
    }
  }
  return query.rank.length > 0 ? f32(res / query.rank.length) : res;
};

/** rankAnd's positions of each rank item last met (packed[from .. to)), reused from call to call. */
const lastPacked: (Uint16Array | null)[] = [];
const lastFrom: number[] = [];
const lastTo: number[] = [];

const rankAnd = (query: CompiledQuery, entries: DocEntries): number => {
  const n = query.rank.length;
  if (n < 2) return rankOr(query, entries);
  let res = -1;
  for (let i = 0; i < n; i += 1) lastPacked[i] = null;
  for (let i = 0; i < n; i += 1) {
    for (const list of entries[query.rank[i] ?? 0] ?? []) {
      const post = list.packed;
      lastPacked[i] = post;
      lastFrom[i] = list.from;
      lastTo[i] = list.to;
      for (let k = 0; k < i; k += 1) {
        const ct = lastPacked[k];
        if (ct === null || ct === undefined) continue;
        const ctFrom = lastFrom[k] ?? 0;
        const ctTo = lastTo[k] ?? 0;
        for (let a = list.from; a < list.to; a += 1) {
          const l = post[a] ?? 0;
          for (let b = ctFrom; b < ctTo; b += 1) {
            const p = ct[b] ?? 0;
            const dist = Math.abs((l >> 2) - (p >> 2));
            // Documents always have positions here, so a distance of 0 never counts.
            if (dist === 0) continue;
            const curw = f32(Math.sqrt(f32(f32(wpos(l) * wpos(p)) * wordDistance(dist))));
            res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
          }
        }
      }
    }
  }
  return res;
};

/** ts_rank(vector, query) of a document (`hasText`: its vector is not empty): float4, as PostgreSQL. */
export const tsRank = (query: CompiledQuery, entries: DocEntries, hasText: boolean): number => {
  if (!hasText || query.rank.length === 0) return 0;
  const res = query.rankAsAnd ? rankAnd(query, entries) : rankOr(query, entries);
  return res < 0 ? f32(1e-20) : res;
};

/** A float4 as PostgreSQL prints it (the shortest text that reads back as the same float4). */
export const float4Number = (value: number): number => {
  const target = f32(value);
  if (!Number.isFinite(target) || target === 0) return target;
  for (let digits = 1; digits <= 9; digits += 1) {
    const candidate = Number(target.toPrecision(digits));
    if (f32(candidate) === target) return candidate;
  }
  return target;
};
