import { isApiError } from '@vetted/api-client';
import { MAX_SAVED_PLACES, type SavedAddress } from '@vetted/contract';
import * as React from 'react';
import { useAddresses, useSetAddresses } from '../features/account/use-addresses';
import { useSession } from './session';

/**
 * The place that drives distances, "near you" results and the checkout's address.
 * For a signed-in person it is the default saved place of their account (`/v1/me/addresses`);
 * for a signed-out visitor a place kept in this browser (localStorage `vetted.location`).
 */
export interface SavedLocation {
  lat: number;
  lng: number;
  /** The place's name ("Home", "Office"), or "Current location" for a browser position. */
  label: string;
  /** Id of the saved place when it comes from the account. */
  id?: string;
  /** Street and number; with `city` and `country`, a full address the checkout can use. */
  line1?: string;
  city?: string;
  postcode?: string | null;
  /** ISO 3166-1 alpha-2. */
  country?: string;
}

export const LOCATION_STORAGE_KEY = 'vetted.location';
/** Label of a place that is only the browser's position. */
export const CURRENT_LOCATION_LABEL = 'Current location';

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: SavedLocation | null = null;

function read(): SavedLocation | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(LOCATION_STORAGE_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cachedValue;
  cachedRaw = raw;
  cachedValue = parse(raw);
  return cachedValue;
}

const optionalString = (v: unknown) => (typeof v === 'string' && v.trim() ? v : undefined);

function parse(raw: string | null): SavedLocation | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<Record<keyof SavedLocation, unknown>>;
    if (typeof v.lat === 'number' && typeof v.lng === 'number') {
      return {
        lat: v.lat,
        lng: v.lng,
        label: typeof v.label === 'string' ? v.label : '',
        line1: optionalString(v.line1),
        city: optionalString(v.city),
        postcode: optionalString(v.postcode) ?? null,
        country: optionalString(v.country),
      };
    }
  } catch {
    // Corrupt value: treat as unset.
  }
  return null;
}

/**
 * Keeps (or with null, forgets) a place in this browser and notifies every hook. A signed-in
 * person's place lives in their account instead: this one only shows for them while they have
 * no saved place, and is saved to the account when it is a full address (see
 * {@link useSavedLocation}).
 */
export function saveLocation(location: SavedLocation | null) {
  try {
    if (location) window.localStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(location));
    else window.localStorage.removeItem(LOCATION_STORAGE_KEY);
  } catch {
    // Storage unavailable: nothing to persist.
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === LOCATION_STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The place kept in this browser (or null), in sync across components and tabs. */
export function useBrowserLocation(): SavedLocation | null {
  return React.useSyncExternalStore(subscribe, read, () => null);
}

/** A saved place of the account as the {@link SavedLocation} the pages use. */
export function locationOf(place: SavedAddress): SavedLocation {
  return {
    id: place.id,
    lat: place.lat,
    lng: place.lng,
    label: place.label,
    line1: place.line1,
    city: place.city,
    postcode: place.postcode,
    country: place.country,
  };
}

/** A browser place with a street, city and country: one the account can save as it is. */
function isFullAddress(
  place: SavedLocation,
): place is SavedLocation & { line1: string; city: string; country: string } {
  return Boolean(place.line1 && place.city && place.country);
}

/**
 * The one-line job address of a place for the checkout ("12 Harbour Road, Boston 02110"), or
 * '' for a place without a street (a browser position).
 */
export function addressLine(place: Pick<SavedLocation, 'line1' | 'city' | 'postcode'>): string {
  if (!place.line1) return '';
  const town = [place.city, place.postcode].filter(Boolean).join(' ');
  return town ? `${place.line1}, ${town}` : place.line1;
}

/** Sessions whose browser place was already handed to the account (once per sign-in). */
const handedOver = new Set<string>();

/**
 * After sign-up or login: a full address kept in this browser is saved to the account once
 * (the default when the account has no place yet) and forgotten here. A bare browser position
 * cannot be saved (no street or city): it stays as a fallback until the account has a place.
 */
function useHandOverBrowserPlace(
  sessionKey: string | null,
  browser: SavedLocation | null,
  places: SavedAddress[] | undefined,
) {
  const setAddresses = useSetAddresses();
  React.useEffect(() => {
    if (!sessionKey || !browser || !places) return;
    if (!isFullAddress(browser)) {
      if (places.length > 0) saveLocation(null);
      return;
    }
    if (handedOver.has(sessionKey)) return;
    handedOver.add(sessionKey);
    if (places.length >= MAX_SAVED_PLACES) {
      saveLocation(null);
      return;
    }
    void (async () => {
      const { api } = await import('./vetted-api');
      try {
        await api.addresses.create({
          label: browser.label || 'Home',
          line1: browser.line1,
          city: browser.city,
          postcode: browser.postcode ?? undefined,
          country: browser.country,
          lat: browser.lat,
          lng: browser.lng,
        });
        saveLocation(null);
        await setAddresses();
      } catch (error) {
        // A place the server refuses will not pass later either; a network error may.
        if (isApiError(error) && error.status !== undefined && error.status < 500) {
          saveLocation(null);
        } else handedOver.delete(sessionKey);
      }
    })();
  }, [sessionKey, browser, places, setAddresses]);
}

/**
 * The place that drives distances, "near you" and the checkout (null when there is none):
 * signed in, the account's default saved place (SWR `GET /v1/me/addresses`), else — while the
 * account has none — a position kept in this browser; signed out, the place kept in this browser.
 */
export function useSavedLocation(): SavedLocation | null {
  const { session } = useSession();
  const browser = useBrowserLocation();
  const { data: places } = useAddresses(session !== null);
  useHandOverBrowserPlace(session?.refreshToken ?? null, browser, places);
  const preferred = session ? places?.find((p) => p.isDefault) : undefined;
  // One object per default place, so effects keyed on it do not run on every render.
  const fromAccount = React.useMemo(() => (preferred ? locationOf(preferred) : null), [preferred]);
  return fromAccount ?? browser;
}

/** Asks the browser for the current position. Rejects with a message a person can act on. */
export function getBrowserPosition(): Promise<{ lat: number; lng: number }> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('Your browser cannot share a location. Type your address instead.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude }),
      (err) =>
        reject(
          new Error(
            err.code === err.PERMISSION_DENIED
              ? 'Location permission was denied. Allow it in your browser settings or type your address.'
              : 'We could not get your location. Try again or type your address.',
          ),
        ),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 300_000 },
    );
  });
}
