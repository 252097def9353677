import { describe, expect, it } from 'vitest';
import {
  type AccessDecision,
  buildLink,
  PUBLIC_PATHS,
  pathArea,
  type Role,
  resolveAccess,
  ROUTES,
} from '../src/index';

type Area = 'public' | 'customer' | 'vendor' | 'admin' | 'other';

const allow: AccessDecision = { type: 'allow' };
const toRoot: AccessDecision = { type: 'redirect', to: '/', status: 303 };

/** Expected decision per area × role (spec §2 access rules, admin rows are our design). */
const EXPECTED: Record<Area, Record<Role | 'none', AccessDecision>> = {
  public: { none: allow, customer: allow, vendor: allow, admin: allow },
  customer: {
    none: toRoot,
    customer: allow,
    vendor: { type: 'redirect', to: '/vendor' },
    admin: { type: 'redirect', to: '/admin', replace: true },
  },
  vendor: {
    none: toRoot,
    customer: { type: 'redirect', to: '/user', replace: true },
    vendor: allow,
    admin: { type: 'redirect', to: '/admin', replace: true },
  },
  admin: {
    none: toRoot,
    customer: { type: 'redirect', to: '/user', replace: true },
    vendor: { type: 'redirect', to: '/vendor' },
    admin: allow,
  },
  other: { none: toRoot, customer: allow, vendor: allow, admin: allow },
};

/**
 * Every path of spec §2 with its area, written out by hand (not derived from ROUTES), plus
 * `/auth/forgot-password`, the support desk `/admin/support`, and the
 * vendor area's editors and the admin console.
 */
const SPEC_PATHS: Array<[string, Area]> = [
  ['/', 'public'],
  ['/about', 'public'],
  ['/services', 'public'],
  ['/support', 'public'],
  ['/privacy', 'public'],
  ['/refund', 'public'],
  ['/user-agreement', 'public'],
  ['/auth/login', 'public'],
  ['/auth/signup', 'public'],
  ['/auth/forgot-password', 'public'],
  ['/auth/otp-verification', 'public'],
  ['/search', 'public'],
  ['/pros/:slug', 'public'],
  ['/services/:category', 'public'],
  ['/services/:category/:place', 'public'],
  ['/user', 'customer'],
  ['/user/category', 'customer'],
  ['/user/services', 'customer'],
  ['/user/services/vendor/:id', 'customer'],
  ['/user/services/vendor/:id/service', 'customer'],
  ['/user/services/vendor/:id/service/gallery', 'customer'],
  ['/user/services/vendor/:id/service/checkout', 'customer'],
  ['/user/history', 'customer'],
  ['/user/history/order', 'customer'],
  ['/user/notification', 'customer'],
  ['/user/messages', 'customer'],
  ['/user/messages/support', 'customer'],
  ['/user/messages/support/chats', 'customer'],
  ['/user/profile', 'customer'],
  ['/user/location', 'customer'],
  ['/user/plans', 'customer'],
  ['/user/plans/:id', 'customer'],
  ['/user/quotes', 'customer'],
  ['/user/quotes/new', 'customer'],
  ['/user/quotes/:id', 'customer'],
  ['/vendor', 'vendor'],
  ['/vendor/history', 'vendor'],
  ['/vendor/history/order', 'vendor'],
  ['/vendor/notification', 'vendor'],
  ['/vendor/messages', 'vendor'],
  ['/vendor/messages/support', 'vendor'],
  ['/vendor/messages/support/chats', 'vendor'],
  ['/vendor/profile', 'vendor'],
  ['/vendor/location', 'vendor'],
  ['/vendor/category', 'vendor'],
  ['/vendor/services', 'vendor'],
  ['/vendor/services/service', 'vendor'],
  ['/vendor/reviews', 'vendor'],
  ['/vendor/business', 'vendor'],
  ['/vendor/documents', 'vendor'],
  ['/vendor/availability', 'vendor'],
  ['/vendor/earnings', 'vendor'],
  ['/vendor/plans', 'vendor'],
  ['/vendor/plans/:id', 'vendor'],
  ['/vendor/leads', 'vendor'],
  ['/vendor/leads/:id', 'vendor'],
  ['/admin', 'admin'],
  ['/admin/support', 'admin'],
  ['/admin/vendors', 'admin'],
  ['/admin/vendors/:id', 'admin'],
  ['/admin/users', 'admin'],
  ['/admin/users/:id', 'admin'],
  ['/admin/orders', 'admin'],
  ['/admin/orders/:id', 'admin'],
  ['/admin/audit', 'admin'],
];

/** Edge paths: static files, query strings, normalisation, near-miss prefixes. */
const EDGE_PATHS: Array<[string, Area]> = [
  ['/search?q=plumber', 'public'],
  ['/about#team', 'public'],
  ['/assets/index-3f2a.js', 'public'],
  ['/favicon.ico', 'public'],
  ['/robots.txt', 'public'],
  ['/og-img.png', 'public'],
  ['/logo.png', 'public'],
  ['/admin/users', 'admin'],
  ['/user/', 'customer'],
  ['/USER/Profile', 'customer'],
  ['/VENDOR', 'vendor'],
  ['//vendor/history', 'vendor'],
  ['/about/../vendor', 'vendor'],
  ['/%76endor', 'vendor'],
  ['/user/history?id=1', 'customer'],
  ['/users', 'other'],
  ['/vendors', 'other'],
  ['/administrator', 'other'],
  ['/nope', 'other'],
  ['/auth/forgot', 'other'],
];

const ROLES: Array<Role | 'none'> = ['none', 'customer', 'vendor', 'admin'];

function withId(path: string): string {
  return path.includes(':id') ? buildLink(path, { params: { id: 'v-42' } }) : path;
}

describe('resolveAccess: every spec §2 route × role', () => {
  const table = SPEC_PATHS.flatMap(([path, area]) =>
    ROLES.map((role) => [withId(path), role, area] as const),
  );
  it.each(table)('%s as %s (%s)', (path, role, area) => {
    expect(resolveAccess(path, role === 'none' ? null : role)).toEqual(EXPECTED[area][role]);
  });
});

describe('resolveAccess: edge paths × role', () => {
  const table = EDGE_PATHS.flatMap(([path, area]) =>
    ROLES.map((role) => [path, role, area] as const),
  );
  it.each(table)('%s as %s (%s)', (path, role, area) => {
    expect(resolveAccess(path, role === 'none' ? null : role)).toEqual(EXPECTED[area][role]);
  });
});

describe('ROUTES and PUBLIC_PATHS', () => {
  function allPaths(node: unknown): string[] {
    if (typeof node === 'string') return [node];
    return Object.values(node as Record<string, unknown>).flatMap(allPaths);
  }

  it('hold exactly the paths of the table above', () => {
    expect(allPaths(ROUTES).sort()).toEqual(SPEC_PATHS.map(([path]) => path).sort());
  });

  it('classify every ROUTES path as the table does', () => {
    for (const [path, area] of SPEC_PATHS) expect(pathArea(withId(path))).toBe(area);
  });

  it('list the eleven public paths of spec §2 and the password reset page', () => {
    expect([...PUBLIC_PATHS].sort()).toEqual(
      SPEC_PATHS.filter(([path, area]) => area === 'public' && !path.includes(':'))
        .map(([path]) => path)
        .sort(),
    );
  });

  it('open every pro and landing page to everyone, and nothing else under their prefixes', () => {
    for (const path of [
      '/pros/demo-plumbing-co-3fa2c1',
      '/services/plumbing',
      '/services/plumbing/boston-ma-us',
    ]) {
      expect(resolveAccess(path, null)).toEqual(allow);
    }
    expect(pathArea('/prosper')).toBe('other');
    expect(pathArea('/servicesx/plumbing')).toBe('other');
  });

  it('treats an unknown role string like no session', () => {
    expect(resolveAccess('/user', 'root' as Role)).toEqual(toRoot);
  });
});
