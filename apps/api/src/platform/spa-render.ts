/**
 * The pages rendered per request (platform/spa.ts): a pro's page (`/pros/<slug>`), the landing
 * pages (`/services/<category>[/<place>]`) and the search (`/search?…`, with its first page of
 * results), rendered by the web build's server bundle from the same use cases as their API
 * routes and kept per path (and query, for the search) until the next catalogue purge.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type Category,
  type PublicPro,
  type SavedAddress,
  type ServicePage,
  type Session,
  type User,
  type VendorSearchPage,
  vendorListQuerySchema,
} from '@vetted/contract';
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
  ): Promise<RenderedParts>;
  /**
   * The `GET /v1/vendors` query a search screen asks first for `search`, around the default of
   * `places` (a signed-in person's saved places; none for a signed-out visitor).
   */
  searchPageQuery(search: string, places?: SavedAddress[] | null): Record<string, unknown>;
  renderSearchPage(
    path: string,
    search: string,
    data: { vendors: VendorSearchPage | null; categories: Category[] },
    origin: string,
    locale?: string,
    viewer?: { session: Session; me: User; places: SavedAddress[] },
  ): Promise<RenderedParts>;
}

/** What the bundle renders: the page-head tags, the root's markup and the hydration data. */
interface RenderedParts {
  head: string;
  markup: string;
  dataScript: string;
}

/** A page rendered per request: the pro page or a landing page, by its path segments; the search. */
export type PublicPageRequest =
  | { kind: 'pro'; slug: string }
  | { kind: 'service'; category: string; place: string | null }
  | { kind: 'search' };

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
  if (pathname === ROUTES.search) return { kind: 'search' };
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
 * The data of a search screen for `search`: the answers for the bundle's first query — around
 * the default of `places` for a signed-in person (`userId`, whose "near me" words the API reads
 * as it would for them) — parsed as the route parses it, from the query string the browser
 * would send (lib/api.ts in the web app: each value as text, empty ones left out).
 */
function searchData(
  servicePages: ServicePageService,
  bundle: ServerEntry,
  search: string,
  viewer?: { userId: string; places: SavedAddress[] },
) {
  const sent = Object.entries(bundle.searchPageQuery(search, viewer?.places))
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => [k, String(v)]);
  const parsed = vendorListQuerySchema.safeParse(Object.fromEntries(sent));
  return servicePages.searchPage(parsed.success ? parsed.data : null, viewer?.userId ?? null);
}

/** Fills the page template with a page's rendered parts. */
function pageHtml(template: string, { head, markup, dataScript }: RenderedParts): string {
  return template
    .replace(PAGE_HEAD, () => head)
    .replace(ROOT, () => `<div id="root">${markup}</div>${dataScript}`);
}

/** Where a signed-in person's search screen reads their account: their API routes' use cases. */
export interface ViewerSources {
  /** `GET /v1/me`. */
  me(userId: string): Promise<User>;
  /** `GET /v1/me/addresses`. */
  places(userId: string): Promise<SavedAddress[]>;
}

/** The signed-in person a page is rendered for: their verified id and their cookie's session. */
export interface PageViewer {
  userId: string;
  session: Session;
}

/**
 * A renderer of the search screens for a signed-in person (`/search`, and the customer's
 * `/user/services`): given the pathname, the query string (no `?`), the locale and the viewer,
 * the page's HTML rendered for them — their layout, their default saved place's results — or
 * null when the build cannot render it or the account's routes refuse them (the caller sends
 * the shell). Never kept: the page is one person's.
 * @throws whatever the use cases or the bundle throw
 */
export function createViewerSearchRenderer(
  options: Pick<PublicPageRendererOptions, 'servicePages' | 'pages' | 'server' | 'publicUrl'> & {
    viewer: ViewerSources;
  },
) {
  const { servicePages, pages, server, publicUrl, viewer: sources } = options;
  return async function renderForViewer(
    pathname: string,
    search: string,
    locale: string | undefined,
    viewer: PageViewer,
  ): Promise<string | null> {
    if (!server || !pages.template || typeof server.renderSearchPage !== 'function') return null;
    let me: User;
    let places: SavedAddress[];
    try {
      [me, places] = await Promise.all([sources.me(viewer.userId), sources.places(viewer.userId)]);
    } catch (error) {
      // An account its API routes would refuse (gone since the token was signed): the shell,
      // whose requests then get those refusals.
      if (error instanceof AppError && error.status < 500) return null;
      throw error;
    }
    const data = await searchData(servicePages, server, search, { userId: viewer.userId, places });
    const parts = await server.renderSearchPage(pathname, search, data, publicUrl, locale, {
      session: viewer.session,
      me,
      places,
    });
    return pageHtml(pages.template, parts);
  };
}

/** Renders a signed-in person's search screen, as {@link createViewerSearchRenderer} makes it. */
export type ViewerSearchRenderer = ReturnType<typeof createViewerSearchRenderer>;

/** A page's rendered parts: its data read from `sources`, then rendered by the bundle. */
async function renderParts(
  {
    pros,
    servicePages,
    publicUrl,
  }: Pick<PublicPageRendererOptions, 'pros' | 'servicePages' | 'publicUrl'>,
  bundle: ServerEntry,
  request: PublicPageRequest,
  { pathname, search, locale }: { pathname: string; search: string; locale: string | undefined },
): Promise<RenderedParts> {
  if (request.kind === 'search') {
    const data = await searchData(servicePages, bundle, search);
    return bundle.renderSearchPage(pathname, search, data, publicUrl, locale);
  }
  const data =
    request.kind === 'pro'
      ? { kind: 'pro' as const, pro: await pros.getPro(request.slug) }
      : {
          kind: 'service' as const,
          page: await servicePages.getPage(request.category, request.place ?? undefined),
          placeSlug: request.place,
        };
  return bundle.renderPublicPage(pathname, data, publicUrl, locale);
}

/**
 * A renderer of the public pages: given a page, its pathname, the visitor's locale and the query
 * string, 200 with the page rendered into the template; 301 to the current slug of a renamed
 * pro; 404 (unknown, unapproved or suspended pro, unknown category or place) or 410 (deleted
 * pro) with the shell, whose page then says so. Without a server bundle (or one that cannot
 * render the search), 200 with the shell. Answers are kept by catalogue generation, locale and
 * path — and query, for the search: the same for every signed-out visitor, like the catalogue
 * answers of `GET /v1/vendors` ({@link RENDERED_PAGES_MAX} at most, for `ttlMs`), so a purge
 * makes every older one unreachable.
 * @throws whatever the use cases or the bundle throw other than an AppError 404 or 410
 */
export function createPublicPageRenderer(options: PublicPageRendererOptions) {
  const { pros, purges, pages, server, ttlMs } = options;
  const rendered =
    ttlMs > 0
      ? new LRUCache<string, { status: number; page: ReadyPage }>({
          max: RENDERED_PAGES_MAX,
          ttl: ttlMs,
        })
      : null;

  /**
   * Renders a page. `search` is the request's query string (no `?`): the search page is
   * rendered with it (and kept per query); the other pages ignore it.
   */
  return async function renderPublic(
    request: PublicPageRequest,
    pathname: string,
    locale: string | undefined,
    search = '',
  ): Promise<PublicPageAnswer> {
    if (!server || !pages.template) return { status: 200, page: pages.shell };
    // Never the build-time `/search`: it was rendered without the query hydration reads.
    if (request.kind === 'search' && typeof server.renderSearchPage !== 'function') {
      return { status: 200, page: pages.shell };
    }
    if (request.kind === 'pro') {
      const current = await pros.movedTo(request.slug);
      if (current !== null) {
        return { status: 301, location: buildLink(ROUTES.pro, { params: { slug: current } }) };
      }
    }
    const url = request.kind === 'search' ? `${pathname}?${search}` : pathname;
    const key = `${purges.generation}:${locale ?? ''}:${url}`;
    const hit = rendered?.get(key);
    if (hit) return hit;
    let answer: { status: number; page: ReadyPage };
    try {
      const parts = await renderParts(options, server, request, { pathname, search, locale });
      answer = { status: 200, page: readyPage(pageHtml(pages.template, parts)) };
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
