import { describe, expect, it } from 'vitest';
import { savedPlaces } from '../src/fixtures/places';
import { browserCountry, COUNTRY_OPTIONS, countryName } from '../src/lib/countries';
import { addressLine, locationOf } from '../src/lib/location';

describe('saved places in the web app', () => {
  it('writes the checkout address of a place on one line', () => {
    expect(addressLine(locationOf(savedPlaces[0]!))).toBe('12 Harbour Road, Flat 3, Boston 02110');
    expect(addressLine(locationOf(savedPlaces[1]!))).toBe('1 Kendall Square, Cambridge');
  });

  it('has no checkout address for a bare browser position', () => {
    expect(addressLine({ line1: undefined, city: 'Boston' })).toBe('');
  });

  it('keeps the id, label and position of a saved place', () => {
    expect(locationOf(savedPlaces[2]!)).toMatchObject({
      id: savedPlaces[2]!.id,
      label: "Mum's",
      lat: 48.85341,
      lng: 2.3488,
      country: 'FR',
    });
  });

  it('names countries in English and lists them by name', () => {
    expect(countryName('GB')).toBe('United Kingdom');
    const names = COUNTRY_OPTIONS.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(COUNTRY_OPTIONS.find((c) => c.code === 'US')?.name).toBe('United States');
  });

  it('guesses a country the contract knows, else the fallback', () => {
    expect(COUNTRY_OPTIONS.map((c) => c.code)).toContain(browserCountry('GB'));
  });
});
