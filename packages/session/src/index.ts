export type { Role, Session } from '@vetted/contract';
export {
  COOKIE_MARGIN_MS,
  DEFAULT_COOKIE_MAX_AGE_S,
  REFRESH_LOCK_NAME,
  REFRESH_THRESHOLD_MS,
  SESSION_COOKIE,
  SESSION_ERRORS,
  type SessionErrorCode,
} from './constants';
export {
  clearSessionCookie,
  createDocumentCookieJar,
  createMemoryCookieJar,
  parseSessionCookie,
  readCookie,
  serializeCookie,
  serializeSessionCookie,
  sessionCookieMaxAgeS,
  type CookieJar,
  type CookieOptions,
} from './cookie';
export { buildLink, type BuildLinkOptions, type LinkQuery, type LinkQueryValue } from './links';
export {
  createSessionManager,
  type RefreshLocks,
  type SessionManager,
  type SessionManagerOptions,
} from './manager';
export {
  isStaticAssetPath,
  normalizePathname,
  pathArea,
  PUBLIC_PATHS,
  PUBLIC_PREFIXES,
  resolveAccess,
  ROLE_HOME,
  ROUTES,
  type AccessDecision,
  type PathArea,
} from './routes';
export { isSessionError, SessionError } from './session-error';
