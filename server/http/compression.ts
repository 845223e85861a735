/**
 * Compressed answers (@fastify/compress, registered in ../app.ts with these settings), and the same
 * compression done once for bytes a route keeps (a cached search answer, ../api/search.ts): the
 * encoding @fastify/compress would choose for the request, and the bytes it would send.
 */
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The encodings answers are compressed with, preferred first. */
export const RESPONSE_ENCODINGS = ['br', 'gzip'] as const;
export type ResponseEncoding = (typeof RESPONSE_ENCODINGS)[number];
/** Answers shorter than this many bytes go uncompressed. */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * Answers up to this size are compressed in one synchronous call rather than through a zlib
 * stream on libuv's threadpool (@fastify/compress `syncThreshold`; its default on 2 cores is
 * 8 KB). A cart of thirty lines is a 15 KB answer: brotli at quality 4 takes ~0.12 ms for it in one
 * call, while the stream's set-up and hand-offs cost about three times that in CPU, which a small
 * server has none of to spare (bench/api, add to cart with a browser's Accept-Encoding: 810 →
 * see docs/scale.md). 64 KB is about half a millisecond: still "a few milliseconds" at most.
 */
export const COMPRESSION_SYNC_MAX = 64 * 1024;
/** @fastify/compress's own brotli setting (quality 4: 11 costs far more for little). */
export const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 },
};

/**
 * The encoding @fastify/compress picks for this request when its Accept-Encoding is a plain list
 * (what browsers send: `gzip, deflate, br, zstd`): the first of RESPONSE_ENCODINGS it names (`*`
 * and `x-gzip` count as gzip), or 'identity' when it names none, sends none or asks for none
 * (`x-no-compression`). Undefined for a list with weights or parameters (`br;q=0`): the caller
 * leaves that request to @fastify/compress.
 */
export const plainEncoding = (
  request: Pick<FastifyRequest, 'headers'>,
): ResponseEncoding | 'identity' | undefined => {
  const named = namedEncodings(request);
  if (named === undefined) return undefined;
  return RESPONSE_ENCODINGS.find((encoding) => named.has(encoding)) ?? 'identity';
};

/**
 * The encodings a plain Accept-Encoding list names (`*` and `x-gzip` count as gzip): none for no
 * header or `x-no-compression`, undefined for a list with weights or parameters.
 */
const namedEncodings = (
  request: Pick<FastifyRequest, 'headers'>,
): ReadonlySet<string> | undefined => {
  if (request.headers['x-no-compression'] !== undefined) return NONE;
  const header = request.headers['accept-encoding'];
  if (header === undefined) return NONE;
  if (typeof header !== 'string' || header.includes(';')) return undefined;
  let named = readLists.get(header);
  if (named === undefined) {
    named = new Set(
      header
        .toLowerCase()
        .split(',')
        .map((token) => token.trim())
        .map((token) => (token === '*' || token === 'x-gzip' ? 'gzip' : token)),
    );
    // Browsers send a handful of lists, each the same on every request: each is read once.
    if (readLists.size >= READ_LISTS_KEPT) readLists.clear();
    readLists.set(header, named);
  }
  return named;
};

const NONE: ReadonlySet<string> = new Set();
/** Accept-Encoding lists already read, and how many are kept (any more start the memo again). */
const readLists = new Map<string, ReadonlySet<string>>();
const READ_LISTS_KEPT = 64;

/**
 * Whether the request's plain Accept-Encoding list names gzip (as every browser's does), so an
 * answer may go out as gzip even when @fastify/compress would have chosen brotli.
 */
export const acceptsGzip = (request: Pick<FastifyRequest, 'headers'>): boolean =>
  namedEncodings(request)?.has('gzip') === true;

/** `bytes` compressed as @fastify/compress compresses an answer in `encoding`. */
export const compress = (bytes: Buffer, encoding: ResponseEncoding): Buffer =>
  encoding === 'br' ? zlib.brotliCompressSync(bytes, BROTLI_OPTIONS) : zlib.gzipSync(bytes);

/** The headers @fastify/compress gives a compressed answer (it passes an encoded one through). */
export const markEncoded = (reply: FastifyReply, encoding: ResponseEncoding): void => {
  const vary = reply.getHeader('vary');
  if (typeof vary === 'string' && vary !== '') {
    if (!/accept-encoding/i.test(vary)) reply.header('vary', `${vary}, accept-encoding`);
  } else {
    reply.header('vary', 'accept-encoding');
  }
  reply.header('content-encoding', encoding);
};

/**
 * The compressed start of a gzip answer whose end differs per request (the product page's query
 * id): the start deflated once, ending with a sync flush — byte-aligned, no final block — with its
 * CRC-32 and length, so that each request adds only its own few bytes (gzipWithEnd).
 */
export interface GzipStart {
  readonly deflated: Buffer;
  readonly crc: number;
  readonly length: number;
}

export const gzipStart = (bytes: Buffer): GzipStart => ({
  deflated: zlib.deflateRawSync(bytes, {
    level: zlib.constants.Z_BEST_COMPRESSION,
    finishFlush: zlib.constants.Z_SYNC_FLUSH,
  }),
  crc: zlib.crc32(bytes),
  length: bytes.length,
});

/** The gzip member header (RFC 1952): deflate, no flags, no time, unknown OS. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A stored deflate block holds at most this many bytes (RFC 1951 §3.2.4). */
export const STORED_BLOCK_MAX = 0xffff;

/**
 * One gzip member of `start`'s bytes followed by `end`: the kept deflated start, then `end` as the
 * final stored (uncompressed) deflate block, then the CRC-32 and length of the whole. No
 * compression runs per request: the answer costs a copy and a CRC of `end`.
 */
export const gzipWithEnd = (start: GzipStart, end: Buffer): Buffer => {
  if (end.length > STORED_BLOCK_MAX) {
    throw new RangeError(`a stored end is at most ${STORED_BLOCK_MAX} bytes`);
  }
  const out = Buffer.allocUnsafe(GZIP_HEADER.length + start.deflated.length + 5 + end.length + 8);
  let at = GZIP_HEADER.copy(out, 0);
  at += start.deflated.copy(out, at);
  // BFINAL 1, BTYPE 00 (stored); the sync flush left the stream on a byte boundary.
  at = out.writeUInt8(0x01, at);
  at = out.writeUInt16LE(end.length, at);
  at = out.writeUInt16LE(~end.length & 0xffff, at);
  at += end.copy(out, at);
  at = out.writeUInt32LE(zlib.crc32(end, start.crc) >>> 0, at);
  out.writeUInt32LE((start.length + end.length) % 2 ** 32, at);
  return out;
};
