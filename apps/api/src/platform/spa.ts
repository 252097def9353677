import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Session } from '@vetted/contract';
import { parseSessionCookie, ROUTES, resolveAccess } from '@vetted/session';
import { AppError } from '../lib/errors';
import { PRERENDERED_DIR, readPages, type SpaPages, sendPage } from './spa-pages';
import {
  createPublicPageRenderer,
  createViewerSearchRenderer,
  loadServerEntry,
  type PageViewer,
  type PublicPageRenderer,
  type PublicPageSources,
  publicPageOf,
  type ViewerSearchRenderer,
  type ViewerSources,
} from './spa-render';
import type { AuthService } from './types';
import { visitorLocale } from './visitor-locale';

/** Paths that are never the SPA: the API, uploaded media and metrics answer JSON 404s. */
const NOT_SPA = /^\/(v1|media|metrics)(\/|$)/;
/** The last path segment has an extension: a file request, not a client-side route. */
const LOOKS_LIKE_FILE = /\/[^/]+\.[A-Za-z0-9]+$/;

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

function pathnameOf(url: string): string {
  const q = url.search(/[?#]/);
  return q === -1 ? url : url.slice(0, q);
}

/** The query string of `url`, without `?` and without a fragment; '' when none. */
function searchOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? '' : url.slice(q + 1).split('#')[0]!;
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

/**
 * What the rendered pages are read from: the same use cases as their API routes — the public
 * pages', and the signed-in person's account for their search screens.
 */
export type SpaOptions = PublicPageSources & { viewer: ViewerSources };

/** The search screens rendered for a signed-in person too (spec §2: `/search`, `/user/services`). */
const VIEWER_SEARCH_PATHS: ReadonlySet<string> = new Set([ROUTES.search, ROUTES.user.services]);

/**
 * Serves the files of the web build under `root`: `/assets/*` cached for a year (hashed names),
 * everything else revalidated; precompressed `.br`/`.gz` siblings when present. The HTML
 * (`index.html`, `prerendered/`) and the server bundle are never served as files.
 */
async function registerFiles(app: FastifyInstance, root: string): Promise<void> {
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

/**
 * The built web app as the SPA serves it: its HTML, the renderer of its public pages and that of
 * a signed-in person's search screens, and how a session's access token is verified.
 */
interface BuiltSite {
  pages: SpaPages;
  renderPublic: PublicPageRenderer;
  renderForViewer: ViewerSearchRenderer;
  verifyAccessToken: AuthService['verifyAccessToken'];
}

/**
 * The signed-in person of `session` (the `user_session` cookie's): its access token verified as
 * every API route verifies it (signature, expiry, session not revoked) and naming the cookie's
 * role; null otherwise — the browser then refreshes or signs in again, from the shell.
 */
async function viewerOf(
  session: Session,
  verify: AuthService['verifyAccessToken'],
): Promise<PageViewer | null> {
  try {
    const access = await verify(session.accessToken);
    return access.role === session.role ? { userId: access.id, session } : null;
  } catch (error) {
    if (error instanceof AppError && error.status === 401) return null;
    throw error;
  }
}

/**
 * The handler of a client-side route: the access rules, then the page's HTML — a public page
 * rendered per request, a prerendered page, or the shell — or the "not built" page when `site`
 * is null.
 */
function appHandler(site: BuiltSite | null) {
  return async function serveApp(request: FastifyRequest, reply: FastifyReply) {
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
    if (!site) {
      // The answer depends on the cookie; don't let a shared cache serve it across sessions.
      return reply
        .code(200)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('vary', 'Cookie')
        .send(NOT_BUILT_HTML);
    }
    const { pages, renderPublic } = site;
    if (session && VIEWER_SEARCH_PATHS.has(pathname)) {
      const viewer = await viewerOf(session, site.verifyAccessToken);
      const locale = visitorLocale(request.headers['accept-language']);
      const html =
        viewer && (await site.renderForViewer(pathname, searchOf(request.url), locale, viewer));
      if (html) {
        // One person's page: no shared cache may keep it; the browser revalidates every use.
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'private, no-cache')
          .header('vary', 'Cookie, Accept-Encoding, Accept-Language')
          .send(html);
      }
    }
    const publicPage = session ? null : publicPageOf(pathname);
    if (publicPage) {
      const locale = visitorLocale(request.headers['accept-language']);
      const answer = await renderPublic(publicPage, pathname, locale, searchOf(request.url));
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
  };
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
 *   HTML (`/`, `/about`, …, `/auth/signup`), which the browser hydrates; otherwise (signed
 *   in, or any other path) the plain shell `index.html`, so a signed-in header never has to
 *   replace a signed-out one. `/index.html` is the shell too.
 * - without a session, a pro's page (`/pros/<slug>`), the landing pages
 *   (`/services/<category>[/<place>]`) and the search (`/search?…`, with its first page of
 *   results for that query) are rendered per request by the web build's server bundle
 *   (`dist/server/entry-server.js`, `renderPublicPage`, `renderSearchPage`) from the same use
 *   cases as their API routes, into `dist/prerendered/template.html`: head tags and JSON-LD,
 *   the page's markup and its data for hydration (spa-render.ts). Kept per path — and query,
 *   for the search — (encoded, `RENDERED_PAGES_MAX` at most) for `CATALOGUE_CACHE_TTL_MS` and
 *   dropped by every catalogue purge, like catalogue answers; still sent `no-cache` with a
 *   strong ETag, so a browser revalidates every use (a 304 while the page is unchanged). An old
 *   slug answers 301 to the current one; an unknown, unapproved or suspended
 *   pro, category or place 404 and a deleted pro 410, with the shell (whose page says so).
 * - with a session, the search screens (`/search`, and a customer's `/user/services`) are
 *   rendered per request for that person by the same bundle (`renderSearchPage` with a viewer):
 *   their layout, the first page of results around their default saved place, their account
 *   (`/v1/me`, `/v1/me/addresses`) as hydration data. Only once the cookie's access token
 *   verifies as on every API route (signature, expiry, session not revoked, same role);
 *   otherwise the shell. Never kept, sent `private, no-cache`.
 *
 * The HTML is read once at start, `PUBLIC_URL` (`config.publicUrl`) filled in, and kept in
 * memory with its brotli, gzip and deflate encodings (spa-pages.ts); rebuilding the web app
 * needs a restart.
 */
export default fp(
  async (app: FastifyInstance, sources: SpaOptions) => {
    const root = app.config.webDist;
    const built = existsSync(join(root, 'index.html')) && statSync(root).isDirectory();
    // Normalised by URL (percent-encoded, no quotes or spaces): safe in attributes and JSON-LD.
    const publicUrl = new URL(app.config.publicUrl).href.replace(/\/+$/, '');
    const pages = built ? readPages(root, publicUrl) : null;
    const server = await loadServerEntry(root, pages);
    const serveApp = appHandler(
      pages && {
        pages,
        renderPublic: createPublicPageRenderer({
          ...sources,
          pages,
          server,
          publicUrl,
          ttlMs: app.config.catalogueCacheTtlMs,
        }),
        renderForViewer: createViewerSearchRenderer({ ...sources, pages, server, publicUrl }),
        verifyAccessToken: (token) => app.auth.verifyAccessToken(token),
      },
    );
    if (built) await registerFiles(app, root);

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
