import { randomUUID } from 'node:crypto';
import { type RouteDef, routes } from '@vetted/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createAdmin, createCustomer, createVendor, type TestUser } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * Every admin route refuses non-admins. The table is the contract's route table —
 * every entry whose path starts with `/admin` — so a new admin route without the guard fails
 * here. A customer and a pro get 403 "Admins only", an anonymous caller 401, whatever the ids
 * and body; an admin gets past the guard.
 */

let ctx: TestContext;
let customer: TestUser;
let vendor: TestUser;
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createCustomer(ctx);
  vendor = await createVendor(ctx, { status: 'pending' });
  admin = await createAdmin(ctx);
});

afterAll(async () => {
  await ctx.close();
});

const adminRoutes = Object.entries(routes as Record<string, RouteDef>)
  .filter(([, r]) => r.path.startsWith('/admin'))
  .map(([name, r]) => ({ name, ...r }));

/** The route's URL under `/v1` with every `:param` a random UUID. */
const urlOf = (path: string) => `/v1${path.replace(/:[A-Za-z]+/g, () => randomUUID())}`;

function call(route: { method: RouteDef['method']; path: string }, user: TestUser | null) {
  return ctx.app.inject({
    method: route.method,
    url: urlOf(route.path),
    headers: user ? bearer(user.token) : {},
    ...(route.method === 'GET' ? {} : { payload: {} }),
  });
}

const ADMINS_ONLY = { ok: false, error: { message: 'Admins only', code: 'admin_only' } };
const NO_SESSION = { ok: false, error: { message: 'Session not found', code: 'unauthorized' } };

describe('the admin route table', () => {
  it('holds every admin route of the console, payments and the support desk', () => {
    const names = adminRoutes.map((r) => r.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'getAdminPayment',
        'assignConversation',
        'resolveConversation',
        'reopenConversation',
        'getAdminOverview',
        'listAdminVendors',
        'approveVendor',
        'downloadVendorDocument',
        'suspendUser',
        'refundPayment',
        'listAuditLog',
      ]),
    );
    expect(adminRoutes.length).toBeGreaterThanOrEqual(20);
  });
});

describe.each(adminRoutes)('$method $path', (route) => {
  it('answers a customer 403 "Admins only"', async () => {
    const res = await call(route, customer);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(ADMINS_ONLY);
  });

  it('answers a pro 403 "Admins only"', async () => {
    const res = await call(route, vendor);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual(ADMINS_ONLY);
  });

  it('answers 401 without a session', async () => {
    const res = await call(route, null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(NO_SESSION);
  });

  it('lets an admin past the guard (random ids: an answer, not a refusal or a crash)', async () => {
    const res = await call(route, admin);
    expect([401, 403]).not.toContain(res.statusCode);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('paths that only look like admin routes', () => {
  it('never reach an admin handler for a customer', async () => {
    for (const url of ['/v1/%61dmin/overview', '/v1/ADMIN/overview', '/v1//admin/overview']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(customer.token) });
      expect(res.statusCode, url).not.toBe(200);
      expect([403, 404], url).toContain(res.statusCode);
    }
  });

  it('refuses an admin token whose signature was tampered with (401)', async () => {
    const forged = `${admin.token.slice(0, -4)}AAAA`;
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/admin/overview',
      headers: bearer(forged),
    });
    expect(res.statusCode).toBe(401);
  });
});
