/**
 * An axios adapter that answers the renderer's API calls inside the process, through Fastify's
 * `inject` (no socket, no port): the same routes, hooks, validation and answers as a call over
 * the network, so the first view is drawn from exactly what the browser would have been told.
 */
import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse } from 'axios';
import type { FastifyInstance } from 'fastify';

type InjectMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'HEAD' | 'OPTIONS';

export const injectAdapter =
  (app: FastifyInstance): AxiosAdapter =>
  async (config) => {
    const target = new URL(axios.getUri(config), 'http://localhost');
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(AxiosHeaders.from(config.headers).toJSON())) {
      if (typeof value === 'string') headers[name.toLowerCase()] = value;
      else if (typeof value === 'number' || typeof value === 'boolean') {
        headers[name.toLowerCase()] = String(value);
      }
    }
    const answer = await app.inject({
      method: (config.method ?? 'get').toUpperCase() as InjectMethod,
      url: `${target.pathname}${target.search}`,
      headers,
      ...(typeof config.data === 'string' ? { payload: config.data } : {}),
    });
    const response: AxiosResponse = {
      // axios parses JSON itself (transformResponse) after the adapter answers.
      data: answer.body,
      status: answer.statusCode,
      statusText: answer.statusMessage,
      headers: AxiosHeaders.from(answer.headers as Record<string, string>),
      config,
      request: null,
    };
    const valid = config.validateStatus ?? ((status: number) => status >= 200 && status < 300);
    if (valid(answer.statusCode)) return response;
    throw new AxiosError(
      `Request failed with status code ${answer.statusCode}`,
      answer.statusCode >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      null,
      response,
    );
  };
