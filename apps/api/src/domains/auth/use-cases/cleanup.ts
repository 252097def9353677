/** Housekeeping of the auth tables. */
import * as policy from '../policy';
import * as repo from '../repository';
import type { AuthServiceDeps, AuthCleanupResult } from './context';

/**
 * Housekeeping, by the service's clock: deletes accounts left unverified for 24 h (an
 * unverified sign-up does not squat an address), and challenges, decoys, wrong-code records and
 * sessions no rule reads any more. Returns what it deleted. Run hourly by the `auth.cleanup`
 * schedule (jobs/registry.ts).
 */
export async function cleanup(deps: AuthServiceDeps): Promise<AuthCleanupResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const unverifiedUsers = await repo.deleteUnverifiedUsers(db, policy.unverifiedCutoff(now));
  const stale = await repo.deleteStaleAuthRows(db, {
    before: new Date(now.getTime() - policy.AUTH_ROW_RETENTION_MS),
    failuresBefore: policy.failureWindowStart(now),
  });
  return { unverifiedUsers, ...stale };
}
