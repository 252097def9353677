import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildLink, ROUTES } from '../src/index';

describe('buildLink (spec §2 link building)', () => {
  it('substitutes :id params, encoded', () => {
    expect(buildLink(ROUTES.user.vendorServiceCheckout, { params: { id: 'a/b c' } })).toBe(
      '/user/services/vendor/a%2Fb%20c/service/checkout',
    );
  });

  it('substitutes {id} params and numbers', () => {
    expect(buildLink('/user/services/vendor/{id}/service', { params: { id: 42 } })).toBe(
      '/user/services/vendor/42/service',
    );
  });

  it('appends the named query params and extra ones, skipping null and undefined', () => {
    expect(
      buildLink(ROUTES.login, {
        query: {
          redirect: '/user/history?id=7',
          replace: true,
          authType: null,
          authReturned: false,
          tab: undefined,
          page: 2,
        },
      }),
    ).toBe(
      '/auth/login?redirect=%2Fuser%2Fhistory%3Fid%3D7&replace=true&authReturned=false&page=2',
    );
  });

  it('returns the bare path when every query value is null', () => {
    expect(buildLink(ROUTES.user.home, { query: { redirect: null, replace: null } })).toBe('/user');
    expect(buildLink(ROUTES.user.home)).toBe('/user');
  });

  it('keeps a query already on the path and a hash last', () => {
    expect(buildLink('/search?q=tap#top', { query: { page: 2 } })).toBe('/search?q=tap&page=2#top');
  });

  it('throws on a missing param', () => {
    expect(() => buildLink(ROUTES.user.vendor)).toThrow(TypeError);
    expect(() => buildLink('/x/{slug}', { params: { id: '1' } })).toThrow(
      'missing path parameter "slug"',
    );
  });

  it('throws on empty, "." and ".." params', () => {
    for (const id of ['', '.', '..']) {
      expect(() => buildLink(ROUTES.user.vendor, { params: { id } })).toThrow(TypeError);
    }
  });

  it('round-trips params and query through URL (property)', () => {
    const queryValue = fc.option(fc.oneof(fc.string(), fc.integer(), fc.boolean()), { nil: null });
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }).filter((id) => id !== '.' && id !== '..'),
        fc.dictionary(fc.string({ minLength: 1 }), queryValue),
        (id, query) => {
          const link = buildLink(ROUTES.user.vendorService, { params: { id }, query });
          const url = new URL(link, 'https://vetted.test');
          const segments = url.pathname.split('/');
          expect(decodeURIComponent(segments[4] ?? '')).toBe(id);
          expect(segments.slice(5)).toEqual(['service']);
          const expected = Object.entries(query)
            .filter(([, value]) => value !== null && value !== undefined)
            .map(([key, value]) => [key, String(value)]);
          expect([...url.searchParams]).toEqual(expected);
        },
      ),
    );
  });
});
