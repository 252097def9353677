import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlib } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pathToFileURL } from 'node:url';
import type { PublicPro, ServicePage } from '@vetted/contract';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { buildLink, parseSessionCookie, ROUTES, resolveAccess } from '@vetted/session';
import type { CatalogueCache } from '../domains/catalogue/cache';
import type { PublicProService } from '../domains/catalogue/public-pro';
import type { ServicePageService } from '../domains/catalogue/service-page';
import { AppError } from '../lib/errors';
import { type ContentCoding, encodeAllSync, preferredCoding } from '../lib/content-coding';
import { visitorLocale } from './visitor-locale';

/** Paths that are never the SPA: the API, uploaded media and metrics answer JSON 404s. */
const NOT_SPA = /^\/(v1|media|metrics)(\/|$)/;
/** The last path segment has an extension: a file request, not a client-side route. */
const LOOKS_LIKE_FILE = /\/[^/]+\.[A-Za-z0-9]+$/;

/**
 * Where the web build writes its prerendered public pages (apps/web/scripts/prerender.mjs),
 * relative to `webDist`, and the manifest listing them.
 */
const PRERENDERED_DIR = 'prerendered';
const PRERENDERED_MANIFEST = join(PRERENDERED_DIR, 'manifest.json');

/** The block of the template each page fills with its own head tags (as prerender.mjs does). */
const PAGE_HEAD = /<!--\s*page-head:[\s\S]*?-->[\s\S]*?<!--\s*\/page-head\s*-->/;
/** The template's empty root, filled with the rendered markup. */
const ROOT = '<div id="root"></div>';

/** The server bundle of the web build (apps/web/src/entry-server.tsx), relative to `webDist`. */
const SERVER_ENTRY = join('server', 'entry-server.js');

/** What `dist/prerendered/manifest.json` holds (written by apps/web/scripts/prerender.mjs). */
interface PrerenderManifest {
  /** The text standing for `PUBLIC_URL` in the built HTML (apps/web/src/lib/page-head.ts). */
  publicUrlPlaceholder: string;
  /** The page template of the pages rendered per request, relative to `prerendered/`. */
  template?: string;
  /** Each prerendered path (no query) and its file, relative to `prerendered/`. */
  pages: Array<{ path: string; file: string }>;
}

const NOT_BUILT_HTML = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Vetted — web app not built</title></head>
  <body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1a1f2e">
    <h1 style="color:#135FE1">Vetted API is running</h1>
    <p>The web app is not built yet, so there is nothing to show here.</p>
    <p>Run <code>pnpm build</code> (or <code>pnpm start</code>, which builds first) at the repository root, then reload.</p>
    <p>The API itself answers under <a href="/v1/openapi.json"><code>/v1</code></a>.</p>
  </body>
</html>
`;

/** An HTML document held in memory: its bytes and strong ETag in each content coding. */
type ReadyPage = Record<ContentCoding | 'identity', { body: Buffer; etag: string }>;

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
function readyPage(html: string): ReadyPage {
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
 */
function readPages(webDist: string, publicUrl: string) {
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
function sendPage(
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

function pathnameOf(url: string): string {
  const q = url.search(/[?#]/);
  return q === -1 ? url : url.slice(0, q);
}

function jsonNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.code(404).send({
    ok: false,
    error: {
      message: `Route ${request.method} ${pathnameOf(request.url)} not found`,
      code: 'not_found',
    },
  });
}

/** The part of the server bundle the API uses (apps/web/src/entry-server.tsx). */
interface ServerEntry {
  renderPublicPage(
    path: string,
    data:
      | { kind: 'pro'; pro: PublicPro }
      | { kind: 'service'; page: ServicePage; placeSlug: string | null },
    origin: string,
    locale?: string,
  ): Promise<{ head: string; markup: string; dataScript: string }>;
}

/** A page rendered per request: the pro page or a landing page, by its path segments. */
type PublicPageRequest =
  | { kind: 'pro'; slug: string }
  | { kind: 'service'; category: string; place: string | null };

/** `/pros/<slug>`, `/services/<category>` and `/services/<category>/<place>` (spec §2 + issue). */
const PRO_PAGE = /^\/pros\/([^/]+)\/?$/;
const SERVICE_PAGE = /^\/services\/([^/]+)(?:\/([^/]+))?\/?$/;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The page rendered per request that `pathname` names, or null. */
export function publicPageOf(pathname: string): PublicPageRequest | null {
  const pro = PRO_PAGE.exec(pathname);
  if (pro) {
    const slug = decoded(pro[1]!);
    return slug ? { kind: 'pro', slug } : null;
  }
  const service = SERVICE_PAGE.exec(pathname);
  if (service) {
    const category = decoded(service[1]!);
    const place = service[2] === undefined ? null : decoded(service[2]);
    if (!category || place === '') return null;
    return { kind: 'service', category, place };
  }
  return null;
}

/** How many rendered pages each instance keeps (compressed, ~10–30 KB each). */
const RENDERED_PAGES_MAX = 500;

/** What the public pages are read from: the same use cases as their API routes. */
export interface SpaOptions {
  pros: PublicProService;
  servicePages: ServicePageService;
  /** Rendered pages are dropped on every catalogue purge, like the catalogue's answers. */
  purges: Pick<CatalogueCache, 'generation'>;
}

/**
 * Serves the built SPA from `config.webDist` (when it exists) and is the app's not-found handler:
 *
 * - files: `/assets/*` cached for a year (hashed names), everything else revalidated;
 *   precompressed `.br`/`.gz` siblings are used when present, else @fastify/compress compresses.
 *   `index.html` and `prerendered/` are not served as files (their `PUBLIC_URL` placeholder is
 *   not filled in there).
 * - `/v1/*`, `/media/*`, `/metrics`, non-GET requests and missing files: JSON 404 in the
 *   response wrapper (spec §3).
 * - any other GET: the spec §2 access rules first (`resolveAccess` from @vetted/session, the
 *   same function the client router uses, with the role of the `user_session` cookie) — a
 *   protected path without a session is `303 See Other` to `/` — then HTML, revalidated on every
 *   use (`no-cache`, strong ETag, 304): without a session cookie, a public page's prerendered
 *   HTML (`/`, `/about`, …, `/auth/signup`, and the `/search` shell), which the
 *   browser hydrates; otherwise (signed in, or any other path) the plain shell `index.html`, so
 *   a signed-in header never has to replace a signed-out one. `/index.html` is the shell too.
 * - without a session, a pro's page (`/pros/<slug>`) and the landing pages
 *   (`/services/<category>[/<place>]`) are rendered per request by the web build's server
 *   bundle (`dist/server/entry-server.js`, `renderPublicPage`) from the same use cases as their
 *   API routes, into `dist/prerendered/template.html`: head tags and JSON-LD, the page's markup
 *   and its data for hydration. Kept per path (encoded, {@link RENDERED_PAGES_MAX} at most) for
 *   `CATALOGUE_CACHE_TTL_MS` and dropped by every catalogue purge, like catalogue answers. An
 *   old slug answers 301 to the current one; an unknown, unapproved or suspended pro, category
 *   or place 404 and a deleted pro 410, with the shell (whose page says so).
 *
 * The HTML is read once at start, `PUBLIC_URL` (`config.publicUrl`) filled in, and kept in
 * memory with its brotli, gzip and deflate encodings; rebuilding the web app needs a restart.
 */
export default fp(
  async (app: FastifyInstance, { pros, servicePages, purges }: SpaOptions) => {
    const root = app.config.webDist;
    const built = existsSync(join(root, 'index.html')) && statSync(root).isDirectory();
    // Normalised by URL (percent-encoded, no quotes or spaces): safe in attributes and JSON-LD.
    const publicUrl = new URL(app.config.publicUrl).href.replace(/\/+$/, '');
    const pages = built ? readPages(root, publicUrl) : null;
    const serverEntryFile = join(root, SERVER_ENTRY);
    const server: ServerEntry | null =
      pages?.template && existsSync(serverEntryFile)
        ? ((await import(pathToFileURL(serverEntryFile).href)) as ServerEntry)
        : null;
    // Rendered pages by catalogue generation and path; a purge makes every older one unreachable.
    const ttl = app.config.catalogueCacheTtlMs;
    const rendered =
      ttl > 0
        ? new LRUCache<string, { status: number; page: ReadyPage }>({
            max: RENDERED_PAGES_MAX,
            ttl,
          })
        : null;

    /**
     * The pro or landing page at `pathname`, rendered with its data: 200 with the page; 301 to
     * the current slug of a renamed pro; 404 (unknown, unapproved or suspended pro, unknown
     * category or place) or 410 (deleted pro) with the shell, whose page then says so.
     */
    async function renderPublic(
      request: PublicPageRequest,
      pathname: string,
      locale: string | undefined,
    ): Promise<{ status: number; page?: ReadyPage; location?: string }> {
      if (!server || !pages?.template) return { status: 200, page: pages!.shell };
      if (request.kind === 'pro') {
        const current = await pros.movedTo(request.slug);
        if (current !== null) {
          return { status: 301, location: buildLink(ROUTES.pro, { params: { slug: current } }) };
        }
      }
      const key = `${purges.generation}:${locale ?? ''}:${pathname}`;
      const hit = rendered?.get(key);
      if (hit) return hit;
      let answer: { status: number; page: ReadyPage };
      try {
        const data =
          request.kind === 'pro'
            ? { kind: 'pro' as const, pro: await pros.getPro(request.slug) }
            : {
                kind: 'service' as const,
                page: await servicePages.getPage(request.category, request.place ?? undefined),
                placeSlug: request.place,
              };
        const { head, markup, dataScript } = await server.renderPublicPage(
          pathname,
          data,
          publicUrl,
          locale,
        );
        const html = pages.template
          .replace(PAGE_HEAD, () => head)
          .replace(ROOT, () => `<div id="root">${markup}</div>${dataScript}`);
        answer = { status: 200, page: readyPage(html) };
      } catch (error) {
        if (!(error instanceof AppError) || (error.status !== 404 && error.status !== 410)) {
          throw error;
        }
        answer = { status: error.status, page: pages.shell };
      }
      rendered?.set(key, answer);
      return answer;
    }

    if (built) {
      await app.register(fastifyStatic, {
        root,
        prefix: '/',
        index: false,
        wildcard: true,
        preCompressed: true,
        cacheControl: false,
        etag: true,
        lastModified: true,
        // The HTML is served from memory (with PUBLIC_URL filled in), never the raw files.
        allowedPath: (pathname) =>
          !pathname.startsWith(`/${PRERENDERED_DIR}/`) &&
          !pathname.startsWith('/server/') &&
          !/^\/index\.html(\.|$)/.test(pathname),
        setHeaders(res, filePath) {
          // `res` is the FastifyReply of the file being sent.
          if (/[\\/]assets[\\/]/.test(filePath.slice(root.length))) {
            res.header('cache-control', 'public, max-age=31536000, immutable');
          } else {
            res.header('cache-control', 'no-cache');
          }
        },
      });
    }

    /** A client-side route: the access rules, then the page's HTML (or the "not built" page). */
    async function serveApp(request: FastifyRequest, reply: FastifyReply) {
      const pathname = pathnameOf(request.url);
      // Server side of spec §2: only the "no session → 303 /" rule must hold here; role
      // redirects (customer on /vendor, …) are answered with 302 and repeated by the client router.
      const session = parseSessionCookie(request.headers.cookie);
      const decision = resolveAccess(pathname, session?.role ?? null);
      if (decision.type === 'redirect') {
        return reply
          .code(decision.status ?? 302)
          .header('location', decision.to)
          .header('cache-control', 'no-store')
          .send();
      }
      if (!pages) {
        // The answer depends on the cookie; don't let a shared cache serve it across sessions.
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .header('vary', 'Cookie')
          .send(NOT_BUILT_HTML);
      }
      const publicPage = session ? null : publicPageOf(pathname);
      if (publicPage) {
        const locale = visitorLocale(request.headers['accept-language']);
        const answer = await renderPublic(publicPage, pathname, locale);
        if (answer.location) {
          return reply
            .code(301)
            .header('location', answer.location)
            .header('cache-control', 'no-cache')
            .send();
        }
        reply.code(answer.status);
        return sendPage(request, reply, answer.page!, 'Cookie, Accept-Encoding, Accept-Language');
      }
      const prerendered = session ? undefined : pages.prerendered.get(pathname);
      return sendPage(request, reply, prerendered ?? pages.shell);
    }

    // `/` is a directory for @fastify/static (403 without `index`), so it gets its own route.
    app.get('/', { schema: { hide: true } }, serveApp);
    // The outdated-build check of the web app reads it (apps/web/src/lib/build-check.ts).
    if (pages) {
      app.get('/index.html', { schema: { hide: true } }, (request, reply) =>
        sendPage(request, reply, pages.shell),
      );
    }

    app.setNotFoundHandler(async (request, reply) => {
      const pathname = pathnameOf(request.url);
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (!isRead || NOT_SPA.test(pathname) || LOOKS_LIKE_FILE.test(pathname)) {
        return jsonNotFound(request, reply);
      }
      return serveApp(request, reply);
    });
  },
  { name: 'spa' },
);
