import type { Role } from '@vetted/contract';

/**
 * Every app path of spec §2, `:id` being the vendor id. Includes the vendor category, services
 * and service-detail paths the spec names without a page, and `/admin`, our admin area
 * (the spec defines the role but no routes).
 */
export const ROUTES = {
  home: '/',
  about: '/about',
  services: '/services',
  support: '/support',
  privacy: '/privacy',
  refund: '/refund',
  userAgreement: '/user-agreement',
  login: '/auth/login',
  signup: '/auth/signup',
  /** Password reset by mailed code, linked from the login page. */
  forgotPassword: '/auth/forgot-password',
  /** Named public, no page registered (spec §2). */
  otpVerification: '/auth/otp-verification',
  /** Search target of the site metadata, query `q` (spec §2). */
  search: '/search',
  /** A pro's public profile by slug (issue "Found and trusted"): open to everyone. */
  pro: '/pros/:slug',
  /** A category's landing page, "Plumbers near you": open to everyone. */
  servicePage: '/services/:category',
  /** A category's landing page in one place, "Plumbers in Boston, MA" (`boston-ma-us`). */
  servicePlacePage: '/services/:category/:place',
  user: {
    home: '/user',
    category: '/user/category',
    services: '/user/services',
    vendor: '/user/services/vendor/:id',
    vendorService: '/user/services/vendor/:id/service',
    vendorServiceGallery: '/user/services/vendor/:id/service/gallery',
    vendorServiceCheckout: '/user/services/vendor/:id/service/checkout',
    history: '/user/history',
    historyOrder: '/user/history/order',
    notification: '/user/notification',
    messages: '/user/messages',
    messagesSupport: '/user/messages/support',
    messagesSupportChats: '/user/messages/support/chats',
    profile: '/user/profile',
    location: '/user/location',
    /** The customer's recurring plans (same pro and service every week or few weeks). */
    plans: '/user/plans',
    /** One plan: its visits (skip), pause / resume, cancel. */
    plan: '/user/plans/:id',
    /** The customer's quote requests. */
    quotes: '/user/quotes',
    /** The request form ("Get quotes"): `?category=<slug>` and, from a pro's page, `&vendor=<id>`. */
    quoteRequest: '/user/quotes/new',
    /** One request: quotes side by side, question, counter-offer, accept → checkout. */
    quote: '/user/quotes/:id',
  },
  vendor: {
    home: '/vendor',
    history: '/vendor/history',
    historyOrder: '/vendor/history/order',
    notification: '/vendor/notification',
    messages: '/vendor/messages',
    messagesSupport: '/vendor/messages/support',
    messagesSupportChats: '/vendor/messages/support/chats',
    profile: '/vendor/profile',
    location: '/vendor/location',
    /** Named in constants, no page registered (spec §2). */
    category: '/vendor/category',
    /** Named in constants, no page registered (spec §2). */
    services: '/vendor/services',
    /** Named in constants, no page registered (spec §2). */
    serviceDetail: '/vendor/services/service',
    /** The pro's reviews, each with its one public reply; `?review=<id>` opens one. */
    reviews: '/vendor/reviews',
    /** The business profile editor: name, category, city, radius, bio. */
    business: '/vendor/business',
    /** Vetting documents: identity, insurance, licence. */
    documents: '/vendor/documents',
    /** Opening hours, exceptions and booking rules. */
    availability: '/vendor/availability',
    /** Earnings from the ledger, entries, CSV export and payouts. */
    earnings: '/vendor/earnings',
    /** The pro's recurring plans: those awaiting an answer (accept / decline) first. */
    plans: '/vendor/plans',
    /** One plan of the pro: its visits, cancel. */
    plan: '/vendor/plans/:id',
    /** The pro's leads (quote requests sent to them), new ones first. */
    leads: '/vendor/leads',
    /** One lead (`:id` the request's): the request, the quote builder, decline. */
    lead: '/vendor/leads/:id',
  },
  admin: {
    /** Our admin area; everything under `/admin` is admin-only. */
    home: '/admin',
    /** The support desk: every support chat, `?c=<id>` opens one. */
    support: '/admin/support',
    /** The vetting queue and every vendor; `?status=pending` by default. */
    vendors: '/admin/vendors',
    /** One vendor: documents, services, decisions. */
    vendorDetail: '/admin/vendors/:id',
    /** Users by name or email. */
    users: '/admin/users',
    /** One user: suspend / reinstate. */
    userDetail: '/admin/users/:id',
    /** Orders by reference. */
    orders: '/admin/orders',
    /** One order: timeline, payments, provider events, ledger, refunds. */
    orderDetail: '/admin/orders/:id',
    /** Every admin decision. */
    audit: '/admin/audit',
  },
} as const;

/** Paths open without a session (spec §2 "Public routes"). Static files are public too. */
export const PUBLIC_PATHS: readonly string[] = Object.freeze([
  ROUTES.home,
  ROUTES.about,
  ROUTES.services,
  ROUTES.support,
  ROUTES.privacy,
  ROUTES.refund,
  ROUTES.userAgreement,
  ROUTES.login,
  ROUTES.signup,
  ROUTES.forgotPassword,
  ROUTES.otpVerification,
  ROUTES.search,
]);

/**
 * Public pages under a prefix, one per pro, category or place (`/pros/<slug>`,
 * `/services/<category>[/<place>]`): open without a session like {@link PUBLIC_PATHS}.
 */
export const PUBLIC_PREFIXES: readonly string[] = Object.freeze(['/pros/', '/services/']);

/** The home each role is sent to when it opens another role's area. */
export const ROLE_HOME: Readonly<Record<Role, string>> = Object.freeze({
  customer: ROUTES.user.home,
  vendor: ROUTES.vendor.home,
  admin: ROUTES.admin.home,
});

/** Outcome of {@link resolveAccess}. */
export type AccessDecision =
  | { type: 'allow' }
  | {
      type: 'redirect';
      /** Path to go to. */
      to: string;
      /** HTTP status for a server-side redirect; set (303) only for "no session" (spec §2). */
      status?: 303;
      /** Replace the history entry instead of pushing one. */
      replace?: boolean;
    };

/** The area a path belongs to: `public`, a role's area, or `other` (needs a session only). */
export type PathArea = 'public' | 'customer' | 'vendor' | 'admin' | 'other';

/**
 * Normalises a pathname for matching: drops query and hash, resolves `.`/`..` segments,
 * decodes percent-escapes, collapses repeated slashes, drops a trailing slash and lower-cases
 * (the router matches case-insensitively, so `/VENDOR` must count as `/vendor`).
 */
export function normalizePathname(pathname: string): string {
  // Collapse slashes first: `//vendor` would otherwise parse as a host named `vendor`.
  let path = (pathname.split(/[?#]/, 1)[0] ?? '').replace(/\\/g, '/').replace(/\/{2,}/g, '/');
  try {
    path = new URL(path.startsWith('/') ? path : `/${path}`, 'http://x').pathname;
  } catch {
    // Unparsable: fall through with the raw text; it will simply not match a known area.
  }
  path = path
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    })
    .join('/');
  path = path.replace(/\/{2,}/g, '/').toLowerCase();
  if (path.length > 1) path = path.replace(/\/+$/, '');
  return path || '/';
}

/** True for static files served beside the app: `/assets/**` and root files like `/favicon.ico`. */
export function isStaticAssetPath(pathname: string): boolean {
  const path = normalizePathname(pathname);
  // One segment with an extension: /favicon.ico, /robots.txt, /og-img.png, /logo.png, …
  return path.startsWith('/assets/') || /^\/[^/]+\.[a-z0-9]+$/.test(path);
}

function isUnder(path: string, root: string): boolean {
  return path === root || path.startsWith(`${root}/`);
}

/** Classifies a pathname (see {@link PathArea}); `/user-agreement` is public, not customer. */
export function pathArea(pathname: string): PathArea {
  const path = normalizePathname(pathname);
  if (PUBLIC_PATHS.includes(path) || isStaticAssetPath(path)) return 'public';
  if (PUBLIC_PREFIXES.some((prefix) => path.startsWith(prefix))) return 'public';
  if (isUnder(path, ROUTES.user.home)) return 'customer';
  if (isUnder(path, ROUTES.vendor.home)) return 'vendor';
  if (isUnder(path, ROUTES.admin.home)) return 'admin';
  return 'other';
}

const ROLES: readonly string[] = ['customer', 'vendor', 'admin'];

/**
 * Decides whether `role` may open `pathname` — the one rule set used by the web router and by
 * the API server that serves the SPA (spec §2 "Access rules", §6):
 *
 * - `/` and public paths (incl. `/search`, `/auth/otp-verification`, static files): allow.
 * - No session (`role` null or unknown) elsewhere: redirect to `/` with status 303.
 * - Customer on `/vendor/**` → `/user`, replacing history (spec); on `/admin/**` → `/user`.
 * - Vendor on `/user/**` → `/vendor` (spec: no replace stated); on `/admin/**` → `/vendor`.
 * - Admin (our design): `/admin/**` allowed; `/user/**` and `/vendor/**` → `/admin`, replacing.
 * - Any other path with a session: allow (the app then shows its 404).
 *
 * Pure: same input, same output. `pathname` may carry a query or hash; see
 * {@link normalizePathname} for how it is matched.
 */
export function resolveAccess(pathname: string, role: Role | null): AccessDecision {
  const area = pathArea(pathname);
  if (area === 'public') return { type: 'allow' };
  if (role === null || !ROLES.includes(role))
    return { type: 'redirect', to: ROUTES.home, status: 303 };

  switch (role) {
    case 'customer':
      if (area === 'vendor' || area === 'admin') {
        return { type: 'redirect', to: ROLE_HOME.customer, replace: true };
      }
      return { type: 'allow' };
    case 'vendor':
      if (area === 'customer' || area === 'admin')
        return { type: 'redirect', to: ROLE_HOME.vendor };
      return { type: 'allow' };
    case 'admin':
      if (area === 'customer' || area === 'vendor') {
        return { type: 'redirect', to: ROLE_HOME.admin, replace: true };
      }
      return { type: 'allow' };
  }
}
