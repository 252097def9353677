/** Sessions (spec §7): refresh-token rotation and logout. */
import { randomUUID } from 'node:crypto';
import type { Session } from '@vetted/contract';
import { forbidden, unauthorized } from '../../../lib/errors';
import { hashRefreshToken, successorRefreshToken } from '../crypto';
import { AUTH_MESSAGES as M } from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import {
  type AuthServiceDeps,
  buildSession,
  fail,
  ok,
  type Outcome,
  settle,
  type StartedSession,
} from './context';

/**
 * `POST /auth/reset-token` (spec §7): rotates a refresh token to its successor. A repeated
 * or concurrent refresh with the just-rotated token within REFRESH_REUSE_GRACE_MS (30 s)
 * gets the same successor (two tabs do not log each other out); after it, a replay revokes
 * the session. The row is locked `FOR UPDATE`, so concurrent refreshes queue.
 * @throws AppError 401 `invalid_refresh_token` ("Session not found"), 401 `refresh_expired` /
 *   `refresh_revoked` / `refresh_reused` ("Session expired, Please login again"),
 *   403 `account_suspended`.
 */
export async function refresh(deps: AuthServiceDeps, token: string): Promise<Session> {
  const { db, clock, config, log } = deps;
  const secret = config.jwtSecret;
  const outcome = await db.transaction(async (tx): Promise<Outcome<StartedSession>> => {
    const now = clock.now();
    const row = await repo.findRefreshToken(tx, hashRefreshToken(token), true);
    if (!row) return fail(unauthorized(M.sessionNotFound, 'invalid_refresh_token'));
    let session = await repo.findSession(tx, row.familyId);
    if (!session && !row.revokedAt) {
      // A family from before sessions had rows: give it one.
      await repo.insertSession(tx, { id: row.familyId, userId: row.userId, at: row.createdAt });
      session = { userId: row.userId, revokedAt: null };
    }
    const decision = policy.decideRefresh(row, !session || session.revokedAt !== null, now);
    if (decision === 'revoked') return fail(unauthorized(M.sessionExpired, 'refresh_revoked'));
    if (decision === 'expired') return fail(unauthorized(M.sessionExpired, 'refresh_expired'));
    if (decision === 'reuse') {
      const revoked = await repo.revokeSessions(tx, [row.familyId], now);
      log.warn({ sessionId: row.familyId }, 'refresh token replayed: session revoked');
      return fail(unauthorized(M.sessionExpired, 'refresh_reused'), revoked);
    }
    const user = await repo.findUserById(tx, row.userId);
    if (!user || user.deletedAt) {
      return fail(unauthorized(M.sessionNotFound, 'invalid_refresh_token'));
    }
    if (user.status !== 'active') {
      const revoked = await repo.revokeSessions(tx, [row.familyId], now);
      return fail(forbidden(M.suspended, 'account_suspended'), revoked);
    }
    const successor = successorRefreshToken(secret, row.tokenHash);
    if (decision === 'rotate') {
      const successorId = randomUUID();
      await repo.insertRefreshToken(tx, {
        id: successorId,
        userId: row.userId,
        tokenHash: hashRefreshToken(successor),
        familyId: row.familyId,
        expiresAt: new Date(now.getTime() + config.refreshTokenTtlS * 1000),
        createdAt: now,
      });
      await repo.markRotated(tx, row.id, successorId, now);
    }
    // 'grace': the successor's row was written when `row` was rotated.
    return ok({
      user: { id: user.id, role: user.role },
      sessionId: row.familyId,
      refreshToken: successor,
    });
  });
  return buildSession(deps, await settle(deps, outcome));
}

/**
 * `POST /auth/logout`: revokes the session of the refresh token and/or of the access token
 * (`sid`), at once on every instance. Idempotent: unknown tokens are ignored.
 */
export async function logout(
  deps: AuthServiceDeps,
  input: { refreshToken?: string | null; accessToken?: string | null },
): Promise<{ loggedOut: true }> {
  const { db, clock, tokens } = deps;
  const ids = new Set<string>();
  if (input.accessToken) {
    const access = await tokens.verifyAccessToken(input.accessToken).catch(() => null);
    if (access) ids.add(access.sessionId);
  }
  if (input.refreshToken) {
    const row = await repo.findRefreshToken(db, hashRefreshToken(input.refreshToken));
    if (row) ids.add(row.familyId);
  }
  if (ids.size > 0) {
    const list = [...ids];
    await db.transaction((tx) => repo.revokeSessions(tx, list, clock.now()));
    await tokens.revokeSessions(list);
  }
  return { loggedOut: true };
}
