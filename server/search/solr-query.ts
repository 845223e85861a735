/**
 * Solr's query parameters (docs/api.md) read into a typed query, strictly: an unknown field, a
 * malformed filter or range, rows outside 0–100 or a negative start is a 400 InvalidField naming
 * the parameter (`querystring.rows`). Parameters Solr clients send that do not change the answer
 * (collections, profilename, search_type, facet, wt, …) are accepted and ignored, as Solr does.
 */
import { parseIsoMoment } from '../../core/catalog/discontinued';
import type { ApiError } from '../http/errors';
import { invalidField } from '../http/input';
import {
  fieldSpec,
  isRangeable,
  isSortable,
  LANGUAGE_FIELD,
  SCORE_FIELD,
  type FieldSpec,
} from './fields';

export type Scalar = string | number | boolean;

export interface RangeBound {
  readonly value: number | string;
  readonly inclusive: boolean;
}

export type FilterValue =
  | { readonly kind: 'exists' }
  | { readonly kind: 'terms'; readonly values: readonly Scalar[] }
  | { readonly kind: 'range'; readonly from: RangeBound | null; readonly to: RangeBound | null };

export interface FilterQuery {
  readonly field: string;
  readonly spec: FieldSpec | null;
  /** `-field:…`: documents that do not match. */
  readonly negate: boolean;
  readonly value: FilterValue;
}

export interface SortClause {
  readonly field: string;
  readonly spec: FieldSpec | null;
  readonly direction: 'asc' | 'desc';
}

export interface FacetRange {
  readonly field: string;
  readonly spec: FieldSpec;
  /** Bucket width in cents (the gap is money or a count; two decimals are plenty). */
  readonly gapCents: number;
}

export interface SearchQuery {
  /** Keywords, or null for every document (`*:*`, empty or absent). */
  readonly keywords: string | null;
  /** Keywords are a SKU matched exactly or as a prefix. */
  readonly skuSearch: boolean;
  readonly filters: readonly FilterQuery[];
  /** `fl`, or null for every field. */
  readonly fields: readonly string[] | null;
  readonly rows: number;
  readonly start: number;
  /** Empty: relevance with keywords, else featured. */
  readonly sort: readonly SortClause[];
  readonly facetFields: readonly string[];
  readonly facetRange: FacetRange | null;
  /** One document per variant instead of per master product. */
  readonly noCollapse: boolean;
  readonly spellcheck: boolean;
  readonly persona: string;
}

export type RawParams = Readonly<Record<string, unknown>>;

export const MAX_ROWS = 100;
export const MAX_START = 100_000;
export const MAX_KEYWORDS_LENGTH = 200;
export const MAX_FILTER_LENGTH = 1000;
export const MAX_FILTERS = 50;
export const MAX_FACET_FIELDS = 40;
export const DEFAULT_RANGE_GAP = 100;

/** Every parameter here is a query parameter: the one 400 shape, field `querystring.{param}`. */
const bad = (param: string, message: string): ApiError =>
  invalidField(`querystring.${param}`, message);

const quote = (text: string): string =>
  JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

const asText = (value: unknown): string | null => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
};

/** Every value of a repeatable parameter. */
export const many = (params: RawParams, name: string): string[] => {
  const value = params[name];
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  return list.map((v) => {
    const text = asText(v);
    if (text === null) throw bad(name, 'must be text');
    return text;
  });
};

/** The one value of a single parameter, or undefined. */
export const single = (params: RawParams, name: string): string | undefined => {
  const values = many(params, name);
  if (values.length > 1) throw bad(name, 'must be given once');
  return values[0];
};

export const integerParam = (
  params: RawParams,
  name: string,
  min: number,
  max: number,
  fallback: number,
): number => {
  const text = single(params, name)?.trim();
  if (text === undefined || text === '') return fallback;
  if (!/^\d{1,9}$/.test(text)) throw bad(name, `must be a whole number from ${min} to ${max}`);
  const n = Number(text);
  if (n < min || n > max) throw bad(name, `must be a whole number from ${min} to ${max}`);
  return n;
};

export const booleanParam = (params: RawParams, name: string, fallback: boolean): boolean => {
  const text = single(params, name)?.trim().toLowerCase();
  if (text === undefined || text === '') return fallback;
  if (text === 'true') return true;
  if (text === 'false') return false;
  throw bad(name, 'must be true or false');
};

const fieldOrThrow = (param: string, name: string): FieldSpec => {
  const spec = fieldSpec(name);
  if (spec === null) throw bad(param, `names an unknown field ${quote(name)}`);
  return spec;
};

// ——— filter values ———

/** Removes backslash escapes: `Matte\ Black` → `Matte Black`. */
const unescape = (text: string): string => text.replace(/\\(.)/g, '$1');

/** A quoted string starting at `at` (the opening quote): its text and the index after it. */
const readQuoted = (text: string, at: number): { value: string; end: number } | null => {
  let out = '';
  for (let i = at + 1; i < text.length; i += 1) {
    const ch = text[i];
    if (ch === '\\') {
      const next = text[i + 1];
      if (next === undefined) return null;
      out += next;
      i += 1;
    } else if (ch === '"') {
      return { value: out, end: i + 1 };
    } else {
      out += ch;
    }
  }
  return null;
};

/** `a OR "b c" d` inside parentheses: the values (OR is the default operator, as Solr's). */
const readTermList = (param: string, inner: string): string[] => {
  const values: string[] = [];
  let i = 0;
  let expectValue = true;
  while (i < inner.length) {
    const ch = inner[i] ?? '';
    if (/\s/.test(ch)) {
      i += 1;
      continue;
    }
    if (ch === '"') {
      const quoted = readQuoted(inner, i);
      if (quoted === null) throw bad(param, 'has an unclosed quote');
      values.push(quoted.value);
      i = quoted.end;
      expectValue = false;
      continue;
    }
    let j = i;
    while (j < inner.length && !/\s/.test(inner[j] ?? '')) j += inner[j] === '\\' ? 2 : 1;
    const word = inner.slice(i, j);
    i = j;
    if (word === 'OR' && !expectValue) {
      expectValue = true;
      continue;
    }
    if (word === 'AND' || word === 'NOT' || word === 'OR' || /^[()]/.test(word)) {
      throw bad(param, `supports only values joined by OR inside ( ), got ${quote(word)}`);
    }
    values.push(unescape(word));
    expectValue = false;
  }
  if (values.length === 0) throw bad(param, 'has an empty value list');
  if (expectValue) throw bad(param, 'ends with OR');
  return values;
};

const typedValue = (param: string, field: string, spec: FieldSpec, raw: string): Scalar => {
  switch (spec.type) {
    case 'number': {
      const n = raw.trim() === '' ? Number.NaN : Number(raw);
      if (!Number.isFinite(n)) throw bad(param, `needs a number for ${field}, got ${quote(raw)}`);
      return n;
    }
    case 'boolean': {
      if (raw === 'true') return true;
      if (raw === 'false') return false;
      throw bad(param, `needs true or false for ${field}, got ${quote(raw)}`);
    }
    case 'date': {
      if (parseIsoMoment(raw) === null) {
        throw bad(param, `needs an ISO date for ${field}, got ${quote(raw)}`);
      }
      return raw;
    }
    default:
      if (raw.length > 500) throw bad(param, `has a value longer than 500 characters`);
      return raw;
  }
};

const RANGE = /^([[{])\s*(\S+)\s+TO\s+(\S+)\s*([\]}])$/;

const rangeBound = (
  param: string,
  field: string,
  spec: FieldSpec,
  raw: string,
  inclusive: boolean,
): RangeBound | null => {
  if (raw === '*') return null;
  const value = typedValue(param, field, spec, unescape(raw));
  if (typeof value === 'boolean') throw bad(param, `cannot range over ${field}`);
  return { value, inclusive };
};

/** One `fq`: `[-]field:value`, `field:"quoted"`, `field:(a OR "b c")`, `field:[a TO b}`, `field:*`. */
export const parseFilter = (raw: string, param = 'fq'): FilterQuery => {
  let text = raw.trim();
  if (text.length > MAX_FILTER_LENGTH) {
    throw bad(param, `is longer than ${MAX_FILTER_LENGTH} characters`);
  }
  // Local params such as {!tag=finish}: multi-select facets need no tags here.
  text = text.replace(/^\{![^}]*\}\s*/, '');
  const negate = text.startsWith('-');
  if (negate) text = text.slice(1);
  const colon = text.indexOf(':');
  if (colon <= 0) throw bad(param, `must be field:value, got ${quote(raw)}`);
  const field = text.slice(0, colon).trim();
  const valueText = text.slice(colon + 1).trim();
  if (!/^[A-Za-z_][\w.]*$/.test(field)) throw bad(param, `names an unknown field ${quote(field)}`);
  const spec = field === LANGUAGE_FIELD ? null : fieldOrThrow(param, field);
  if (valueText === '') throw bad(param, `has no value for ${field}`);

  if (valueText === '*') return { field, spec, negate, value: { kind: 'exists' } };

  if (valueText.startsWith('[') || valueText.startsWith('{')) {
    const m = RANGE.exec(valueText);
    if (m === null) throw bad(param, `has a malformed range ${quote(valueText)}`);
    if (spec === null || !isRangeable(spec)) throw bad(param, `cannot range over ${field}`);
    const [, open = '[', from = '*', to = '*', close = ']'] = m;
    return {
      field,
      spec,
      negate,
      value: {
        kind: 'range',
        from: rangeBound(param, field, spec, from, open === '['),
        to: rangeBound(param, field, spec, to, close === ']'),
      },
    };
  }

  let values: string[];
  if (valueText.startsWith('(')) {
    if (!valueText.endsWith(')')) throw bad(param, `has an unclosed ( in ${quote(valueText)}`);
    values = readTermList(param, valueText.slice(1, -1));
  } else if (valueText.startsWith('"')) {
    const quoted = readQuoted(valueText, 0);
    if (quoted === null || quoted.end !== valueText.length) {
      throw bad(param, `has a malformed quoted value ${quote(valueText)}`);
    }
    values = [quoted.value];
  } else {
    values = [unescape(valueText)];
  }
  const typed = spec === null ? values : values.map((v) => typedValue(param, field, spec, v));
  return { field, spec, negate, value: { kind: 'terms', values: typed } };
};

// ——— the other parameters ———

export const parseFieldList = (params: RawParams, name = 'fl'): string[] | null => {
  const values = many(params, name);
  if (values.length === 0) return null;
  const fields = values
    .flatMap((v) => v.split(/[\s,]+/))
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (fields.length === 0 || fields.includes('*')) return null;
  for (const f of fields) {
    if (f !== SCORE_FIELD) fieldOrThrow(name, f);
  }
  return [...new Set(fields)];
};

export const parseSort = (params: RawParams): SortClause[] => {
  const text = single(params, 'sort')?.trim();
  if (text === undefined || text === '') return [];
  return text.split(',').map((part) => {
    const m = /^\s*([A-Za-z_][\w.]*)\s+(asc|desc)\s*$/i.exec(part);
    if (m === null) throw bad('sort', `must be "field asc|desc", got ${quote(part.trim())}`);
    const [, field = '', direction = 'asc'] = m;
    const spec = field === SCORE_FIELD ? null : fieldOrThrow('sort', field);
    if (spec !== null && !isSortable(spec)) {
      throw bad('sort', `cannot sort on the multi-valued field ${field}`);
    }
    return { field, spec, direction: direction.toLowerCase() === 'desc' ? 'desc' : 'asc' };
  });
};

const parseFacetFields = (params: RawParams): string[] => {
  const fields = many(params, 'facet.field')
    .flatMap((v) => v.split(','))
    .map((f) => f.trim().replace(/^\{![^}]*\}/, ''))
    .filter((f) => f !== '');
  if (fields.length > MAX_FACET_FIELDS) {
    throw bad('facet.field', `may name at most ${MAX_FACET_FIELDS} fields`);
  }
  for (const f of fields) fieldOrThrow('facet.field', f);
  return [...new Set(fields)];
};

const parseFacetRange = (params: RawParams): FacetRange | null => {
  const field = single(params, 'facet.range')?.trim();
  const gapText = single(params, 'facet.range.gap')?.trim();
  if (field === undefined || field === '') return null;
  const spec = fieldOrThrow('facet.range', field);
  if (spec.type !== 'number') throw bad('facet.range', `needs a numeric field, got ${field}`);
  const gap = gapText === undefined || gapText === '' ? DEFAULT_RANGE_GAP : Number(gapText);
  const gapCents = Math.round(gap * 100);
  if (!Number.isFinite(gap) || gap <= 0 || gapCents < 1 || gap > 1e9) {
    throw bad('facet.range.gap', 'must be a positive number');
  }
  return { field, spec, gapCents };
};

const SKU_QUERY = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;

const parseKeywords = (params: RawParams, skuSearch: boolean): string | null => {
  const q = single(params, 'q')?.trim() ?? '';
  if (q.length > MAX_KEYWORDS_LENGTH) {
    throw bad('q', `must be at most ${MAX_KEYWORDS_LENGTH} characters`);
  }
  if (q === '' || q === '*:*' || q === '*') return null;
  if (skuSearch && !SKU_QUERY.test(q)) {
    throw bad('q', 'must be a SKU (letters, digits and hyphens) when skuSearch is true');
  }
  return q;
};

export interface ParseOptions {
  readonly defaultRows?: number;
  /** Facets are counted (plp); full-catalog answers without them. */
  readonly facets?: boolean;
}

export const parseSearchQuery = (params: RawParams, options: ParseOptions = {}): SearchQuery => {
  const skuSearch = booleanParam(params, 'skuSearch', false);
  const keywords = parseKeywords(params, skuSearch);
  const filterTexts = many(params, 'fq').filter((f) => f.trim() !== '');
  if (filterTexts.length > MAX_FILTERS)
    throw bad('fq', `may be given at most ${MAX_FILTERS} times`);
  const persona = single(params, 'persona')?.trim() ?? '';
  if (persona !== '' && !/^[A-Za-z]{2,10}$/.test(persona)) {
    throw bad('persona', 'must be a persona code such as GST or TVS');
  }
  const facets = options.facets ?? true;
  return {
    keywords,
    skuSearch,
    filters: filterTexts.map((f) => parseFilter(f)),
    fields: parseFieldList(params),
    rows: integerParam(params, 'rows', 0, MAX_ROWS, options.defaultRows ?? 10),
    start: integerParam(params, 'start', 0, MAX_START, 0),
    sort: parseSort(params),
    facetFields: facets ? parseFacetFields(params) : [],
    facetRange: facets ? parseFacetRange(params) : null,
    noCollapse: booleanParam(params, 'noCollapse', false),
    spellcheck: booleanParam(params, 'spellcheck', true) && keywords !== null && !skuSearch,
    persona: persona === '' ? 'GST' : persona.toUpperCase(),
  };
};
