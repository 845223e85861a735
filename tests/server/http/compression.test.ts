/**
 * Answers gzipped from a kept start (server/http/compression.ts): the start deflated once, each
 * request's own end added as a stored block. Whatever the bytes, a gzip reader gets start + end.
 */
import { gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  STORED_BLOCK_MAX,
  acceptsGzip,
  gzipStart,
  gzipWithEnd,
  plainEncoding,
} from '../../../server/http/compression';

const bytes = (max: number) => fc.uint8Array({ maxLength: max }).map((a) => Buffer.from(a));

describe('gzipWithEnd', () => {
  it('reads back as the start and then the end, for any bytes', () => {
    fc.assert(
      fc.property(
        // Text that compresses and random bytes that do not, empty ends and starts included.
        fc.oneof(
          bytes(20_000),
          fc.string({ maxLength: 5_000 }).map((t) => Buffer.from(t.repeat(3))),
        ),
        bytes(2_000),
        (start, end) => {
          const out = gzipWithEnd(gzipStart(start), end);
          expect(gunzipSync(out).equals(Buffer.concat([start, end]))).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('keeps one start for many ends, each read back whole', () => {
    const start = gzipStart(Buffer.from(JSON.stringify({ response: 'x'.repeat(4000) })));
    for (const end of ['a', '', '"}}', 'é'.repeat(100)]) {
      const tail = Buffer.from(end);
      expect(gunzipSync(gzipWithEnd(start, tail)).toString()).toBe(
        JSON.stringify({ response: 'x'.repeat(4000) }) + end,
      );
    }
  });

  it('compresses the start as gzip does, adding only the end and a few bytes', () => {
    const text = Buffer.from(JSON.stringify({ docs: Array(50).fill({ title: 'Faucet' }) }));
    const out = gzipWithEnd(gzipStart(text), Buffer.from('0123456789'));
    expect(out.length).toBeLessThan(gzipSync(text).length + 10 + 16);
  });

  it('takes an end up to one stored block, and refuses a longer one', () => {
    const start = gzipStart(Buffer.from('start'));
    const longest = Buffer.alloc(STORED_BLOCK_MAX, 0x61);
    expect(gunzipSync(gzipWithEnd(start, longest)).length).toBe(5 + STORED_BLOCK_MAX);
    expect(() => gzipWithEnd(start, Buffer.alloc(STORED_BLOCK_MAX + 1))).toThrow(RangeError);
  });
});

describe('what a request accepts', () => {
  const request = (headers: Record<string, string>) => ({ headers });
  it('names gzip in a plain list, as browsers send it', () => {
    expect(acceptsGzip(request({ 'accept-encoding': 'gzip, deflate, br, zstd' }))).toBe(true);
    expect(acceptsGzip(request({ 'accept-encoding': 'x-gzip' }))).toBe(true);
    expect(acceptsGzip(request({ 'accept-encoding': '*' }))).toBe(true);
    expect(acceptsGzip(request({ 'accept-encoding': 'br' }))).toBe(false);
    expect(acceptsGzip(request({}))).toBe(false);
    expect(acceptsGzip(request({ 'accept-encoding': 'gzip', 'x-no-compression': '1' }))).toBe(
      false,
    );
    // Weights are @fastify/compress's to read.
    expect(acceptsGzip(request({ 'accept-encoding': 'gzip;q=0' }))).toBe(false);
    expect(plainEncoding(request({ 'accept-encoding': 'gzip;q=0' }))).toBeUndefined();
    expect(plainEncoding(request({ 'accept-encoding': 'gzip, br' }))).toBe('br');
  });
});
