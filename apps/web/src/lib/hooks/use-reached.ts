import * as React from 'react';

/** Longest delay `setTimeout` honours (2^31 − 1 ms, about 24.8 days); longer waits re-arm. */
const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * True once the clock reaches `atMs` (ms epoch), re-rendering at that instant, so a button that
 * becomes allowed at a time (e.g. "Start job" 30 minutes before the slot) turns on by itself
 * on an open page. `null` → false. `now` is injectable for stories and tests (default
 * `Date.now`); a fixed `now` never re-renders.
 */
export function useReached(atMs: number | null, now: () => number = Date.now): boolean {
  const [, tick] = React.useReducer((n: number) => n + 1, 0);
  const reached = atMs !== null && now() >= atMs;
  React.useEffect(() => {
    if (atMs === null || reached || now !== Date.now) return;
    const timer = setTimeout(tick, Math.min(Math.max(atMs - now(), 0), MAX_TIMEOUT_MS));
    return () => clearTimeout(timer);
  });
  return reached;
}
