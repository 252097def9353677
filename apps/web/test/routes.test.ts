import { ROUTES } from '@vetted/session';
import { describe, expect, it } from 'vitest';
import { PAGE_TITLES } from '../src/lib/page-meta';
import { ROUTE_TABLE } from '../src/app/routes';

function allPaths(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  return Object.values(node as Record<string, unknown>).flatMap(allPaths);
}

describe('route table', () => {
  it('registers every path named in @vetted/session ROUTES (spec §2)', () => {
    const registered = new Set(ROUTE_TABLE.map((r) => r.path));
    const missing = allPaths(ROUTES).filter((p) => !registered.has(p));
    expect(missing).toEqual([]);
  });
  it('uses the user layout for /user paths and the vendor layout for /vendor paths', () => {
    const under = (path: string, root: string) => path === root || path.startsWith(`${root}/`);
    for (const r of ROUTE_TABLE) {
      // `/user-agreement` is a public page, not part of the user area.
      if (under(r.path, '/user')) expect(r.layout).toBe('user');
      if (under(r.path, '/vendor')) expect(r.layout).toBe('vendor');
      if (under(r.path, '/auth')) expect(r.layout).toBe('auth');
    }
  });
  it('gives every route its own document title', () => {
    const untitled = ROUTE_TABLE.filter((r) => !PAGE_TITLES[r.path]).map((r) => r.path);
    expect(untitled).toEqual([]);
  });
});
