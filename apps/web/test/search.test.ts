import { describe, expect, it } from 'vitest';
import {
  readSearchParams,
  searchParamsOf,
  vendorQueryOf,
} from '../src/features/search/search-params';
import { activeFilters, priceRangeLabel } from '../src/features/search/active-filters';

const read = (qs: string) => readSearchParams(new URLSearchParams(qs));

describe('the /search query string', () => {
  it('reads the search, its filters and page', () => {
    expect(
      read(
        'q=plumber&category=plumbing&minPrice=5000&maxPrice=15000&currency=usd&minRating=4&date=2030-06-01&radiusKm=25&sort=rating&page=3',
      ),
    ).toEqual({
      filters: {
        q: 'plumber',
        category: 'plumbing',
        minPrice: 5000,
        maxPrice: 15000,
        currency: 'USD',
        minRating: 4,
        date: '2030-06-01',
        radiusKm: 25,
        sort: 'rating',
      },
      page: 3,
    });
  });

  it('leaves out what cannot be right, and reads the old "recommended" as relevance', () => {
    expect(
      read('q=%20%20&minPrice=cheap&minRating=9&date=tomorrow&currency=dollars&sort=best&page=-2'),
    ).toEqual({
      filters: {},
      page: 1,
    });
    expect(read('sort=recommended').filters.sort).toBe('relevance');
  });

  it('writes filters back without empty fields or page 1', () => {
    const { filters, page } = read('q=leak&area=off&page=2');
    expect(searchParamsOf(filters, page).toString()).toBe('q=leak&area=off&page=2');
    expect(searchParamsOf({ q: 'leak', category: undefined }).toString()).toBe('q=leak');
  });

  it('reads and writes place=none, and then asks the API without the place', () => {
    const { filters } = read('q=plumber&place=none');
    expect(filters).toEqual({ q: 'plumber', place: 'none' });
    expect(searchParamsOf(filters).toString()).toBe('q=plumber&place=none');
    expect(vendorQueryOf(filters, 1, { lat: 42.36, lng: -71.06 })).toEqual({
      q: 'plumber',
      sort: undefined,
      page: 1,
      pageSize: 12,
      placeWords: 'off',
    });
    expect(read('place=elsewhere').filters).toEqual({});
  });

  it('asks the API with the place, and not by distance without one', () => {
    const place = { lat: 42.36, lng: -71.06 };
    expect(vendorQueryOf({ q: 'leak', sort: 'distance', radiusKm: 10 }, 2, place)).toEqual({
      q: 'leak',
      sort: 'distance',
      page: 2,
      pageSize: 12,
      lat: 42.36,
      lng: -71.06,
      radiusKm: 10,
    });
    expect(vendorQueryOf({ q: 'leak', sort: 'distance', radiusKm: 10 }, 1, null)).toEqual({
      q: 'leak',
      sort: undefined,
      page: 1,
      pageSize: 12,
    });
  });
});

describe('the chips of a search', () => {
  const applied = {
    sort: 'relevance' as const,
    radiusKm: 50,
    currency: 'USD',
    areaDefaults: true,
    ignoredWords: [],
    text: 'plumber',
    place: null,
    placeNeeded: false,
  };
  const name = (slug: string) => (slug === 'plumbing' ? 'Plumbing' : slug);

  it('lists what was asked for, then the area defaults, each with what removing it leaves', () => {
    const chips = activeFilters({ q: 'plumber', category: 'plumbing' }, applied, name);
    expect(chips.map((c) => [c.label, Boolean(c.applied)])).toEqual([
      ['“plumber”', false],
      ['Plumbing', false],
      ['Within 50 km', true],
      ['Prices in USD', true],
    ]);
    expect(chips[2]!.without).toEqual({
      q: 'plumber',
      category: 'plumbing',
      area: 'off',
      currency: 'USD',
    });
    expect(chips[3]!.without).toEqual({
      q: 'plumber',
      category: 'plumbing',
      area: 'off',
      radiusKm: 50,
    });
  });

  it('states the radius in miles for a US or UK place', () => {
    const chips = activeFilters({ q: 'plumber' }, applied, name, 'mile');
    expect(chips.map((c) => c.label)).toContain('Within 31 mi');
  });

  it('shows a price range in its currency', () => {
    expect(priceRangeLabel(5000, 15000, 'USD')).toBe('$50.00 – $150.00');
    expect(priceRangeLabel(5000, undefined, 'GBP')).toBe('From £50.00');
    expect(priceRangeLabel(undefined, 9900, 'USD')).toBe('Up to $99.00');
  });

  it('has no area chips without a place', () => {
    const none = { ...applied, radiusKm: null, currency: null, areaDefaults: false };
    expect(activeFilters({ q: 'plumber' }, none, name).map((c) => c.key)).toEqual(['q']);
  });
});
