/**
 * Shared by the catalogue API tests: a guest token, JSON calls over HTTP, and the truth — the
 * search documents built in-process from the same seeded catalogue the server loaded on start.
 */
import { randomUUID } from 'node:crypto';
import { toSearchDocument, type SearchDocument } from '../../../server/search/documents';
import { generateCatalogue } from '../../../server/seed/catalogue/generate';
import type { Catalogue } from '../../../server/seed/catalogue/model';
import type { TestServer } from '../../support/test-server';

export interface Answer<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
}

export const guestToken = async (server: TestServer): Promise<string> => {
  const res = await fetch(
    `${server.api}/oauth/token?scope=guest&channel=KOUS&gId=${randomUUID()}`,
    { method: 'POST' },
  );
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
};

export type Params = Readonly<Record<string, string | number | boolean | readonly string[]>>;

/** `?a=1&fq=x&fq=y`: lists become repeated parameters. */
export const queryString = (params: Params): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (Array.isArray(value)) for (const v of value as readonly string[]) search.append(key, v);
    else search.append(key, String(value));
  }
  const text = search.toString();
  return text === '' ? '' : `?${text}`;
};

export const client = (server: TestServer, token: string | null) => {
  const call = async <T>(path: string, init: RequestInit = {}): Promise<Answer<T>> => {
    const headers = new Headers(init.headers);
    if (token !== null) headers.set('authorization', `Bearer ${token}`);
    const res = await fetch(`${server.url}${path}`, { ...init, headers });
    const type = res.headers.get('content-type') ?? '';
    const body = type.includes('json') ? await res.json() : await res.text();
    return { status: res.status, headers: res.headers, body: body as T };
  };
  return {
    call,
    get: <T>(path: string, params: Params = {}) => call<T>(`${path}${queryString(params)}`),
    post: <T>(path: string, body: unknown, params: Params = {}) =>
      call<T>(`${path}${queryString(params)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
  };
};

export interface Truth {
  readonly catalogue: Catalogue;
  readonly docs: readonly SearchDocument[];
  readonly bySku: ReadonlyMap<string, SearchDocument>;
}

let truth: Truth | null = null;

export const catalogueTruth = (): Truth => {
  if (truth !== null) return truth;
  const catalogue = generateCatalogue();
  const docs = catalogue.products.map((p) => toSearchDocument(p, catalogue));
  truth = { catalogue, docs, bySku: new Map(docs.map((d) => [String(d.sku_s), d])) };
  return truth;
};

export interface ErrorBody {
  readonly statusCode: number;
  readonly error: string;
  readonly message: string;
}
