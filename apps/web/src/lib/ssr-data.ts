import { unstable_serialize } from 'swr';

/*
 * Data a page was rendered with on the server (the public pro and landing pages, rendered per
 * request by the API: apps/api/src/platform/spa.ts). The HTML carries it in a JSON data block —
 * `<script type="application/json">`, which browsers never run, so the CSP does not apply —
 * and the browser hands it to SWR as `fallback`, so hydration renders the very same markup
 * without fetching first.
 */

/** The `id` of the data block. */
export const SSR_DATA_ID = 'ssr-data';

/** One SWR key (`[endpoint path, query?]`, see lib/keys.ts) and the data it answered. */
export interface SsrEntry {
  key: readonly unknown[];
  data: unknown;
}

/** SWR's `fallback` for `entries`: each key serialised as SWR does it. */
export function fallbackOf(entries: readonly SsrEntry[]): Record<string, unknown> {
  return Object.fromEntries(entries.map((e) => [unstable_serialize(e.key), e.data]));
}

/** What a data block says besides its entries (see {@link ssrDataScript}). */
export interface SsrPageFacts {
  /** The canonical BCP 47 tag (e.g. `de-DE`) the page was formatted in. */
  locale?: string;
  /** The query string (no `?`) a page rendered per request was rendered with. */
  search?: string;
  /**
   * The signed-in session the page was rendered for, by {@link sessionMarkOf}; absent for a page
   * rendered signed out.
   */
  session?: string;
}

/**
 * What names a session in a page rendered for it: its access token's expiry (spec §3
 * `expiresIn`, an ISO timestamp). It changes with every sign-in and every refresh, and tells
 * nothing a page's reader could use (the tokens never go into the HTML).
 */
export function sessionMarkOf(session: { expiresIn: string }): string {
  return session.expiresIn;
}

/**
 * The `<script>` block carrying `entries` for {@link readSsrFallback}: JSON with `<`, `>`, `&`
 * and the line separators escaped, so no text in the data can close the element; `facts` go in
 * data attributes, read back by {@link readSsrLocale}, {@link readSsrSearch} and
 * {@link readSsrSession}.
 */
export function ssrDataScript(entries: readonly SsrEntry[], facts: SsrPageFacts = {}): string {
  const { locale, search, session } = facts;
  const json = JSON.stringify(fallbackOf(entries))
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  // A canonical tag is letters, digits and hyphens only (Intl.getCanonicalLocales): safe here.
  const lang = locale && /^[A-Za-z0-9-]+$/.test(locale) ? ` data-locale="${locale}"` : '';
  // Percent-encoded: no character of them can end the attribute.
  const query = search === undefined ? '' : ` data-search="${encodeURIComponent(search)}"`;
  const viewer = session === undefined ? '' : ` data-session="${encodeURIComponent(session)}"`;
  return `<script type="application/json" id="${SSR_DATA_ID}"${lang}${query}${viewer}>${json}</script>`;
}

/** The fallback the server rendered this page with, or undefined (none, or unreadable). */
export function readSsrFallback(): Record<string, unknown> | undefined {
  const text = document.getElementById(SSR_DATA_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** The locale the server formatted this page in (see {@link ssrDataScript}), or undefined. */
export function readSsrLocale(): string | undefined {
  return document.getElementById(SSR_DATA_ID)?.dataset.locale || undefined;
}

/**
 * The query string (no `?`) the server rendered this page with (see {@link ssrDataScript}), or
 * undefined for a page prerendered at build time (rendered with none).
 */
export function readSsrSearch(): string | undefined {
  const search = document.getElementById(SSR_DATA_ID)?.dataset.search;
  return search === undefined ? undefined : decodeURIComponent(search);
}

/**
 * The mark of the session the server rendered this page for ({@link sessionMarkOf}), or
 * undefined for a page rendered signed out.
 */
export function readSsrSession(): string | undefined {
  const session = document.getElementById(SSR_DATA_ID)?.dataset.session;
  return session === undefined ? undefined : decodeURIComponent(session);
}
