import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { parseSessionCookie, resolveAccess } from '@vetted/session';

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
 * Serves the built SPA from `config.webDist` (when it exists) and is the app's not-found handler:
 *
 * - files: `/assets/*` cached for a year (hashed names), everything else revalidated;
 *   precompressed `.br`/`.gz` siblings are used when present, else @fastify/compress compresses.
 * - `/v1/*`, `/media/*`, `/metrics`, non-GET requests and missing files: JSON 404 in the
 *   response wrapper (spec §3).
 * - any other GET: the spec §2 access rules first (`resolveAccess` from @vetted/session, the
 *   same function the client router uses, with the role of the `user_session` cookie) — a
 *   protected path without a session is `303 See Other` to `/` — then `index.html`, never cached.
 */
export default fp(
  async (app: FastifyInstance) => {
    const root = app.config.webDist;
    const built = existsSync(join(root, 'index.html')) && statSync(root).isDirectory();

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

    /** A client-side route: the access rules, then index.html (or the "not built" page). */
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
      // The answer depends on the cookie; don't let a shared cache serve it across sessions.
      reply.header('vary', 'Cookie');
      if (!built) {
        return reply
          .code(200)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(NOT_BUILT_HTML);
      }
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }

    // `/` is a directory for @fastify/static (403 without `index`), so it gets its own route.
    app.get('/', { schema: { hide: true } }, serveApp);

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
