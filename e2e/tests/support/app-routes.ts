import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
} from '@playwright/test';
import { chromiumContextOptions } from '../../../scripts/chromium.mjs';
import { ROUTES } from '../../../packages/session/src/routes';
import { readOtp } from '../outbox';

/**
 * Every app route of spec §2 (`ROUTES` of @vetted/session) made concrete with seeded data, and
 * signed-in browser contexts to open them in: shared by the route-wide checks
 * (e2e/tests/a11y.spec.ts, e2e/tests/focus.spec.ts).
 */

export type Role = 'customer' | 'vendor' | 'admin';
export type Theme = 'light' | 'dark';

/** The demo accounts seeded by the API (README "demo logins"). */
export const DEMO_LOGINS: Record<Role, string> = {
  customer: 'customer@vetted.test',
  vendor: 'vendor@vetted.test',
  admin: 'admin@vetted.test',
};
const DEMO_PASSWORD = 'vetted-demo-1';

/** Widths the route-wide checks run at (CSS px): the desktop layout and a phone. */
export const WIDTHS = { desktop: 1280, mobile: 390 } as const;
const HEIGHT = { desktop: 800, mobile: 844 } as const;

/** One route of `ROUTES`: its pattern, who opens it, and the concrete URL opened. */
export interface AppRoute {
  /** The `ROUTES` key path, e.g. `user.vendorServiceCheckout`. */
  name: string;
  /** The pattern, e.g. `/user/services/vendor/:id/service/checkout`. */
  pattern: string;
  /** Anonymous (`null`) or the demo account it is opened as. */
  role: Role | null;
  /** Path with params and query filled in from seeded data. */
  url: string;
}

/**
 * Every leaf of `ROUTES` as `[name, pattern]`, in declaration order, then an unknown path
 * (`notFound`): the 404 screen in the dummy layout (spec §2). It is opened signed in: without a
 * session an unknown path redirects to the home page.
 */
export function routePatterns(): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      const name = prefix ? `${prefix}.${key}` : key;
      if (typeof value === 'string') out.push([name, value]);
      else walk(value as Record<string, unknown>, name);
    }
  };
  walk(ROUTES as unknown as Record<string, unknown>, '');
  out.push(['notFound', '/user/no-such-page']);
  return out;
}

/** Who opens a route: its area's demo account, anonymous for public and auth pages. */
export function roleFor(pattern: string): Role | null {
  if (pattern === '/user' || pattern.startsWith('/user/')) return 'customer';
  if (pattern === '/vendor' || pattern.startsWith('/vendor/')) return 'vendor';
  if (pattern === '/admin' || pattern.startsWith('/admin/')) return 'admin';
  return null;
}

interface Session {
  accessToken: string;
  refreshToken: string;
  expiresIn: string;
  role: string;
}

async function apiData<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { ok: boolean; data?: T; error?: { message: string } };
  expect(body.ok, `${response.url()}: ${body.error?.message ?? response.status()}`).toBe(true);
  return body.data as T;
}

/** Starts a login OTP challenge for a demo account (password step only). */
async function startLogin(request: APIRequestContext, email: string) {
  const since = Date.now();
  const challenge = await apiData<{ challengeId: string; email: string }>(
    await request.post('/v1/auth/login', { data: { email, password: DEMO_PASSWORD } }),
  );
  return { challenge, since };
}

/** Logs a demo account in through the API: password, then the OTP from the outbox. */
export async function signIn(request: APIRequestContext, role: Role): Promise<Session> {
  const email = DEMO_LOGINS[role];
  const { challenge, since } = await startLogin(request, email);
  const code = await readOtp(email, since);
  return apiData<Session>(
    await request.post('/v1/auth/otp/verify', {
      data: { challengeId: challenge.challengeId, code },
    }),
  );
}

/** The concrete URL of every route, by its `ROUTES` key path. */
export interface RouteData {
  urls: Record<string, string>;
}

/**
 * Builds a URL for every route from seeded data: the demo vendor (Demo Plumbing Co.), its first
 * service and first free slot, an order the demo customer books there (so both order pages
 * have one), a conversation about it and a support chat (so the inboxes open on a thread), an
 * unverified login challenge for the OTP page, and for the admin console's detail pages that
 * vendor, the demo customer and the order.
 */
export async function prepareRoutes(request: APIRequestContext): Promise<RouteData> {
  const customer = await signIn(request, 'customer');
  const auth = { Authorization: `Bearer ${customer.accessToken}` };

  const vendors = await apiData<{ items: Array<{ id: string; businessName: string }> }>(
    await request.get('/v1/vendors', { params: { q: 'Demo Plumbing' } }),
  );
  const vendor = vendors.items.find((v) => v.businessName === 'Demo Plumbing Co.');
  expect(vendor, 'the seeded demo vendor').toBeTruthy();
  const vendorId = vendor!.id;
  const services = await apiData<Array<{ id: string; category: { slug: string } }>>(
    await request.get(`/v1/vendors/${vendorId}/services`),
  );
  const service = services[0];
  expect(service, 'a service of the demo vendor').toBeTruthy();
  const serviceId = service!.id;
  const slots = await apiData<{
    days: Array<{ slots: Array<{ startsAt: string; available: boolean }> }>;
  }>(await request.get(`/v1/services/${serviceId}/slots`, { params: { days: 14 } }));
  const free = slots.days.flatMap((d) => d.slots).filter((s) => s.available);
  expect(free.length, 'free slots of the demo service').toBeGreaterThan(1);
  // The customer's order with the demo vendor; booked once per database (the API limits unpaid
  // bookings, and this runs again in every worker the runner restarts after a failure).
  const orders = await apiData<{ items: Array<{ id: string; vendor: { id: string } }> }>(
    await request.get('/v1/orders', { headers: auth }),
  );
  const order =
    orders.items.find((o) => o.vendor.id === vendorId) ??
    (await apiData<{ id: string }>(
      await request.post('/v1/orders', {
        headers: auth,
        data: { serviceId, startsAt: free[0]!.startsAt, address: '12 Beacon Street, Boston, MA' },
      }),
    ));
  // A conversation about that order with one message, and a support chat with one,
  // so the inboxes open on a thread; each made once per database, like the order.
  const direct = await apiData<{ id: string; lastMessage: unknown }>(
    await request.post('/v1/conversations', {
      headers: auth,
      data: { kind: 'direct', orderId: order.id },
    }),
  );
  if (!direct.lastMessage) {
    await apiData(
      await request.post(`/v1/conversations/${direct.id}/messages`, {
        headers: auth,
        data: { body: 'Hello! Is there parking near the house, or should I leave the drive free?' },
      }),
    );
  }
  const supportChats = await apiData<{ items: Array<{ id: string }> }>(
    await request.get('/v1/conversations', { headers: auth, params: { kind: 'support' } }),
  );
  const support =
    supportChats.items[0] ??
    (await apiData<{ id: string }>(
      await request.post('/v1/conversations', {
        headers: auth,
        data: { kind: 'support', subject: 'Changing the address of a booking' },
      }),
    ));
  if (supportChats.items.length === 0) {
    await apiData(
      await request.post(`/v1/conversations/${support.id}/messages`, {
        headers: auth,
        data: { body: 'I booked the wrong street number. Can the pro still come?' },
      }),
    );
  }
  // A request for quotes sent to the demo vendor alone, so the request page and the pro's lead
  // page open on one; made once per database, like the order.
  const requests = await apiData<Array<{ id: string }>>(
    await request.get('/v1/quote-requests', { headers: auth }),
  );
  const quoteRequest =
    requests[0] ??
    (await apiData<{ id: string }>(
      await request.post('/v1/quote-requests', {
        headers: auth,
        data: {
          categorySlug: service!.category.slug,
          description: 'The kitchen tap drips all night and the shut-off valve under it is stiff.',
          address: '12 Beacon Street, Boston, MA',
          windows: [
            {
              from: new Date(Date.now() + 86_400_000).toISOString(),
              to: new Date(Date.now() + 5 * 86_400_000).toISOString(),
            },
          ],
          vendorId,
        },
      }),
    ));
  const { challenge } = await startLogin(request, DEMO_LOGINS.customer);

  const q = (query: Record<string, string>) => `?${new URLSearchParams(query)}`;
  const withId = (pattern: string) => pattern.replace(':id', vendorId);
  const urls: Record<string, string> = {};
  for (const [name, pattern] of routePatterns()) urls[name] = withId(pattern);
  urls.otpVerification += q({
    challengeId: challenge.challengeId,
    email: challenge.email,
    purpose: 'login',
  });
  urls.search += q({ q: 'plumb' });
  urls['user.vendorService'] += q({ serviceId });
  urls['user.vendorServiceGallery'] += q({ serviceId });
  urls['user.vendorServiceCheckout'] += q({ serviceId, startsAt: free[1]!.startsAt });
  urls['user.historyOrder'] += q({ id: order.id });
  urls['vendor.historyOrder'] += q({ id: order.id });
  urls['vendor.services'] += q({ category: service!.category.slug });
  urls['vendor.serviceDetail'] += q({ serviceId });
  urls['user.quote'] = ROUTES.user.quote.replace(':id', quoteRequest.id);
  urls['vendor.lead'] = ROUTES.vendor.lead.replace(':id', quoteRequest.id);
  urls['user.quoteRequest'] += q({ category: service!.category.slug });
  urls['user.messages'] += q({ c: direct.id });
  urls['vendor.messages'] += q({ c: direct.id });
  urls['user.messagesSupportChats'] += q({ c: support.id });
  urls['admin.support'] += q({ c: support.id });
  // The admin console's `:id` pages: the demo vendor (above), the demo customer and
  // their order.
  const me = await apiData<{ id: string }>(await request.get('/v1/me', { headers: auth }));
  urls['admin.userDetail'] = ROUTES.admin.userDetail.replace(':id', me.id);
  urls['admin.orderDetail'] = ROUTES.admin.orderDetail.replace(':id', order.id);
  return { urls };
}

/** Every route with its role and concrete URL. */
export function appRoutes(data: RouteData): AppRoute[] {
  return routePatterns().map(([name, pattern]) => ({
    name,
    pattern,
    role: roleFor(pattern),
    url: data.urls[name] ?? pattern,
  }));
}

/**
 * A browser context for one role, theme and width: the session in the `user_session` cookie
 * (spec §3) and the theme in localStorage `theme` (spec §4) before any page script runs;
 * `prefers-reduced-motion: reduce`, so rings and menus are painted without transitions.
 */
export async function openContext(
  browser: Browser,
  baseURL: string,
  options: { session: Session | null; theme: Theme; width: number },
): Promise<BrowserContext> {
  const mobile = options.width < 768;
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width, height: mobile ? HEIGHT.mobile : HEIGHT.desktop },
    ...chromiumContextOptions,
    colorScheme: options.theme,
  });
  await context.addInitScript((theme) => {
    try {
      window.localStorage.setItem('theme', theme);
    } catch {
      // storage disabled: the test then fails on the theme check
    }
  }, options.theme);
  if (options.session) {
    await context.addCookies([
      {
        name: 'user_session',
        value: encodeURIComponent(JSON.stringify(options.session)),
        url: baseURL,
        sameSite: 'Strict',
      },
    ]);
  }
  return context;
}

/**
 * Opens a route and waits until it has settled: the URL is the one asked for (no redirect to
 * another area), the theme class is applied, no skeleton or busy region is left, fonts and
 * images are loaded.
 */
export async function openRoute(page: Page, route: AppRoute, theme: Theme): Promise<void> {
  await page.goto(route.url);
  await expect(page).toHaveURL((url) => url.pathname === route.url.split('?')[0]);
  await expect(page.locator('html')).toHaveClass(theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
  await expect(page.locator('main')).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"], [aria-busy="true"]')).toHaveCount(0);
  await page.evaluate(async () => {
    await document.fonts.ready;
    await Promise.all(
      Array.from(document.images, (img) =>
        img.complete || img.loading === 'lazy' ? null : img.decode().catch(() => null),
      ),
    );
  });
}

/**
 * Browser contexts by role, theme and width, opened on first use and reused across tests. Each
 * signed-in context gets a session of its own: the app rotates refresh tokens (access tokens
 * live 15 min, refreshed 10 min before expiry), and two contexts sharing one refresh token would
 * get the second one's session revoked as a token reuse.
 */
export class ContextPool {
  private readonly contexts = new Map<string, BrowserContext>();

  private constructor(
    private readonly request: APIRequestContext,
    /** The concrete URL of every route. */
    readonly data: RouteData,
  ) {}

  /** Builds the route URLs through a request context of its own (for a `beforeAll` hook). */
  static async open(playwright: {
    request: { newContext(o: { baseURL?: string }): Promise<APIRequestContext> };
  }): Promise<ContextPool> {
    const request = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
    return new ContextPool(request, await prepareRoutes(request));
  }

  /** Every route with its role and concrete URL. */
  routes(): AppRoute[] {
    return appRoutes(this.data);
  }

  /** The route named `name` (a `ROUTES` key path). */
  route(name: string): AppRoute {
    const route = this.routes().find((r) => r.name === name);
    if (!route) throw new Error(`No route named ${name}`);
    return route;
  }

  /** A new page in the context of `route`'s role with this theme and width. */
  async page(browser: Browser, route: AppRoute, theme: Theme, width: number): Promise<Page> {
    const key = `${route.role}:${theme}:${width}`;
    let context = this.contexts.get(key);
    if (!context) {
      context = await openContext(browser, process.env.E2E_BASE_URL ?? '', {
        session: route.role ? await signIn(this.request, route.role) : null,
        theme,
        width,
      });
      this.contexts.set(key, context);
    }
    return context.newPage();
  }

  /** Closes every context and the request context. */
  async close(): Promise<void> {
    for (const context of this.contexts.values()) await context.close();
    this.contexts.clear();
    await this.request.dispose();
  }
}
