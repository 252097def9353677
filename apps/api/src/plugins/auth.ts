import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import type { Role } from '@vetted/contract';
import { insertSession, isSessionActive } from '../domains/auth/repository';
import { AppError } from '../lib/errors';

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
   * Verifies an access token and that its session is not revoked (issue #6: logout revokes at
   * once). Throws AppError 401 `token_expired` ("Session expired, Please login again", spec §8)
   * when expired, 401 `session_revoked` (same message) when its session was revoked, 401
   * `invalid_token` ("Session not found") when malformed, badly signed or without a session.
   */
  verifyAccessToken(token: string): Promise<VerifiedAccess>;
  /**
   * Marks sessions revoked in this instance's cache at once and tells every other instance
   * through `app.events` (channel {@link REVOKED_CHANNEL}). Call it after the transaction that
   * set `auth_sessions.revoked_at` committed.
   */
  revokeSessions(sessionIds: string[]): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

const ISSUER = 'vetted';
const AUDIENCE = 'vetted-api';
/** Event-bus channel of session revocations: payload `{ sessionIds: string[] }`. */
export const REVOKED_CHANNEL = 'auth:revoked';
/**
 * How long a "session is active" answer is cached, in ms. Revocations reach every instance at
 * once through the event bus; this bounds the damage of a lost bus message.
 */
const ACTIVE_CACHE_TTL_MS = 60_000;

/**
 * Access tokens (ARCHITECTURE §2): short-lived jose JWTs that carry their session id (`sid`).
 * The hook of every authenticated route (`verifyAccessToken`) rejects tokens of revoked
 * sessions, looked up in `auth_sessions` through an LRU cache that revocations update, here and
 * on every other instance (`app.events`, Redis when `REDIS_URL` is set).
 */
export default fp(
  async (app: FastifyInstance, opts: { secret: Uint8Array; ttlS: number }) => {
    // true = active (for ACTIVE_CACHE_TTL_MS), false = revoked (until its tokens have expired).
    const cache = new LRUCache<string, boolean>({ max: 50_000, ttl: ACTIVE_CACHE_TTL_MS });
    const markRevoked = (ids: string[]) => {
      for (const id of ids) cache.set(id, false, { ttl: opts.ttlS * 1000 + 60_000 });
    };
    const unsubscribe = app.events.subscribe<{ sessionIds?: unknown }>(
      REVOKED_CHANNEL,
      (payload) => {
        const ids = Array.isArray(payload?.sessionIds) ? payload.sessionIds : [];
        markRevoked(ids.filter((id): id is string => typeof id === 'string'));
      },
    );
    app.addHook('onClose', async () => unsubscribe());

    async function sessionActive(sessionId: string): Promise<boolean> {
      const cached = cache.get(sessionId);
      if (cached !== undefined) return cached;
      const active = await isSessionActive(app.db, sessionId);
      // A revocation that landed while we read wins over our (older) answer.
      if (!cache.has(sessionId)) {
        if (active) cache.set(sessionId, true);
        else markRevoked([sessionId]);
      }
      return cache.get(sessionId) ?? active;
    }

    const service: AuthService = {
      async signAccessToken(user, existingSessionId) {
        let sessionId = existingSessionId;
        if (!sessionId) {
          sessionId = randomUUID();
          await insertSession(app.db, { id: sessionId, userId: user.id, at: new Date() });
        }
        const expiresAt = new Date(Date.now() + opts.ttlS * 1000);
        const token = await new SignJWT({ role: user.role, sid: sessionId })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
          .sign(opts.secret);
        return { token, expiresAt, sessionId };
      },
      async verifyAccessToken(token) {
        let verified: VerifiedAccess;
        try {
          const { payload } = await jwtVerify(token, opts.secret, {
            issuer: ISSUER,
            audience: AUDIENCE,
            algorithms: ['HS256'],
          });
          const { role, sid } = payload;
          if (
            typeof payload.sub !== 'string' ||
            typeof sid !== 'string' ||
            (role !== 'customer' && role !== 'vendor' && role !== 'admin')
          ) {
            throw new AppError(401, 'Session not found', 'invalid_token');
          }
          verified = { id: payload.sub, role, sessionId: sid };
        } catch (err) {
          if (err instanceof AppError) throw err;
          if (err instanceof joseErrors.JWTExpired) {
            throw new AppError(401, 'Session expired, Please login again', 'token_expired');
          }
          throw new AppError(401, 'Session not found', 'invalid_token');
        }
        if (!(await sessionActive(verified.sessionId))) {
          throw new AppError(401, 'Session expired, Please login again', 'session_revoked');
        }
        return verified;
      },
      async revokeSessions(sessionIds) {
        if (sessionIds.length === 0) return;
        markRevoked(sessionIds);
        try {
          await app.events.publish(REVOKED_CHANNEL, { sessionIds });
        } catch (err) {
          // Other instances still drop the session within ACTIVE_CACHE_TTL_MS.
          app.log.warn({ err }, 'could not broadcast a session revocation');
        }
      },
    };
    app.decorate('auth', service);
  },
  { name: 'auth', dependencies: ['platform'] },
);
