import * as React from 'react';

/** A place the person chose for "near you" results; saved in localStorage. */
export interface SavedLocation {
  lat: number;
  lng: number;
  /** Human label, e.g. the street address or "Current location". */
  label: string;
}

export const LOCATION_STORAGE_KEY = 'vetted.location';
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

function parse(raw: string | null): SavedLocation | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<SavedLocation>;
    if (typeof v.lat === 'number' && typeof v.lng === 'number') {
      return { lat: v.lat, lng: v.lng, label: typeof v.label === 'string' ? v.label : '' };
    }
  } catch {
    // Corrupt value: treat as unset.
  }
  return null;
}

/** Saves (or with null, forgets) the location and notifies every hook. */
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

/** The saved location (or null), kept in sync across components and tabs. */
export function useSavedLocation(): SavedLocation | null {
  return React.useSyncExternalStore(subscribe, read, () => null);
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
