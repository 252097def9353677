/**
 * The SPA's HTML held in memory (platform/spa.ts): read once from the web build with
 * `PUBLIC_URL` filled in, encoded in every content coding with a strong ETag each, and sent in
 * the coding the request prefers.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type ContentCoding, encodeAllSync, preferredCoding } from '../lib/content-coding';

/**
 * Where the web build writes its prerendered public pages (apps/web/scripts/prerender.mjs),
 * relative to `webDist`, and the manifest listing them.
 */
export const PRERENDERED_DIR = 'prerendered';
const PRERENDERED_MANIFEST = join(PRERENDERED_DIR, 'manifest.json');

/** What `dist/prerendered/manifest.json` holds (written by apps/web/scripts/prerender.mjs). */
interface PrerenderManifest {
  /** The text standing for `PUBLIC_URL` in the built HTML (apps/web/src/lib/page-head.ts). */
  publicUrlPlaceholder: string;
  /** The page template of the pages rendered per request, relative to `prerendered/`. */
  template?: string;
  /** Each prerendered path (no query) and its file, relative to `prerendered/`. */
  pages: Array<{ path: string; file: string }>;
}

/** An HTML document held in memory: its bytes and strong ETag in each content coding. */
export type ReadyPage = Record<ContentCoding | 'identity', { body: Buffer; etag: string }>;

/** The SPA's HTML as {@link readPages} reads it. */
export interface SpaPages {
  /** `index.html`: the page of every path without a page of its own. */
  shell: ReadyPage;
  /** The template of the pages rendered per request, `PUBLIC_URL` filled in; null without one. */
  template: string | null;
  /** The prerendered public pages by path (no query). */
  prerendered: Map<string, ReadyPage>;
}

/**
 * Brotli quality of the HTML made at start. Measured on the 11 built pages (2-core VM): quality 5
 * takes ~10 ms in all and gives 37.9 KB; quality 11 takes ~215 ms for 33.9 KB (the home page:
 * 5.7 vs 5.1 KB) — not worth a fifth of a second on every restart.
 */
const BROTLI_QUALITY = 5;

/**
 * `html` made ready to send: UTF-8 bytes, brotli ({@link BROTLI_QUALITY}, text mode), gzip and
 * deflate (level 9) made once, and a strong ETag per coding — the first 22 base64url characters
 * (132 bits) of the document's SHA-256, plus `-br`/`-gzip`/`-deflate`, since each coding is
 * different bytes (RFC 9110 §8.8.3). About 1 ms per page, paid at start-up.
 */
export function readyPage(html: string): ReadyPage {
  const identity = Buffer.from(html, 'utf8');
  const hash = createHash('sha256').update(identity).digest('base64url').slice(0, 22);
  const encoded = encodeAllSync(identity, {
    brotliQuality: BROTLI_QUALITY,
    level: zlib.Z_BEST_COMPRESSION,
  });
  return {
    br: { body: encoded.br, etag: `"${hash}-br"` },
    gzip: { body: encoded.gzip, etag: `"${hash}-gzip"` },
    deflate: { body: encoded.deflate, etag: `"${hash}-deflate"` },
    identity: { body: identity, etag: `"${hash}"` },
  };
}

/**
 * The SPA's HTML, read once from `webDist` and made ready ({@link readyPage}): the shell
 * (`index.html`) and each prerendered page by path, with the build's `PUBLIC_URL` placeholder
 * replaced by `publicUrl` (no trailing slash) so canonical links, Open Graph URLs and the
 * JSON-LD are absolute. Without a prerender manifest (a build without the prerender step),
 * only the shell, unchanged.
 * @throws Error (from node:fs) when `index.html` or a listed file cannot be read
 */
export function readPages(webDist: string, publicUrl: string): SpaPages {
  const manifestFile = join(webDist, PRERENDERED_MANIFEST);
  const manifest: PrerenderManifest | null = existsSync(manifestFile)
    ? JSON.parse(readFileSync(manifestFile, 'utf8'))
    : null;
  const withUrls = (html: string) =>
    manifest ? html.replaceAll(manifest.publicUrlPlaceholder, publicUrl) : html;
  const read = (file: string) => readyPage(withUrls(readFileSync(join(webDist, file), 'utf8')));
  return {
    shell: read('index.html'),
    template: manifest?.template
      ? withUrls(readFileSync(join(webDist, PRERENDERED_DIR, manifest.template), 'utf8'))
      : null,
    prerendered: new Map(
      (manifest?.pages ?? []).map(({ path, file }) => [path, read(join(PRERENDERED_DIR, file))]),
    ),
  };
}

/**
 * Sends `page` in the coding the request prefers (Accept-Encoding, negotiated by
 * @fastify/accept-negotiator as @fastify/compress does; identity when it accepts none), never
 * cached without revalidation, varying by cookie (signed in or not) and coding. The body already
 * carries its Content-Encoding, so @fastify/compress leaves it alone; the ETag is already set,
 * so the platform's @fastify/etag keeps it and answers a matching If-None-Match with 304.
 */
export function sendPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: ReadyPage,
  vary = 'Cookie, Accept-Encoding',
) {
  const encoding = preferredCoding(request.headers['accept-encoding']);
  const { body, etag } = page[encoding ?? 'identity'];
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-cache')
    .header('vary', vary)
    .header('etag', etag);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(body);
}
