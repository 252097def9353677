import type {
  Category,
  PublicPro,
  SavedAddress,
  ServicePage,
  Session,
  User,
  VendorSearchPage,
} from '@vetted/contract';
import { ROUTES } from '@vetted/session';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { App } from './app/app';
import { firstPageQueryOf, vendorsKey } from './features/search';
import { endpointKey } from './lib/keys';
import { headTags, PRERENDERED_PAGES } from './lib/page-head';
import { publicProKey, servicePageKey } from './lib/public-page-keys';
import {
  type PageHead,
  proPageHead,
  renderHeadTags,
  servicePageHead,
} from './lib/public-page-head';
import { pageTitle } from './lib/page-meta';
import { fallbackOf, type SsrEntry, sessionMarkOf, ssrDataScript } from './lib/ssr-data';

/*
 * The server entry: `vite build --ssr` bundles it to dist-ssr/entry-server.js, which
 * apps/web/scripts/prerender.mjs imports at build time and the API imports at start
 * (apps/api/src/platform/spa.ts). It renders the very components the browser does (App:
 * AppProviders, the layouts, ROUTE_TABLE's pages), signed out — or, for the search screens, for
 * a signed-in session the API verified. At build time without data — pages show their loading
 * skeletons where SWR data would go; per request (the pro and landing pages, the search screens)
 * with the page's data as SWR fallback, which the HTML carries along for hydration.
 */

export { headTags, PRERENDERED_PAGES, PUBLIC_URL_PLACEHOLDER } from './lib/page-head';
export type { PrerenderedPage } from './lib/page-head';

/**
 * The HTML inside `<div id="root">` for `path` (a pathname, no query) and `search` (its query
 * string without `?`; empty by default, as main.tsx hydrates the prerendered pages — a search
 * screen is rendered and hydrated with its real query), signed out or, with `session`, for
 * that signed-in session (verified by the caller). Waits for every `React.lazy` page and layout
 * to load (`react-dom/static`'s `prerender`), so the markup is complete, with no fallback left.
 *
 * @throws when a component throws while rendering (the build fails rather than ship a broken page).
 */
export async function render(
  path: string,
  fallback?: Record<string, unknown>,
  locale?: string,
  search = '',
  session?: Session,
): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <App
        ssrPath={path}
        ssrSearch={search}
        hydrating
        fallback={fallback}
        locale={locale}
        session={session}
      />
    </StrictMode>,
    {
      // Inline every boundary: a large one would otherwise be outlined behind its fallback and
      // revealed by an inline script — which neither a page without JavaScript nor the CSP runs.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError: (error) => void errors.push(error),
    },
  );
  const html = await new Response(prelude).text();
  if (errors.length > 0) {
    throw new AggregateError(errors, `prerendering ${path} failed: ${String(errors[0])}`);
  }
  return html;
}

/** A page the API renders per request, with the data it answered for it. */
export type PublicPageData =
  | { kind: 'pro'; pro: PublicPro }
  | { kind: 'service'; page: ServicePage; placeSlug: string | null };

/** What {@link renderPublicPage} makes: the parts the API puts into index.html. */
export interface RenderedPublicPage {
  /** The page-head tags (title, description, canonical, Open Graph, JSON-LD). */
  head: string;
  /** The HTML inside `<div id="root">`. */
  markup: string;
  /** The `<script type="application/json">` data block hydration reads (lib/ssr-data.ts). */
  dataScript: string;
  /** What the head says, for the API's own checks and logs. */
  meta: PageHead;
}

/**
 * Renders the public pro page or a landing page at `path` with its data (the bodies of
 * `GET /v1/pros/{slug}` or `GET /v1/service-pages/{category}`), as SWR fallback under the keys
 * the pages' hooks read, so the markup is the loaded page, not its skeleton. URLs in the head
 * are absolute on `origin` (`PUBLIC_URL`, no trailing slash). Numbers, money and dates are
 * formatted in `locale` (the visitor's, from `Accept-Language`), which the data block passes on
 * to hydration; undefined = the server runtime's.
 * @throws when a component throws while rendering
 */
export async function renderPublicPage(
  path: string,
  data: PublicPageData,
  origin: string,
  locale?: string,
): Promise<RenderedPublicPage> {
  const entries: SsrEntry[] =
    data.kind === 'pro'
      ? [{ key: publicProKey(data.pro.slug), data: data.pro }]
      : [
          {
            key: servicePageKey(data.page.category.slug, data.placeSlug ?? undefined),
            data: data.page,
          },
        ];
  const meta =
    data.kind === 'pro' ? proPageHead(data.pro, origin) : servicePageHead(data.page, origin);
  const markup = await render(path, fallbackOf(entries), locale);
  return {
    head: renderHeadTags(meta, origin),
    markup,
    dataScript: ssrDataScript(entries, { locale }),
    meta,
  };
}

/** The default saved place among `places` (`GET /v1/me/addresses`), or null. */
function defaultPlaceOf(places: readonly SavedAddress[] | null | undefined) {
  return places?.find((p) => p.isDefault) ?? null;
}

/**
 * The `GET /v1/vendors` query a search screen asks first for `search` (the query string, with or
 * without `?`): around the default of `places` — a signed-in person's saved places — else
 * without a place (a signed-out visitor, or an account with none saved). What the API answers
 * before {@link renderSearchPage}. One definition with the page's own
 * (features/search/search-params.ts `firstPageQueryOf`).
 */
export function searchPageQuery(
  search: string,
  places?: readonly SavedAddress[] | null,
): Record<string, unknown> {
  return firstPageQueryOf(search, defaultPlaceOf(places)) as Record<string, unknown>;
}

/** What a search screen is rendered with: the API's answers for the person who asked. */
export interface SearchPageData {
  /** `GET /v1/vendors` for {@link searchPageQuery}; null when the API refused that query. */
  vendors: VendorSearchPage | null;
  /** `GET /v1/categories`: the filter's choices and category names. */
  categories: Category[];
}

/**
 * The signed-in person a search screen is rendered for: the session of their `user_session`
 * cookie (verified by the API), `GET /v1/me` and `GET /v1/me/addresses`.
 */
export interface SearchPageViewer {
  session: Session;
  me: User;
  places: SavedAddress[];
}

/**
 * Renders a search screen — `/search` (`path`, the search route; signed out or in) or the
 * signed-in customer's `/user/services` — for the query string `search` (no `?`) with its first
 * page of results and the categories, as SWR fallback under the keys the page's hooks read
 * (`vendorsKey(searchPageQuery(search, places))`, `['/categories']`; and for a `viewer`,
 * `['/me']` and `['/me/addresses']`), so the markup is the loaded page in the person's layout
 * and hydration asks for neither first. The data block names the viewer's session
 * (lib/ssr-data.ts `sessionMarkOf`): the browser hydrates only for that session. The head is the
 * prerendered `/search` one (not indexed), with the screen's title. Without `vendors` the
 * results render as loading and the browser asks for them (and shows the API's refusal).
 * `origin` and `locale` as in {@link renderPublicPage}.
 * @throws when a component throws while rendering
 */
export async function renderSearchPage(
  path: string,
  search: string,
  data: SearchPageData,
  origin: string,
  locale?: string,
  viewer?: SearchPageViewer,
): Promise<Omit<RenderedPublicPage, 'meta'>> {
  const query = search.replace(/^\?/, '');
  const vendorsQuery = firstPageQueryOf(query, defaultPlaceOf(viewer?.places));
  const entries: SsrEntry[] = [
    { key: endpointKey('listCategories'), data: data.categories },
    ...(data.vendors ? [{ key: vendorsKey(vendorsQuery), data: data.vendors }] : []),
    ...(viewer
      ? [
          { key: endpointKey('getMe'), data: viewer.me },
          { key: endpointKey('listAddresses'), data: viewer.places },
        ]
      : []),
  ];
  const searchHead = PRERENDERED_PAGES.find((p) => p.path === ROUTES.search);
  if (!searchHead) throw new Error(`${ROUTES.search} has no head in PRERENDERED_PAGES`);
  const head = { ...searchHead, path, title: pageTitle(path) };
  const markup = await render(path, fallbackOf(entries), locale, query, viewer?.session);
  return {
    head: headTags(head, origin),
    markup,
    dataScript: ssrDataScript(entries, {
      locale,
      search: query,
      session: viewer ? sessionMarkOf(viewer.session) : undefined,
    }),
  };
}
