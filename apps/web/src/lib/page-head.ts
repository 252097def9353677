import { ROUTES } from '@vetted/session';
import { pageTitle } from './page-meta';

/*
 * The `<head>` of each page prerendered at build time. Build-time only: imported by
 * entry-server.tsx, never by the browser's entry (the descriptions would only add bytes there).
 */

/**
 * Stands for the API's `PUBLIC_URL` in the built HTML (`%PUBLIC_URL%/about`): the build does not
 * know where the app will be served. index.html uses it in its Open Graph image and JSON-LD; the
 * prerender names it in `dist/prerendered/manifest.json`, and apps/api/src/platform/spa.ts
 * replaces it in every page once at start-up.
 */
export const PUBLIC_URL_PLACEHOLDER = '%PUBLIC_URL%';

/** One page rendered to HTML at build time (apps/web/scripts/prerender.mjs). */
export interface PrerenderedPage {
  /** The path served, without query. */
  path: string;
  /** Where its HTML is written, relative to `dist/prerendered/`. */
  file: string;
  /** `<title>`, `og:title` and `twitter:title` (page-meta.ts, as the client router sets it). */
  title: string;
  /** `<meta name="description">`, `og:description` and `twitter:description`. */
  description: string;
  /** Crawlers may index it (`/search` is only a shell: no canonical page of its own). */
  indexable: boolean;
}

const prerendered = (path: string, description: string, indexable = true): PrerenderedPage => ({
  path,
  file: path === '/' ? 'index.html' : `${path.slice(1)}.html`,
  title: pageTitle(path),
  description,
  indexable,
});

/**
 * The public pages prerendered at build time: spec §2's public routes that have a page of their
 * own (the sitemap's list, apps/api/src/platform/seo.ts), plus the `/search` shell, rendered
 * with an empty query. The home description is index.html's.
 */
export const PRERENDERED_PAGES: readonly PrerenderedPage[] = [
  prerendered(
    ROUTES.home,
    'Vetted is a professional marketplace connecting users with vetted local service providers. Find, book and pay trusted plumbers, electricians, hair stylists and more near you.',
  ),
  prerendered(
    ROUTES.about,
    'Why Vetted exists, how every pro is checked before they can take bookings, and what Vetted offers independent professionals.',
  ),
  prerendered(
    ROUTES.services,
    'Every kind of help you can book on Vetted — plumbing, electrical, cleaning, hair and more — from vetted local pros.',
  ),
  prerendered(
    ROUTES.support,
    'Questions about a booking, a payment or your account? Answers to common questions and how to reach the Vetted support team.',
  ),
  prerendered(
    ROUTES.privacy,
    'What personal data Vetted collects, why, how long it is kept and the choices you have.',
  ),
  prerendered(
    ROUTES.refund,
    'When a Vetted booking is refunded, in full or in part, and how to ask for a refund.',
  ),
  prerendered(
    ROUTES.userAgreement,
    'The terms that apply when you use Vetted to find, book and pay local service providers.',
  ),
  prerendered(ROUTES.login, 'Log in to Vetted to book vetted local pros and manage your orders.'),
  prerendered(
    ROUTES.signup,
    'Create a Vetted account to book vetted local pros — or to offer your services as a pro.',
  ),
  prerendered(
    ROUTES.search,
    'Search vetted local pros on Vetted by service or category, with prices up front.',
    false,
  ),
];

/** Escapes text for a double-quoted HTML attribute value or element content. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');
}

/**
 * The page-specific `<head>` tags of `page`: `<title>`, description, canonical link (or
 * `noindex` when not indexable), Open Graph (`og:title`, `og:description`, `og:url`,
 * `og:image`) and Twitter tags, with absolute URLs on `origin` (no trailing slash; at build
 * time {@link PUBLIC_URL_PLACEHOLDER}). One tag per line, indented for index.html's `<head>`.
 */
export function headTags(page: PrerenderedPage, origin: string): string {
  const { title, description } = page;
  const url = `${origin}${page.path}`;
  const image = `${origin}/og-img.png`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    page.indexable
      ? `<link rel="canonical" href="${escapeHtml(url)}" />`
      : '<meta name="robots" content="noindex" />',
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:url" content="${escapeHtml(url)}" />`,
    `<meta property="og:image" content="${escapeHtml(image)}" />`,
    // The size of og-img.png, which every prerendered page shares.
    '<meta property="og:image:width" content="1200" />',
    '<meta property="og:image:height" content="630" />',
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
    `<meta name="twitter:image" content="${escapeHtml(image)}" />`,
  ];
  return tags.join('\n    ');
}
