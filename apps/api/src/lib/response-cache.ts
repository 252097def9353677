/**
 * Ready-to-send answers of public reads ("hot reads"): the serialised JSON bytes of a
 * response, its brotli, gzip and deflate encodings and its ETag, made once per cache fill and
 * sent as they are on every hit — no schema serialisation, hashing or compression per request.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { type ContentCoding, encodeAll, preferredCoding } from './content-coding';

/**
 * Bodies smaller than this (bytes) are sent unencoded: the threshold of @fastify/compress
 * (platform/compression.ts registers it with its default, 1 KiB), below which encoding saves
 * too little.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Brotli quality of the cached encodings. Measured on the catalogue's answers (3–8 KB of JSON):
 * 5 is within 1 % of 6–9 in size and takes 0.1–0.3 ms; 11 is 8 % smaller but 5–13 ms per body.
 */
const BROTLI_QUALITY = 5;

/** One answer, ready to send. */
export interface ReadyResponse {
  /** The serialised JSON body (UTF-8). */
  identity: Buffer;
  /** The body in each content coding; empty below {@link COMPRESS_THRESHOLD_BYTES}. */
  encoded: Partial<Record<ContentCoding, Buffer>>;
  /**
   * Weak ETag of the body, the same tag @fastify/etag would give it (SHA-1, base64): weak because
   * every coding of the body shares it (RFC 9110 §8.8.1: they are semantically equivalent, not
   * byte-identical), which is also what the uncached answers of the same routes carry.
   */
  etag: string;
}

/**
 * Makes `json` ready to send: its UTF-8 bytes, their ETag and — from 1 KiB — their brotli
 * (quality {@link BROTLI_QUALITY}, text mode), gzip and deflate (zlib default level 6)
 * encodings, compressed in parallel on the libuv thread pool, off the event loop.
 */
export async function readyResponse(json: string): Promise<ReadyResponse> {
  const identity = Buffer.from(json, 'utf8');
  const etag = `W/"${createHash('sha1').update(identity).digest('base64')}"`;
  if (identity.length < COMPRESS_THRESHOLD_BYTES) return { identity, encoded: {}, etag };
  return { identity, encoded: await encodeAll(identity, { brotliQuality: BROTLI_QUALITY }), etag };
}

/**
 * Whether `etag` satisfies an `If-None-Match` header (RFC 9110 §13.1.2): `*`, or a listed tag
 * equal to it under the weak comparison (§8.8.3.2: `W/` prefixes ignored).
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Sends `ready` as the answer: a matching `If-None-Match` gets `304` with no body; otherwise
 * the encoding Accept-Encoding prefers (negotiated by @fastify/accept-negotiator, as
 * @fastify/compress does) or the identity bytes, with `Vary: Accept-Encoding` when the body
 * has encodings. The ETag and Content-Encoding headers are set, so the platform's
 * @fastify/etag and @fastify/compress leave the payload alone.
 */
export function sendReady(
  request: FastifyRequest,
  reply: FastifyReply,
  ready: ReadyResponse,
  cacheControl: string,
): FastifyReply {
  reply.header('etag', ready.etag).header('cache-control', cacheControl);
  const encodings = ready.encoded;
  if (encodings.br) reply.header('vary', 'accept-encoding');
  if (matchesIfNoneMatch(request.headers['if-none-match'], ready.etag)) {
    return reply.code(304).send();
  }
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding = encodings.br ? preferredCoding(request.headers['accept-encoding']) : null;
  const body = encoding ? encodings[encoding] : undefined;
  if (!encoding || !body) return reply.send(ready.identity);
  return reply.header('content-encoding', encoding).send(body);
}

/**
 * An in-process LRU of {@link ReadyResponse}s by key (the request URL), each kept `ttlMs`, at
 * most `maxBytes` of bodies in all. Concurrent misses of one key share a single load
 * (lru-cache `fetch`); a load that throws is not cached.
 */
export function createResponseCache({
  ttlMs,
  maxBytes = 32 * 1024 * 1024,
}: {
  ttlMs: number;
  /** Bytes of bodies (every coding) kept at most; default 32 MiB. */
  maxBytes?: number;
}) {
  const lru = new LRUCache<string, ReadyResponse, () => Promise<ReadyResponse>>({
    ttl: ttlMs,
    ttlAutopurge: false,
    maxSize: maxBytes,
    sizeCalculation: (r) =>
      r.identity.length + Object.values(r.encoded).reduce((n, b) => n + b.length, 0),
    fetchMethod: (_key, _stale, { context }) => context(),
  });
  return {
    /** The ready answer under `key`, if cached and fresh. */
    get: (key: string): ReadyResponse | undefined => lru.get(key),
    /** The answer under `key`: cached, or made by `load` (once for concurrent callers) and kept. */
    async fetch(key: string, load: () => Promise<ReadyResponse>): Promise<ReadyResponse> {
      const ready = await lru.fetch(key, { context: load });
      // fetchMethod always resolves to an answer or throws; undefined is not reachable.
      return ready as ReadyResponse;
    },
    /** Drops every entry. */
    clear: () => lru.clear(),
  };
}
export type ResponseCache = ReturnType<typeof createResponseCache>;
