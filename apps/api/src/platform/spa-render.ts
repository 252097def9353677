/**
 * The pages rendered per request (platform/spa.ts): a pro's page (`/pros/<slug>`) and the landing
 * pages (`/services/<category>[/<place>]`), rendered by the web build's server bundle from the
 * same use cases as their API routes and kept per path until the next catalogue purge.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicPro, ServicePage } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { LRUCache } from 'lru-cache';
import type { CatalogueCache } from '../domains/catalogue/cache';
import type { PublicProService } from '../domains/catalogue/public-pro';
import type { ServicePageService } from '../domains/catalogue/service-page';
import { AppError } from '../lib/errors';
import { type ReadyPage, readyPage, type SpaPages } from './spa-pages';

/** The block of the template each page fills with its own head tags (as prerender.mjs does). */
const PAGE_HEAD = /<!--\s*page-head:[\s\S]*?-->[\s\S]*?<!--\s*\/page-head\s*-->/;
/** The template's empty root, filled with the rendered markup. */
const ROOT = '<div id="root"></div>';

/** The server bundle of the web build (apps/web/src/entry-server.tsx), relative to `webDist`. */
const SERVER_ENTRY = join('server', 'entry-server.js');

/** The part of the server bundle the API uses (apps/web/src/entry-server.tsx). */
export interface ServerEntry {
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
export type PublicPageRequest =
  | { kind: 'pro'; slug: string }
  | { kind: 'service'; category: string; place: string | null };

/** `/pros/<slug>`, `/services/<category>` and `/services/<category>/<place>` (spec §2). */
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

/**
 * The web build's server bundle under `webDist`, imported once; null when the build has no page
 * template or no bundle (the public pages then get the shell).
 */
export async function loadServerEntry(
  webDist: string,
  pages: SpaPages | null,
): Promise<ServerEntry | null> {
  const file = join(webDist, SERVER_ENTRY);
  return pages?.template && existsSync(file)
    ? ((await import(pathToFileURL(file).href)) as ServerEntry)
    : null;
}

/** How many rendered pages each instance keeps (compressed, ~10–30 KB each). */
const RENDERED_PAGES_MAX = 500;

/** What the public pages are read from: the same use cases as their API routes. */
export interface PublicPageSources {
  pros: PublicProService;
  servicePages: ServicePageService;
  /** Rendered pages are dropped on every catalogue purge, like the catalogue's answers. */
  purges: Pick<CatalogueCache, 'generation'>;
}

/** A rendered page's answer: its status and page, or a permanent redirect's location. */
export interface PublicPageAnswer {
  status: number;
  page?: ReadyPage;
  location?: string;
}

/** Where and how the public pages are rendered (see {@link createPublicPageRenderer}). */
export interface PublicPageRendererOptions extends PublicPageSources {
  pages: SpaPages;
  server: ServerEntry | null;
  /** The origin put in canonical links and JSON-LD, no trailing slash. */
  publicUrl: string;
  /** How long a rendered page is kept, ms (`CATALOGUE_CACHE_TTL_MS`); 0 keeps none. */
  ttlMs: number;
}

/**
 * A renderer of the public pages: given a page, its pathname and the visitor's locale, 200 with
 * the page rendered into the template; 301 to the current slug of a renamed pro; 404 (unknown,
 * unapproved or suspended pro, unknown category or place) or 410 (deleted pro) with the shell,
 * whose page then says so. Without a server bundle, 200 with the shell. Answers are kept by
 * catalogue generation, locale and path ({@link RENDERED_PAGES_MAX} at most, for `ttlMs`), so a
 * purge makes every older one unreachable.
 * @throws whatever the use cases or the bundle throw other than an AppError 404 or 410
 */
export function createPublicPageRenderer(options: PublicPageRendererOptions) {
  const { pros, servicePages, purges, pages, server, publicUrl, ttlMs } = options;
  const rendered =
    ttlMs > 0
      ? new LRUCache<string, { status: number; page: ReadyPage }>({
          max: RENDERED_PAGES_MAX,
          ttl: ttlMs,
        })
      : null;

  /** The page's HTML: its data read, rendered by the bundle, put into the template. */
  async function renderHtml(
    bundle: ServerEntry,
    template: string,
    request: PublicPageRequest,
    pathname: string,
    locale: string | undefined,
  ): Promise<string> {
    const data =
      request.kind === 'pro'
        ? { kind: 'pro' as const, pro: await pros.getPro(request.slug) }
        : {
            kind: 'service' as const,
            page: await servicePages.getPage(request.category, request.place ?? undefined),
            placeSlug: request.place,
          };
    const { head, markup, dataScript } = await bundle.renderPublicPage(
      pathname,
      data,
      publicUrl,
      locale,
    );
    return template
      .replace(PAGE_HEAD, () => head)
      .replace(ROOT, () => `<div id="root">${markup}</div>${dataScript}`);
  }

  return async function renderPublic(
    request: PublicPageRequest,
    pathname: string,
    locale: string | undefined,
  ): Promise<PublicPageAnswer> {
    if (!server || !pages.template) return { status: 200, page: pages.shell };
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
      const html = await renderHtml(server, pages.template, request, pathname, locale);
      answer = { status: 200, page: readyPage(html) };
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 404 && error.status !== 410)) {
        throw error;
      }
      answer = { status: error.status, page: pages.shell };
    }
    rendered?.set(key, answer);
    return answer;
  };
}

/** Renders a public page, as {@link createPublicPageRenderer} makes it. */
export type PublicPageRenderer = ReturnType<typeof createPublicPageRenderer>;
