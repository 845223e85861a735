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
  if (request.headers['x-no-compression'] !== undefined) return 'identity';
  const header = request.headers['accept-encoding'];
  if (header === undefined) return 'identity';
  if (typeof header !== 'string' || header.includes(';')) return undefined;
  const named = new Set(
    header
      .toLowerCase()
      .split(',')
      .map((token) => token.trim())
      .map((token) => (token === '*' || token === 'x-gzip' ? 'gzip' : token)),
  );
  return RESPONSE_ENCODINGS.find((encoding) => named.has(encoding)) ?? 'identity';
};

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
