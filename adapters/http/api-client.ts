/**
 * The one HTTP client every API adapter uses (spec §7, ARCHITECTURE.md):
 * - a bearer token on every call, obtained (and renewed when due) through the session use case;
 * - JSON content type and the target header naming the sales channel;
 * - 15 s timeout;
 * - a 401 'JWT not present.' / 'Invalid JWT.' while anonymous fetches a guest token once and retries;
 *   for a customer it ends the session (signed out, guest token) and the call fails;
 * - every failure becomes an ApiError of spec §8's kinds, every answer is decoded with io-ts.
 */
import type {
  AxiosError,
  AxiosInstance,
  AxiosRequestConfig,
  AxiosResponse,
  AxiosStatic,
  CreateAxiosDefaults,
} from 'axios';
import type * as t from 'io-ts';
import type { StoredTokens } from '../../core/auth/token-lifecycle';
import type { AppConfig } from '../di/types';
import { ApiError, GENERAL_FAILURE_MESSAGE, kindForStatus } from './api-error';
import { decodeOrThrow } from './decode';
import { answerKey, type PageAnswers } from './page-answers';

export const GUEST_RETRY_MESSAGES: readonly string[] = ['JWT not present.', 'Invalid JWT.'];

/** What the client needs from the session: the current tokens, and a way to start over as a guest. */
export interface SessionTokens {
  execute(): Promise<StoredTokens>;
  replaceWithGuestToken(): Promise<StoredTokens>;
}

interface ErrorPayload {
  message?: unknown;
  errors?: unknown;
}

let axiosLoading: Promise<AxiosStatic> | undefined;

/**
 * axios, loaded with the first call that needs the network (issue 15). A server-rendered page
 * answers its first view's calls from the page itself (./page-answers.ts), so axios (about 17 kB
 * gzip) stays off the entry bundle and arrives after the page has painted.
 */
export const loadAxios = (): Promise<AxiosStatic> =>
  (axiosLoading ??= import('axios').then((module) => module.default));

/** axios's own `isAxiosError`, without loading axios to ask: it reads the same flag. */
const isAxiosError = (error: unknown): error is AxiosError =>
  typeof error === 'object' &&
  error !== null &&
  (error as { isAxiosError?: unknown }).isAxiosError === true;

export const toApiError = (error: unknown): ApiError => {
  if (error instanceof ApiError) return error;
  if (!isAxiosError(error)) {
    return new ApiError('network', GENERAL_FAILURE_MESSAGE, {
      serverMessage: error instanceof Error ? error.message : String(error),
    });
  }
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') {
    return new ApiError('timeout', GENERAL_FAILURE_MESSAGE);
  }
  const response = error.response;
  if (response === undefined) return new ApiError('network', GENERAL_FAILURE_MESSAGE);
  return apiErrorOfAnswer(response.status, response.data);
};

/** The ApiError an HTTP answer of `status` with body `data` stands for (spec §8's kinds). */
export const apiErrorOfAnswer = (status: number, data: unknown): ApiError => {
  const body = (typeof data === 'object' && data !== null ? data : {}) as ErrorPayload;
  const errors = Array.isArray(body.errors)
    ? body.errors.filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null)
    : [];
  const codes = errors.map((e) => e.code).filter((c): c is string => typeof c === 'string');
  const serverMessage = typeof body.message === 'string' ? body.message : undefined;
  const kind = kindForStatus(status);
  return new ApiError(
    kind,
    // A 400 names the field; a 429 says how long to wait (docs/api.md "Rate limits").
    (kind === 'badRequest' || status === 429) && serverMessage
      ? serverMessage
      : GENERAL_FAILURE_MESSAGE,
    {
      status,
      ...(serverMessage === undefined ? {} : { serverMessage }),
      codes,
      errors,
    },
  );
};

/**
 * What every call to the API carries, with or without a session: base URL, timeout, JSON content
 * type and the target header naming the sales channel (ARCHITECTURE.md). The calls that cannot use
 * the session share these through SessionlessClient.
 */
export const clientDefaults = (config: AppConfig): CreateAxiosDefaults => ({
  baseURL: config.apiBaseUrl,
  timeout: config.apiTimeoutMs,
  headers: { 'Content-Type': 'application/json', target: config.channel },
  // The server's renderer answers calls in process (server/render); the browser uses axios's own.
  ...(config.httpAdapter === undefined ? {} : { adapter: config.httpAdapter }),
});

export interface RequestOptions {
  readonly params?: Record<string, string | number | boolean | readonly string[] | undefined>;
  readonly signal?: AbortSignal;
  /** Extra headers for this call (e.g. Idempotency-Key); the bearer token is always the session's. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Upload progress of the request's body (bytes sent of total; total absent when unknown). */
  readonly onUploadProgress?: (progress: { loaded: number; total?: number }) => void;
}

export class ApiClient {
  private http: Promise<AxiosInstance> | undefined;

  private readonly answers: PageAnswers | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly session: SessionTokens,
  ) {
    this.answers = config.pageAnswers;
  }

  private instance(): Promise<AxiosInstance> {
    return (this.http ??= loadAxios().then((axios) =>
      axios.create({
        ...clientDefaults(this.config),
        // Repeated fq=a&fq=b, as Solr reads them.
        paramsSerializer: { indexes: null },
      }),
    ));
  }

  get<A, O>(path: string, codec: t.Type<A, O, unknown>, options: RequestOptions = {}): Promise<A> {
    return this.request({ method: 'GET', url: path }, codec, options);
  }

  post<A, O>(
    path: string,
    body: unknown,
    codec: t.Type<A, O, unknown>,
    options: RequestOptions = {},
  ): Promise<A> {
    return this.request({ method: 'POST', url: path, data: body }, codec, options);
  }

  put<A, O>(
    path: string,
    body: unknown,
    codec: t.Type<A, O, unknown>,
    options: RequestOptions = {},
  ): Promise<A> {
    return this.request({ method: 'PUT', url: path, data: body }, codec, options);
  }

  delete<A, O>(
    path: string,
    codec: t.Type<A, O, unknown>,
    options: RequestOptions = {},
  ): Promise<A> {
    return this.request({ method: 'DELETE', url: path }, codec, options);
  }

  /**
   * GET of a file the session may read (a proof of purchase): its bytes and content type, with the
   * session's token. A refusal is the same ApiError as any call's.
   */
  async file(path: string): Promise<{ readonly contentType: string; readonly bytes: Uint8Array }> {
    const response = await this.respond(async (tokens) =>
      (await this.instance()).request<unknown>({
        method: 'GET',
        url: path,
        responseType: 'arraybuffer',
        headers: { Authorization: `Bearer ${tokens.accessToken}` },
      }),
    );
    const type = response.headers['content-type'];
    return {
      contentType: typeof type === 'string' ? type : '',
      bytes: new Uint8Array(response.data as ArrayBuffer),
    };
  }

  private async request<A, O>(
    base: AxiosRequestConfig,
    codec: t.Type<A, O, unknown>,
    options: RequestOptions,
  ): Promise<A> {
    const send = async (tokens: Pick<StoredTokens, 'accessToken'>) =>
      (await this.instance()).request<unknown>({
        ...base,
        params: options.params,
        ...(options.signal ? { signal: options.signal } : {}),
        ...(options.onUploadProgress === undefined
          ? {}
          : { onUploadProgress: options.onUploadProgress }),
        headers: { ...options.headers, Authorization: `Bearer ${tokens.accessToken}` },
      });

    const what = `${base.method ?? 'GET'} ${base.url ?? ''}`;
    const answers = this.answers;
    if (answers === undefined) {
      return decodeOrThrow(codec, (await this.respond(send)).data, what);
    }
    // Server rendering (./page-answers.ts): a call the page was rendered with is answered from the
    // page, once; the server records every answer, failures included, so the browser's first
    // render is the server's.
    const key = answerKey(base.method ?? 'GET', base.url ?? '', options.params, base.data);
    const recorded = answers.take(key);
    if (recorded !== undefined) {
      if (recorded.status >= 400) throw apiErrorOfAnswer(recorded.status, recorded.data);
      return decodeOrThrow(codec, recorded.data, what);
    }
    const end = answers.begin();
    try {
      const response = await this.respond(send).catch((error: unknown) => {
        const details = error instanceof ApiError ? error.details : {};
        if (details.status !== undefined) {
          // What apiErrorOfAnswer reads back: the same ApiError in the browser.
          const data = { message: details.serverMessage, errors: details.errors ?? [] };
          answers.record(key, { status: details.status, data });
        }
        throw error;
      });
      answers.record(key, { status: response.status, data: response.data });
      return decodeOrThrow(codec, response.data, what);
    } finally {
      end();
    }
  }

  /** Sends with the session's token; a refused guest token is replaced once (see the top). */
  private async respond(
    send: (tokens: Pick<StoredTokens, 'accessToken'>) => Promise<AxiosResponse<unknown>>,
  ): Promise<AxiosResponse<unknown>> {
    const bearer = this.answers?.bearer;
    const tokens: Pick<StoredTokens, 'accessToken' | 'anonymous'> =
      bearer === undefined
        ? await this.session.execute()
        : { accessToken: bearer, anonymous: true };
    let response;
    try {
      response = await send(tokens);
    } catch (error) {
      const apiError = toApiError(error);
      const tokenRefused =
        apiError.details.status === 401 &&
        GUEST_RETRY_MESSAGES.includes(apiError.details.serverMessage ?? '');
      if (tokenRefused && !tokens.anonymous) {
        // A customer token the API refuses is a token error: the session ends (sign-out, then a
        // guest token). The call is not replayed as a guest: it was the customer's.
        await this.session.replaceWithGuestToken().catch(() => undefined);
        throw apiError;
      }
      if (!tokenRefused || bearer !== undefined) throw apiError;
      const fresh = await this.session.replaceWithGuestToken();
      response = await send(fresh).catch((e: unknown) => {
        throw toApiError(e);
      });
    }
    return response;
  }
}
