import type { FastifyInstance } from 'fastify';
import type { Session } from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../plugins/auth';
import { issueRefreshToken } from './refresh-tokens';

/**
 * The session of spec §3 for `user`: a fresh access token and `refreshToken`.
 * `expiresIn` is the ISO date-time at which the access token expires.
 */
export async function buildSession(
  app: FastifyInstance,
  user: AuthUser,
  refreshToken: string,
): Promise<Session> {
  const access = await app.auth.signAccessToken(user);
  return {
    accessToken: access.token,
    refreshToken,
    expiresIn: access.expiresAt.toISOString(),
    role: user.role,
  };
}

/** A session starting a new refresh-token family (after a verified OTP). */
export async function startSession(
  app: FastifyInstance,
  db: DbOrTx,
  user: AuthUser,
): Promise<Session> {
  const refresh = await issueRefreshToken(db, {
    userId: user.id,
    ttlS: app.config.refreshTokenTtlS,
  });
  return buildSession(app, user, refresh.token);
}
