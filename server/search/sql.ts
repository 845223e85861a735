/**
 * SQL pieces of a typed search query. Every value travels as a parameter; field names reach SQL
 * only as parameters (`doc ->> $3`) or as the constant column names of fields.ts.
 */
import { CATALOGUE_LANGUAGE, LANGUAGE_FIELD, type FieldSpec } from './fields';
import type { FilterQuery, RangeBound, Scalar, SearchQuery, SortClause } from './solr-query';

export class SqlParams {
  readonly values: unknown[] = [];

  /** Adds a value and returns its placeholder. */
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * Where documents come from. Master documents are rows of search_documents (`d`); variant
 * documents (noCollapse) are rows of search_variant_documents (`v`) over their master's row.
 */
export interface Source {
  readonly from: string;
  /** The document as answered. */
  readonly doc: string;
  /** Alias of the row owning sku, featured_score and skus_text. */
  readonly own: string;
  /**
   * The tsvector keywords must match: the whole text (`d.search_vector`), or only title, SKUs,
   * category, brand, collection and finishes (`d.primary_vector`) — see keywordVector.
   */
  readonly vector: 'd.search_vector' | 'd.primary_vector';
}

export const MASTERS: Source = {
  from: 'search_documents d',
  doc: 'd.doc',
  own: 'd',
  vector: 'd.search_vector',
};

export const VARIANTS: Source = {
  from: 'search_variant_documents v JOIN search_documents d ON d.sku = v.master_sku',
  doc: '((d.doc - v.drop_keys) || v.doc)',
  own: 'v',
  vector: 'd.search_vector',
};

export const sourceOf = (query: Pick<SearchQuery, 'noCollapse'>): Source =>
  query.noCollapse ? VARIANTS : MASTERS;

/** The source with keywords matched against the primary vector only. */
export const primaryOnly = (src: Source): Source => ({ ...src, vector: 'd.primary_vector' });

// ——— keywords ———

export interface KeywordQuery {
  /** websearch_to_tsquery text of the whole query. */
  readonly full: string;
  /** With the last word as a prefix: websearch text of the words before it… */
  readonly head: string;
  /** …and to_tsquery text of the last word, e.g. 'fau:*' or 'k <-> 41:*'; null when none. */
  readonly prefix: string | null;
}

const SKU_TOKEN = /^[A-Za-z]*\d[A-Za-z0-9]*(?:-[A-Za-z0-9]+)+$|^[A-Za-z]+-\d[A-Za-z0-9-]*$/;

/** 'K-4120-BL' → '"K 4120 BL"': a phrase of the words a SKU is indexed as (documents.skuWords). */
const keywordToken = (token: string): string => {
  const negated = token.startsWith('-');
  const body = negated ? token.slice(1) : token;
  if (!SKU_TOKEN.test(body)) return token;
  return `${negated ? '-' : ''}"${body.replace(/-/g, ' ')}"`;
};

export const keywordQuery = (keywords: string): KeywordQuery => {
  const text = keywords.trim();
  if (text.includes('"')) return { full: text, head: '', prefix: null };
  const tokens = text.split(/\s+/).filter((t) => t !== '');
  const full = tokens.map(keywordToken).join(' ');
  const last = tokens.at(-1) ?? '';
  const parts = last.toLowerCase().match(/[a-z0-9]+/g) ?? [];
  const prefixable =
    parts.length > 0 && !last.startsWith('-') && last.toLowerCase() !== 'or' && last.length <= 64;
  return {
    full,
    head: tokens.slice(0, -1).map(keywordToken).join(' '),
    prefix: prefixable ? `${parts.join(' <-> ')}:*` : null,
  };
};

/** The tsquery of keywords: the whole query, or its head with the last word as a prefix. */
export const tsquerySql = (keywords: string, p: SqlParams): string => {
  const k = keywordQuery(keywords);
  const full = `websearch_to_tsquery('english', ${p.add(k.full)})`;
  if (k.prefix === null) return full;
  return `(${full} || (websearch_to_tsquery('english', ${p.add(k.head)}) && to_tsquery('english', ${p.add(k.prefix)})))`;
};

/** skuSearch: the SKU exactly or as a prefix, in either spelling (skus_text holds both). */
export const skuMatchSql = (sku: string, src: Source, p: SqlParams): string =>
  `${src.own}.skus_text LIKE ${p.add(`% ${sku.toUpperCase()}%`)}`;

export const skuExactSql = (sku: string, src: Source, p: SqlParams): string =>
  `${src.own}.skus_text LIKE ${p.add(`% ${sku.toUpperCase()} %`)}`;

/** The relevance score column. */
export const scoreSql = (query: SearchQuery, src: Source, p: SqlParams): string => {
  if (query.keywords === null) return '1::real';
  if (query.skuSearch) {
    return `(CASE WHEN ${skuExactSql(query.keywords, src, p)} THEN 2 ELSE 1 END)::real`;
  }
  return `ts_rank(d.search_vector, ${tsquerySql(query.keywords, p)})`;
};

// ——— filters ———

const castOf = (spec: FieldSpec): string => (spec.type === 'date' ? 'timestamptz' : 'numeric');

/** A numeric or date field as a typed SQL value. */
const typedExpr = (field: string, spec: FieldSpec, src: Source, p: SqlParams): string =>
  spec.column !== undefined
    ? `d.${spec.column}`
    : `(${src.doc} ->> ${p.add(field)})::${castOf(spec)}`;

const containment = (field: string, spec: FieldSpec, value: Scalar): string =>
  JSON.stringify({ [field]: spec.type === 'strings' ? [value] : value });

const termSql = (
  field: string,
  spec: FieldSpec,
  value: Scalar,
  src: Source,
  p: SqlParams,
): string => {
  if (spec.type === 'date')
    return `${typedExpr(field, spec, src, p)} = ${p.add(value)}::timestamptz`;
  if (spec.type === 'string' && spec.column !== undefined) {
    return `d.${spec.column} = ${p.add(String(value))}`;
  }
  return `${src.doc} @> ${p.add(containment(field, spec, value))}::jsonb`;
};

const boundSql = (
  expr: string,
  bound: RangeBound,
  op: '>' | '<',
  spec: FieldSpec,
  p: SqlParams,
): string => `${expr} ${op}${bound.inclusive ? '=' : ''} ${p.add(bound.value)}::${castOf(spec)}`;

const positiveFilterSql = (f: FilterQuery, src: Source, p: SqlParams): string => {
  if (f.spec === null) {
    // The language field: the catalogue is all English.
    if (f.field !== LANGUAGE_FIELD || f.value.kind === 'range') return 'FALSE';
    if (f.value.kind === 'exists') return 'TRUE';
    return f.value.values.some((v) => String(v) === CATALOGUE_LANGUAGE) ? 'TRUE' : 'FALSE';
  }
  const spec = f.spec;
  switch (f.value.kind) {
    case 'exists':
      return `(${src.doc} ? ${p.add(f.field)})`;
    case 'terms':
      return `(${f.value.values.map((v) => termSql(f.field, spec, v, src, p)).join(' OR ')})`;
    case 'range': {
      const { from, to } = f.value;
      if (from === null && to === null) return `(${src.doc} ? ${p.add(f.field)})`;
      const expr = typedExpr(f.field, spec, src, p);
      const parts = [
        ...(from === null ? [] : [boundSql(expr, from, '>', spec, p)]),
        ...(to === null ? [] : [boundSql(expr, to, '<', spec, p)]),
      ];
      return `(${parts.join(' AND ')})`;
    }
  }
};

/** A `-field:…` filter keeps documents without the field too, as Solr does. */
export const filterSql = (f: FilterQuery, src: Source, p: SqlParams): string => {
  const positive = positiveFilterSql(f, src, p);
  return f.negate ? `NOT coalesce(${positive}, false)` : positive;
};

/** The WHERE conditions: keywords and every filter except those on `exceptField`. */
export const conditions = (
  query: SearchQuery,
  src: Source,
  p: SqlParams,
  exceptField?: string,
): string[] => {
  const out: string[] = [];
  if (query.keywords !== null) {
    out.push(
      query.skuSearch
        ? skuMatchSql(query.keywords, src, p)
        : `${src.vector} @@ ${tsquerySql(query.keywords, p)}`,
    );
  }
  for (const f of query.filters) {
    if (f.field !== exceptField) out.push(filterSql(f, src, p));
  }
  return out;
};

export const whereSql = (conds: readonly string[]): string =>
  conds.length === 0 ? '' : `WHERE ${conds.join(' AND ')}`;

// ——— sort ———

const sortExpr = (c: SortClause, src: Source, p: SqlParams): string => {
  const spec = c.spec;
  if (spec === null) return 'score';
  if (spec.sortColumn !== undefined) return `d.${spec.sortColumn} COLLATE "C"`;
  switch (spec.type) {
    case 'number':
    case 'date':
      return typedExpr(c.field, spec, src, p);
    case 'boolean':
      return `(${src.doc} ->> ${p.add(c.field)})::boolean`;
    default:
      return `lower(${src.doc} ->> ${p.add(c.field)}) COLLATE "C"`;
  }
};

/**
 * ORDER BY: the asked sort, else relevance (keywords) or featured; always ending with the SKU so
 * equal values page stably.
 */
export const orderBySql = (query: SearchQuery, src: Source, p: SqlParams): string => {
  const parts =
    query.sort.length > 0
      ? query.sort.map((c) => `${sortExpr(c, src, p)} ${c.direction.toUpperCase()} NULLS LAST`)
      : query.keywords !== null
        ? ['score DESC', `${src.own}.featured_score DESC`]
        : [`${src.own}.featured_score DESC`];
  return `ORDER BY ${[...parts, `${src.own}.sku ASC`].join(', ')}`;
};
