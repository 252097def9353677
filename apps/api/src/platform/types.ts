import type { Role } from '@vetted/contract';

/** The caller of an authenticated request, from the access token. */
export interface AuthUser {
  id: string;
  role: Role;
}

/** A verified access token: its user and the session (refresh-token family) it belongs to. */
export interface VerifiedAccess extends AuthUser {
  /** The `sid` claim: `auth_sessions.id`. */
  sessionId: string;
}

/** `app.auth` (platform/auth.ts): access tokens and their sessions. */
export interface AuthService {
  /**
   * Signs an HS256 access token for `user` in session `sessionId` (its `sid` claim), valid
   * `ttlS` seconds (`ACCESS_TOKEN_TTL_S`, default 900). Returns the JWT and its expiry. Without
   * `sessionId` it first starts a new session of the (existing) user, e.g. for test fixtures.
   */
  signAccessToken(
    user: AuthUser,
    sessionId?: string,
  ): Promise<{ token: string; expiresAt: Date; sessionId: string }>;
  /**
   * Verifies an access token and that its session is not revoked (logout revokes at once).
   * Throws AppError 401 `token_expired` ("Session expired, Please login again", spec §8)
   * when expired, 401 `session_revoked` (same message) when its session was revoked, 401
   * `invalid_token` ("Session not found") when malformed, badly signed or without a session.
   */
  verifyAccessToken(token: string): Promise<VerifiedAccess>;
  /**
   * Marks sessions revoked in this instance's cache at once and tells every other instance
   * through `app.events` (channel `REVOKED_CHANNEL` of platform/auth.ts). Call it after the
   * transaction that set `auth_sessions.revoked_at` committed.
   */
  revokeSessions(sessionIds: string[]): Promise<void>;
}

/** An unsubscribe function; `ready` resolves once the subscription is live (Redis acknowledges it). */
export type Unsubscribe = (() => void) & { ready: Promise<void> };

/**
 * Pub/sub between the parts of the app — and between API instances when `REDIS_URL` is set
 * (ARCHITECTURE §2 realtime, §6). Payloads must be JSON-serialisable; handlers run
 * asynchronously after `publish` resolves, on every instance subscribed to the channel.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe<T = unknown>(
    channel: string,
    handler: (payload: T) => void | Promise<void>,
  ): Unsubscribe;
}
