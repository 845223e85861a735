/**
 * A rate limit's answer (429) is read in one place (tooManyRequestsOf): every HTTP gateway whose
 * port names a rate limit — the store locator, the registration upload, the newsletter — says it
 * with the server's words on how long to wait, and any other failure stays what it was.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, kindForStatus, tooManyRequestsOf } from '../../adapters/http/api-error';
import { HttpStoreLocator } from '../../adapters/http/maps/http-store-locator';
import { HttpNewsletterGateway } from '../../adapters/http/newsletter/http-newsletter-gateway';
import { HttpRegistrationGateway } from '../../adapters/http/registration/http-registration-gateway';
import { TooManyRequestsError } from '../../core/shared/errors';

const WAIT = 'Too many requests. Please wait 42 seconds and try again.';

/** An ApiError as the client builds it from an answer of `status`, its message the server's. */
const answered = (status: number, message = WAIT): ApiError =>
  new ApiError(kindForStatus(status), message, { status, serverMessage: message });

/** An ApiClient stand-in whose every call fails with `error`. */
const failing = (error: unknown) => {
  const fail = () => Promise.reject(error);
  return { get: fail, post: fail, put: fail, delete: fail, file: fail };
};

describe('tooManyRequestsOf', () => {
  it('is a TooManyRequestsError with the answer’s words for every 429', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), (message) => {
        const limited = tooManyRequestsOf(answered(429, message));
        expect(limited).toBeInstanceOf(TooManyRequestsError);
        expect(limited?.message).toBe(message);
      }),
    );
  });

  it('is null for every other status, and for failures that are not answers', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 599 }).filter((status) => status !== 429),
        (status) => {
          expect(tooManyRequestsOf(answered(status))).toBeNull();
        },
      ),
    );
    expect(tooManyRequestsOf(new ApiError('network', 'offline'))).toBeNull();
    expect(tooManyRequestsOf(new Error(WAIT))).toBeNull();
    expect(tooManyRequestsOf(undefined)).toBeNull();
  });
});

describe('the gateways on a 429', () => {
  it('the store locator rejects searches and single stores with TooManyRequestsError', async () => {
    const locator = new HttpStoreLocator(failing(answered(429)) as never);
    const search = locator.searchNearby({
      brand: 'lavabo',
      origin: { latitude: 40.7, longitude: -74 },
      distance: 25,
    } as never);
    await expect(search).rejects.toThrow(TooManyRequestsError);
    await expect(search).rejects.toThrow(WAIT);
    await expect(locator.store('s-1')).rejects.toThrow(TooManyRequestsError);
  });

  it('the registration upload refuses the file as too many, with the wait', async () => {
    const gateway = new HttpRegistrationGateway(failing(answered(429)) as never);
    const file = {
      name: 'receipt.pdf',
      type: 'application/pdf',
      size: 4,
      body: new Blob(['%PDF']),
    };
    await expect(gateway.uploadAsset(file as never)).resolves.toEqual({
      kind: 'refused',
      reason: 'too-many',
      message: WAIT,
    });
  });

  it('the newsletter answers too many, with the wait', async () => {
    const gateway = new HttpNewsletterGateway(failing(answered(429)) as never);
    await expect(gateway.subscribe('a@example.com', 'footer' as never)).resolves.toEqual({
      kind: 'too-many',
      message: WAIT,
    });
  });

  it('each leaves another failure as it was', async () => {
    const server = answered(503, 'Something went wrong. Please try again...');
    await expect(new HttpStoreLocator(failing(server) as never).store('s-1')).rejects.toBe(server);
    await expect(
      new HttpNewsletterGateway(failing(server) as never).subscribe(
        'a@example.com',
        'footer' as never,
      ),
    ).rejects.toBe(server);
  });
});
