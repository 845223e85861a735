/**
 * The HTTP client for the calls that cannot go through the session (the authenticated ApiClient):
 * the token endpoint and the validate call hand out or check bearer tokens, and sign-out runs while
 * the session is being torn down. One construction for the guest token gateway, the customer token
 * gateway and the identity provider: same base URL, timeout, JSON content type and target header
 * as ApiClient (clientDefaults in api-client.ts), every failure an ApiError of spec §8's kinds.
 */
import type { AxiosInstance } from 'axios';
import type { AppConfig } from '../di/types';
import { clientDefaults, loadAxios, toApiError } from './api-client';
import { decodeOrThrow } from './decode';
import { ValidateResponseCodec } from './auth/token.codec';

export interface SessionlessPost {
  readonly params?: Readonly<Record<string, string>>;
  /** The token the call itself is about (validate, sign-out); none for the token endpoint. */
  readonly bearer?: string;
}

export class SessionlessClient {
  private http: Promise<AxiosInstance> | undefined;

  constructor(private readonly config: AppConfig) {}

  private instance(): Promise<AxiosInstance> {
    return (this.http ??= loadAxios().then((axios) => axios.create(clientDefaults(this.config))));
  }

  /** POSTs `body` and answers the response body, undecoded; failures throw ApiErrors. */
  async post(path: string, body: unknown, options: SessionlessPost = {}): Promise<unknown> {
    const http = await this.instance();
    const response = await http
      .post<unknown>(path, body, {
        ...(options.params === undefined ? {} : { params: options.params }),
        ...(options.bearer === undefined
          ? {}
          : { headers: { Authorization: `Bearer ${options.bearer}` } }),
      })
      .catch((e: unknown) => {
        throw toApiError(e);
      });
    return response.data;
  }

  /** POST /oauth/token/validate: does the server still accept this access token? */
  async validate(accessToken: string): Promise<boolean> {
    const answer = await this.post('/oauth/token/validate', undefined, { bearer: accessToken });
    return decodeOrThrow(ValidateResponseCodec, answer, 'the validate call').valid;
  }
}
