import { like } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../db/seed';
import { verifyPassword } from './crypto';
import { countUsersWithPasswordHash, passwordHashesOf } from './repository';

/** Accounts that accept the published demo password, see {@link findDemoLogins}. */
export interface DemoLogins {
  /** Demo addresses (`DEMO_ACCOUNTS`) whose password is still `DEMO_PASSWORD`. */
  emails: string[];
  /** Every account sharing one of their password hashes (the seed gives its vendors the same). */
  accounts: number;
}

/**
 * Finds the accounts a stranger could sign in to with the published demo password (issue #6):
 * the demo addresses, plus every account sharing the hash of a demo address or of a seeded
 * vendor (`*@vendors.vetted.test`) whose password is the demo one. A few argon2 checks.
 */
export async function findDemoLogins(db: DbOrTx): Promise<DemoLogins> {
  const demoEmails: string[] = Object.values(DEMO_ACCOUNTS).map((a) => a.email);
  const candidates = await passwordHashesOf(db, demoEmails);
  const [seededVendor] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(like(users.email, '%@vendors.vetted.test'))
    .limit(1);
  if (seededVendor) candidates.push(seededVendor);
  const matching: { email: string; passwordHash: string }[] = [];
  for (const candidate of candidates) {
    if (await verifyPassword(candidate.passwordHash, DEMO_PASSWORD)) matching.push(candidate);
  }
  const hashes = [...new Set(matching.map((m) => m.passwordHash))];
  return {
    emails: matching.map((m) => m.email).filter((e) => demoEmails.includes(e)),
    accounts: await countUsersWithPasswordHash(db, hashes),
  };
}

/** The start-up warning while demo logins exist (any NODE_ENV), or null when there are none. */
export function demoLoginWarning(found: DemoLogins): string | null {
  if (found.accounts === 0) return null;
  return `${found.accounts} ${found.accounts === 1 ? 'account accepts' : 'accounts accept'} the published demo password (${DEMO_PASSWORD}). Fine for a local demo; on a real deployment seed with NODE_ENV=production (and DEMO_LOGINS unset) or change those passwords.`;
}
