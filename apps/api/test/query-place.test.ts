/**
 * Place words in a search query (places/query-place.ts) and how the geocoder reads them
 * (geocoder.ts `resolvePlaceInIndex`): pure, no database.
 */
import { describe, expect, it } from 'vitest';
import { buildIndex, type CityRecord, columnsOf } from '../src/domains/places/city-index';
import {
  IMPLICIT_PLACE_MIN_POPULATION,
  resolvePlaceInIndex,
} from '../src/domains/places/city-search';
import { mentionsNearMe, parsePlaceQuery } from '../src/domains/places/query-place';

describe('parsePlaceQuery', () => {
  it.each([
    ['plumber near me', 'plumber'],
    ['hair stylist near me', 'hair stylist'],
    ['Near me', ''],
    ['nearby electrician', 'electrician'],
    ['cleaner close to me please', 'cleaner please'],
    ['Plumber, near me!', 'plumber'],
  ])('"%s" is near me, searching "%s"', (q, text) => {
    expect(parsePlaceQuery(q)).toEqual({ kind: 'near-me', text });
  });

  it('reads "in <place>" as an explicit place, whole name first, then with a hint', () => {
    const intent = parsePlaceQuery('hair stylist in Boston, MA');
    expect(intent.kind).toBe('named');
    if (intent.kind !== 'named') return;
    expect(intent.readings).toEqual([
      { name: 'boston ma', hint: null, text: 'hair stylist', explicit: true },
      { name: 'boston', hint: 'ma', text: 'hair stylist', explicit: true },
    ]);
  });

  it('takes the last preposition: "walk in shower fitter in salt lake city"', () => {
    const intent = parsePlaceQuery('walk in shower fitter in salt lake city');
    if (intent.kind !== 'named') throw new Error(intent.kind);
    expect(intent.readings[0]).toEqual({
      name: 'salt lake city',
      hint: null,
      text: 'walk in shower fitter',
      explicit: true,
    });
  });

  it('tries the end and the start of a query without "in", longer places first', () => {
    const intent = parsePlaceQuery('boston electrician');
    if (intent.kind !== 'named') throw new Error(intent.kind);
    expect(intent.text).toBe('boston electrician');
    const tried = intent.readings.map((r) => [r.name, r.hint, r.text, r.explicit]);
    expect(tried).toEqual([
      ['boston electrician', null, '', false],
      ['boston', 'electrician', '', false],
      ['electrician', null, 'boston', false],
      ['boston', null, 'electrician', false],
    ]);
  });

  it('reads "boston ma" at the start with its state as a hint', () => {
    const intent = parsePlaceQuery('boston ma electrician');
    if (intent.kind !== 'named') throw new Error(intent.kind);
    expect(intent.readings).toContainEqual({
      name: 'boston',
      hint: 'ma',
      text: 'electrician',
      explicit: false,
    });
  });

  it('reads an everyday word that names a city as a word, unless "in" or a hint says otherwise', () => {
    const names = (q: string) => {
      const intent = parsePlaceQuery(q);
      return intent.kind === 'named' ? intent.readings.map((r) => [r.name, r.hint]) : [];
    };
    expect(names('mobile dog grooming')).not.toContainEqual(['mobile', null]);
    expect(names('male barber')).not.toContainEqual(['male', null]);
    expect(names('mobile al dog grooming')).toContainEqual(['mobile', 'al']);
    expect(names('dog grooming in mobile')).toContainEqual(['mobile', null]);
  });

  it('answers no place for an empty query', () => {
    expect(parsePlaceQuery('  ,  ')).toEqual({ kind: 'none', text: '' });
  });

  it('tells "near me" apart from other queries and other types', () => {
    expect(mentionsNearMe('plumber near me')).toBe(true);
    expect(mentionsNearMe('plumber in boston')).toBe(false);
    expect(mentionsNearMe(['near me'])).toBe(false);
    expect(mentionsNearMe(undefined)).toBe(false);
  });
});

const city = (
  cityId: number,
  name: string,
  country: string,
  adminCode: string,
  population: number,
  lat: number,
  lng: number,
): CityRecord => ({
  cityId,
  name,
  country,
  adminCode,
  population,
  loc: { coordinates: [lng, lat] },
});

const CITIES = [
  city(1, 'Boston', 'US', 'MA', 617_594, 42.3584, -71.0598),
  city(2, 'Boston', 'GB', 'ENG', 41_340, 52.9739, -0.0269),
  city(3, 'Mobile', 'US', 'AL', 190_000, 30.6944, -88.0431),
  city(4, 'Hair', 'XX', '', 2_000, 0, 0),
  city(5, 'Quincy', 'US', 'MA', 94_000, 42.2529, -71.0023),
];

describe('resolvePlaceInIndex', () => {
  const index = buildIndex(columnsOf(CITIES), async () => undefined);

  it('takes the most populous namesake, or the one the hint names', async () => {
    const idx = await index;
    const bost = (hint: string | null) =>
      resolvePlaceInIndex(idx, { name: 'boston', hint, explicit: false });
    expect(bost(null)?.country).toBe('US');
    expect(bost('uk')?.country).toBe('GB');
    expect(bost('england')).toBeNull();
    expect(bost('eng')?.country).toBe('GB');
    expect(bost('ma')?.region).toBe('MA');
  });

  it('asks an implicit place to be a big city, an explicit one nothing', async () => {
    const idx = await index;
    expect(IMPLICIT_PLACE_MIN_POPULATION).toBeGreaterThan(94_000);
    expect(resolvePlaceInIndex(idx, { name: 'hair', hint: null, explicit: false })).toBeNull();
    expect(resolvePlaceInIndex(idx, { name: 'quincy', hint: null, explicit: false })).toBeNull();
    expect(resolvePlaceInIndex(idx, { name: 'quincy', hint: null, explicit: true })?.id).toBe(5);
    expect(resolvePlaceInIndex(idx, { name: 'quincy', hint: 'ma', explicit: false })?.id).toBe(5);
  });

  it('prefers the namesake near the searcher', async () => {
    const idx = await index;
    const near = { lat: 52.98, lng: -0.03 };
    const found = resolvePlaceInIndex(idx, { name: 'Boston', hint: null, explicit: true, near });
    expect(found?.country).toBe('GB');
  });
});
