import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, type CityRecord, columnsOf } from '../src/domains/places/city-index';
import { searchIndex } from '../src/domains/places/city-search';
import {
  becomesDefault,
  indexKeys,
  matchesHint,
  maxEditsFor,
  normalizeName,
  readableRegion,
  scoreCandidate,
  splitQuery,
} from '../src/domains/places/policy';

describe('normalizeName', () => {
  it.each([
    ['Zürich', 'zurich'],
    ['Kraków', 'krakow'],
    ['São Paulo', 'sao paulo'],
    ['Großbeeren', 'grossbeeren'],
    ['Łódź', 'lodz'],
    ['Tromsø', 'tromso'],
    ["L'Aquila", 'laquila'],
    ['Saint-Denis', 'saint denis'],
    ['St. Louis', 'st louis'],
    ['  New   York  ', 'new york'],
    ['BOSTON', 'boston'],
    ['Zürich (Kreis 3)', 'zurich kreis 3'],
    ['Москва', 'москва'],
    ['!!!', ''],
  ])('%s → "%s"', (input, expected) => {
    expect(normalizeName(input)).toBe(expected);
  });
});

describe('indexKeys', () => {
  it('adds the other spelling of a leading Saint / St, Mount / Mt, Fort / Ft', () => {
    expect(indexKeys('st louis')).toEqual(['st louis', 'saint louis']);
    expect(indexKeys('saint paul')).toEqual(['saint paul', 'st paul']);
    expect(indexKeys('fort worth')).toEqual(['fort worth', 'ft worth']);
    expect(indexKeys('boston')).toEqual(['boston']);
    expect(indexKeys('east st louis')).toEqual(['east st louis']);
  });
});

describe('maxEditsFor (Elasticsearch AUTO fuzziness)', () => {
  it.each([
    [1, 0],
    [2, 0],
    [3, 1],
    [5, 1],
    [6, 2],
    [40, 2],
  ])('%i characters → %i edits', (length, edits) => {
    expect(maxEditsFor(length)).toBe(edits);
  });
});

describe('scoreCandidate', () => {
  const score = (population: number, extra: Partial<Parameters<typeof scoreCandidate>[0]> = {}) =>
    scoreCandidate({ population, edits: 0, exact: false, distanceKm: null, ...extra });

  it('prefers the bigger city', () => {
    expect(score(600_000)).toBeGreaterThan(score(60_000));
  });

  it('costs a typo more than a tenfold population', () => {
    expect(score(600_000, { edits: 1 })).toBeLessThan(score(60_000));
  });

  it('lets a nearby town beat a tenfold bigger one far away', () => {
    expect(score(67_000, { distanceKm: 80 })).toBeGreaterThan(score(632_000, { distanceKm: 4000 }));
  });

  it('does not let nearness beat a thousandfold bigger city', () => {
    expect(score(11_000, { distanceKm: 0 })).toBeLessThan(score(7_500_000, { distanceKm: 5000 }));
  });

  it('rewards typing the whole name', () => {
    expect(score(1000, { exact: true })).toBeGreaterThan(score(1000));
  });
});

describe('splitQuery and matchesHint', () => {
  it('splits at the first comma', () => {
    expect(splitQuery('Portland, ME')).toEqual({ name: 'portland', hint: 'me' });
    expect(splitQuery('Portland,')).toEqual({ name: 'portland', hint: null });
    expect(splitQuery('Zürich')).toEqual({ name: 'zurich', hint: null });
  });

  const maine = { country: 'US', region: 'ME', countryName: 'United States' };
  it.each([
    ['me', true],
    ['us', true],
    ['united', true],
    ['or', false],
    ['gb', false],
  ])('hint "%s" on Portland, ME → %s', (hint, expected) => {
    expect(matchesHint(hint, maine)).toBe(expected);
  });
});

describe('readableRegion', () => {
  it('shows letter codes only', () => {
    expect(readableRegion('MA')).toBe('MA');
    expect(readableRegion('ENG')).toBe('ENG');
    expect(readableRegion('08')).toBeNull();
    expect(readableRegion('')).toBeNull();
  });
});

describe('becomesDefault', () => {
  it.each([
    [0, undefined, true],
    [0, false, true],
    [1, undefined, false],
    [1, false, false],
    [3, true, true],
  ])('%i existing places, isDefault %s → %s', (existing, requested, expected) => {
    expect(becomesDefault(existing, requested)).toBe(expected);
  });
});

describe('searchIndex over a small list', () => {
  const city = (
    cityId: number,
    name: string,
    country: string,
    adminCode: string,
    population: number,
    lat: number,
    lng: number,
    featureCode = 'PPL',
  ): CityRecord => ({
    cityId,
    name,
    country,
    adminCode,
    population,
    featureCode,
    loc: { coordinates: [lng, lat] },
  });
  let index: Awaited<ReturnType<typeof buildIndex>>;
  beforeAll(async () => {
    index = await buildIndex(
      columnsOf([
        city(1, 'Springfield', 'US', 'IL', 114_000, 39.8, -89.64),
        city(2, 'Springfield', 'US', 'MA', 155_000, 42.1, -72.59),
        city(3, 'Springdale', 'US', 'AR', 84_000, 36.19, -94.13),
        city(4, 'Springfield Old Town', 'US', 'IL', 5_000, 39.8, -89.6, 'PPLH'),
        city(5, 'Springfield Centre', 'US', 'MA', 9_000, 42.1, -72.6, 'PPLX'),
      ]),
    );
  });
  const names = (q: string, extra: { lat?: number; lng?: number } = {}) =>
    searchIndex(index, { q, limit: 8, ...extra }).map((c) => `${c.name}|${c.region}`);

  it('ranks prefix matches by population, leaving out historical places and sections', () => {
    expect(names('spring')).toEqual(['Springfield|MA', 'Springfield|IL', 'Springdale|AR']);
  });

  it('breaks a tie of names by nearness', () => {
    expect(names('springfield', { lat: 39.78, lng: -89.65 })[0]).toBe('Springfield|IL');
  });

  it('tolerates one typo in a short name and two in a long one', () => {
    expect(names('sprngfield')[0]).toBe('Springfield|MA');
    expect(names('sprngfild')[0]).toBe('Springfield|MA');
    expect(names('spngfeld')).toEqual([]);
    expect(names('sprngf')[0]).toBe('Springfield|MA');
  });

  it('needs the first letter right', () => {
    expect(names('pringfield')).toEqual([]);
  });
});
