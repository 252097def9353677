import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { LRUCache } from 'lru-cache';
import { insertSession, isSessionActive } from '../domains/auth';
import { AppError } from '../lib/errors';
import type { AuthService, AuthUser, VerifiedAccess } from './types';

export type { AuthService, AuthUser, VerifiedAccess } from './types';

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

/** An HS256 JWT of `user` in session `sessionId` (`sid`), expiring at `expiresAt`. */
function signJwt(
  user: AuthUser,
  sessionId: string,
  expiresAt: Date,
  secret: Uint8Array,
): Promise<string> {
  return new SignJWT({ role: user.role, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(user.id)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(secret);
}

/**
 * The user and session of a well-formed, well-signed, unexpired access token (its session not
 * checked yet). Throws AppError 401 `token_expired` when expired, 401 `invalid_token` otherwise.
 */
async function verifyJwt(token: string, secret: Uint8Array): Promise<VerifiedAccess> {
  try {
    const { payload } = await jwtVerify(token, secret, {
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
    return { id: payload.sub, role, sessionId: sid };
  } catch (err) {
    if (err instanceof AppError) throw err;
    if (err instanceof joseErrors.JWTExpired) {
      throw new AppError(401, 'Session expired, Please login again', 'token_expired');
    }
    throw new AppError(401, 'Session not found', 'invalid_token');
  }
}

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
        const token = await signJwt(user, sessionId, expiresAt, opts.secret);
        return { token, expiresAt, sessionId };
      },
      async verifyAccessToken(token) {
        const verified = await verifyJwt(token, opts.secret);
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
  { name: 'auth', dependencies: ['events'] },
);
