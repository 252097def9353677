/** Name of the cookie holding the JSON session (spec §3). */
export const SESSION_COOKIE = 'user_session';

/** The session cookie dies this long before the access token expires, in ms (spec §9: 5-minute margin). */
export const COOKIE_MARGIN_MS = 5 * 60_000;

/** Auto-refresh starts when the access token expires in less than this, in ms (spec §9: 10 minutes). */
export const REFRESH_THRESHOLD_MS = 10 * 60_000;

/** Name of the Web Lock that serialises session refreshes across the tabs of an origin. */
export const REFRESH_LOCK_NAME = 'vetted-session-refresh';

/** Max age of cookies other than the session, in seconds (spec §9: 3600 s). */
export const DEFAULT_COOKIE_MAX_AGE_S = 3600;

/** Messages of session failures (spec §8), keyed by {@link SessionErrorCode}. */
export const SESSION_ERRORS = {
  notFound: 'Session not found',
  noActive: 'No active session',
  refreshFailed: 'Session refresh failed',
  unexpected: 'Unexpected error',
  expired: 'Session expired, Please login again',
} as const;

/** Which session failure happened; the key of its message in {@link SESSION_ERRORS}. */
export type SessionErrorCode = keyof typeof SESSION_ERRORS;
