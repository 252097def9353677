import * as React from 'react';

/** Where a checkout attempt's key is kept in sessionStorage; `scope` is "serviceId:startsAt". */
const storageKeyOf = (scope: string) => `vetted.checkout.${scope}`;

/**
 * One idempotency key (a random UUID) per checkout attempt (service + slot), kept in
 * sessionStorage so a double click, a retry after a network error or a reload never books twice.
 * Without sessionStorage (private mode, blocked) the key lives as long as the component.
 */
export function useIdempotencyKey(scope: string): string {
  return React.useMemo(() => {
    const storageKey = storageKeyOf(scope);
    try {
      const existing = window.sessionStorage.getItem(storageKey);
      if (existing) return existing;
      const key = crypto.randomUUID();
      window.sessionStorage.setItem(storageKey, key);
      return key;
    } catch {
      return crypto.randomUUID();
    }
  }, [scope]);
}

/**
 * Ends the attempt of `scope`: the next booking of that slot gets a new key, so it is not
 * answered with this attempt's order (paid, expired or refused). The key in memory is unchanged.
 */
export function forgetIdempotencyKey(scope: string): void {
  try {
    window.sessionStorage.removeItem(storageKeyOf(scope));
  } catch {
    // Nothing stored.
  }
}
