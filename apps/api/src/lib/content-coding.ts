/**
 * HTTP content codings (RFC 9110 §8.4) for bodies the API encodes itself rather than through
 * @fastify/compress: the prerendered pages (platform/spa.ts), the cached public reads
 * (lib/response-cache.ts) and one-shot JSON compression (platform/compression.ts). One place for
 * the codings offered, their zlib settings and the Accept-Encoding negotiation.
 */
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  deflate,
  deflateSync,
  gzip,
  gzipSync,
  constants as zlib,
} from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';

/**
 * The codings offered, best first (the order breaks Accept-Encoding ties): those
 * @fastify/compress offers, so it never has to encode one of our bodies itself.
 */
export const CONTENT_CODINGS = ['br', 'gzip', 'deflate'] as const;
export type ContentCoding = (typeof CONTENT_CODINGS)[number];

/** What the negotiation may pick: an offered coding or the bytes as they are. */
const NEGOTIABLE = [...CONTENT_CODINGS, 'identity'];

/** zlib settings of an encoding. */
export interface EncodeOptions {
  /** Brotli quality 0–11 (text mode, size hinted). */
  brotliQuality: number;
  /**
   * gzip/deflate level 0–9.
   * @defaultValue zlib's default (6)
   */
  level?: number;
}

function brotliOptions(body: Buffer, { brotliQuality }: EncodeOptions) {
  return {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: brotliQuality,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  };
}

const zlibOptions = ({ level }: EncodeOptions) => (level === undefined ? {} : { level });

/** `body` in `coding`, compressed synchronously on the calling thread. */
export function encodeSync(body: Buffer, coding: ContentCoding, options: EncodeOptions): Buffer {
  switch (coding) {
    case 'br':
      return brotliCompressSync(body, brotliOptions(body, options));
    case 'gzip':
      return gzipSync(body, zlibOptions(options));
    case 'deflate':
      return deflateSync(body, zlibOptions(options));
  }
}

/** `body` in every coding of {@link CONTENT_CODINGS}, compressed synchronously. */
export function encodeAllSync(body: Buffer, options: EncodeOptions): Record<ContentCoding, Buffer> {
  return {
    br: encodeSync(body, 'br', options),
    gzip: encodeSync(body, 'gzip', options),
    deflate: encodeSync(body, 'deflate', options),
  };
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

/**
 * `body` in every coding of {@link CONTENT_CODINGS}, compressed in parallel on the libuv thread
 * pool, off the event loop.
 */
export async function encodeAll(
  body: Buffer,
  options: EncodeOptions,
): Promise<Record<ContentCoding, Buffer>> {
  const [br, gz, deflated] = await Promise.all([
    brotliAsync(body, brotliOptions(body, options)),
    gzipAsync(body, zlibOptions(options)),
    deflateAsync(body, zlibOptions(options)),
  ]);
  return { br, gzip: gz, deflate: deflated };
}

/**
 * The coding an `Accept-Encoding` header prefers among {@link CONTENT_CODINGS} (negotiated by
 * @fastify/accept-negotiator, as @fastify/compress does), or null for the identity bytes: no
 * header, identity preferred, or nothing acceptable offered.
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return null;
  const coding = negotiate(acceptEncoding, NEGOTIABLE) as ContentCoding | 'identity' | null;
  return coding && coding !== 'identity' ? coding : null;
}
