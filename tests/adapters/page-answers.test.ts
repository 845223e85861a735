/**
 * The answers of a server-rendered first view (adapters/http/page-answers.ts): recorded by
 * ApiClient against the real server, replayed once each by a client that has neither a network nor
 * a session, failures included, and nothing handed out after the first view.
 */
import fc from 'fast-check';
import * as t from 'io-ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AxiosAdapter } from 'axios';
import { defaultAppConfig, type AppConfig } from '../../adapters/di/types';
import { ApiClient, type SessionTokens } from '../../adapters/http/api-client';
import { ApiError } from '../../adapters/http/api-error';
import { HttpTokenGateway } from '../../adapters/http/auth/http-token-gateway';
import {
  PageAnswerLog,
  PageAnswerReplay,
  answerKey,
  type RecordedAnswers,
} from '../../adapters/http/page-answers';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let config: AppConfig;
let bearer: string;

/** A session no call may use: the renderer brings its own token, the replay needs none. */
const noSession: SessionTokens = {
  execute: () => Promise.reject(new Error('the session was asked for a token')),
  replaceWithGuestToken: () => Promise.reject(new Error('the session was asked for a token')),
};

/** No network: every call that reaches it fails as a network error, and is counted. */
const offline = () => {
  const calls: string[] = [];
  const adapter: AxiosAdapter = (request) => {
    calls.push(`${request.method ?? ''} ${request.url ?? ''}`);
    return Promise.reject(new Error('offline'));
  };
  return { calls, adapter };
};

beforeAll(async () => {
  server = await startTestServer();
  config = { ...defaultAppConfig, apiBaseUrl: server.api };
  const grant = await new HttpTokenGateway(config).fetchGuestToken({
    channel: 'KOUS',
    guestId: 'page-answers-test',
  });
  bearer = grant.grant.access_token;
});
afterAll(() => server.dispose());

const recordSome = async (): Promise<{ answers: RecordedAnswers; first: unknown }> => {
  const log = new PageAnswerLog(bearer);
  const client = new ApiClient({ ...config, pageAnswers: log }, noSession);
  const first = await client.get('/search/typeahead', t.unknown, { params: { q: 'fau' } });
  await client.get('/search/typeahead', t.unknown, { params: { q: 'fau' } });
  const missing = await client
    .get('/content/en/no-such-page.model.json', t.unknown)
    .catch((e: unknown) => e);
  expect(missing).toBeInstanceOf(ApiError);
  await log.settled();
  return { answers: JSON.parse(JSON.stringify(log)) as RecordedAnswers, first };
};

describe('answerKey', () => {
  it('is the same whatever the order of the parameters, and differs with any value', () => {
    const name = fc.stringMatching(/^[a-z]{1,6}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(name, fc.string()), { selector: ([n]) => n, maxLength: 6 }),
        fc.string(),
        (pairs, other) => {
          const params = Object.fromEntries(pairs);
          const reversed = Object.fromEntries([...pairs].reverse());
          expect(answerKey('get', '/p', params, undefined)).toBe(
            answerKey('GET', '/p', reversed, undefined),
          );
          const [first] = pairs;
          if (first !== undefined && first[1] !== other) {
            expect(answerKey('GET', '/p', { ...params, [first[0]]: other }, undefined)).not.toBe(
              answerKey('GET', '/p', params, undefined),
            );
          }
        },
      ),
    );
  });

  it('keeps repeated values in their order (fq=a&fq=b is not fq=b&fq=a) and tells bodies apart', () => {
    expect(answerKey('GET', '/p', { fq: ['a', 'b'] }, undefined)).not.toBe(
      answerKey('GET', '/p', { fq: ['b', 'a'] }, undefined),
    );
    expect(answerKey('POST', '/p', undefined, { slug: 'a' })).not.toBe(
      answerKey('POST', '/p', undefined, { slug: 'b' }),
    );
  });
});

describe('recorded on the server, replayed in the browser', () => {
  it('answers each recorded call once, as the server did, with no token and no network', async () => {
    const { answers, first } = await recordSome();
    const replay = new PageAnswerReplay(answers);
    const { calls, adapter } = offline();
    const client = new ApiClient(
      { ...config, pageAnswers: replay, httpAdapter: adapter },
      noSession,
    );
    expect(await client.get('/search/typeahead', t.unknown, { params: { q: 'fau' } })).toEqual(
      first,
    );
    // Recorded twice, answered twice; a third time is the network's (here: none).
    await client.get('/search/typeahead', t.unknown, { params: { q: 'fau' } });
    const third = await client
      .get('/search/typeahead', t.unknown, { params: { q: 'fau' } })
      .catch((e: unknown) => e);
    expect(third).toBeInstanceOf(Error);
    expect(calls).toHaveLength(0); // the session refused before the network was reached
  });

  it('replays a failure as the same ApiError', async () => {
    const { answers } = await recordSome();
    const live = await new ApiClient(
      { ...config, pageAnswers: new PageAnswerLog(bearer) },
      noSession,
    )
      .get('/content/en/no-such-page.model.json', t.unknown)
      .catch((e: unknown) => e as ApiError);
    const replayed = await new ApiClient(
      { ...config, pageAnswers: new PageAnswerReplay(answers) },
      noSession,
    )
      .get('/content/en/no-such-page.model.json', t.unknown)
      .catch((e: unknown) => e as ApiError);
    expect(replayed).toBeInstanceOf(ApiError);
    expect(live).toBeInstanceOf(ApiError);
    expect({ ...(replayed as ApiError).details, message: (replayed as ApiError).message }).toEqual({
      ...(live as ApiError).details,
      message: (live as ApiError).message,
    });
    expect((replayed as ApiError).kind).toBe((live as ApiError).kind);
  });

  it('hands out nothing once closed: later calls go to the network', async () => {
    const { answers } = await recordSome();
    const replay = new PageAnswerReplay(answers);
    expect(replay.unused).toBe(3);
    replay.close();
    expect(replay.unused).toBe(0);
    expect(replay.take(answerKey('GET', '/search/typeahead', { q: 'fau' }, undefined))).toBe(
      undefined,
    );
  });

  it('ignores a malformed block rather than failing the page', () => {
    expect(new PageAnswerReplay('nonsense').unused).toBe(0);
    expect(new PageAnswerReplay({ k: [{ status: 'x' }, 3, { status: 200, data: 1 }] }).unused).toBe(
      1,
    );
  });
});

describe('settled', () => {
  it('waits for a call that starts when another ends', async () => {
    const log = new PageAnswerLog(bearer);
    const client = new ApiClient({ ...config, pageAnswers: log }, noSession);
    let second = false;
    void client.get('/search/typeahead', t.unknown, { params: { q: 'sin' } }).then(async () => {
      await client.get('/search/typeahead', t.unknown, { params: { q: 'sink' } });
      second = true;
    });
    await log.settled();
    expect(second).toBe(true);
    expect(Object.keys(log.toJSON())).toHaveLength(2);
  });
});
