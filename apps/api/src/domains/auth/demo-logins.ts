import type { DbOrTx } from '../../db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, SEEDED_VENDOR_EMAIL_DOMAIN } from '../../db/demo-accounts';
import { verifyPassword } from './crypto';
import { anyPasswordHashAt, countUsersWithPasswordHash, passwordHashesOf } from './repository';

/** Accounts that accept the published demo password, see {@link findDemoLogins}. */
export interface DemoLogins {
  /** Demo addresses (`DEMO_ACCOUNTS`) whose password is still `DEMO_PASSWORD`. */
  emails: string[];
  /** Every account sharing one of their password hashes (the seed gives its vendors the same). */
  accounts: number;
}

/**
 * Finds the accounts a stranger could sign in to with the published demo password:
 * the demo addresses, plus every account sharing the hash of a demo address or of a seeded
 * vendor (`*@vendors.vetted.test`) whose password is the demo one. One argon2 check per
 * distinct password hash among those accounts.
 */
export async function findDemoLogins(db: DbOrTx): Promise<DemoLogins> {
  const demoEmails: string[] = Object.values(DEMO_ACCOUNTS).map((a) => a.email);
  const candidates = await passwordHashesOf(db, demoEmails);
  const seededVendor = await anyPasswordHashAt(db, SEEDED_VENDOR_EMAIL_DOMAIN);
  if (seededVendor) candidates.push(seededVendor);
  // One argon2 check per distinct hash (~20 ms and 19 MiB each): the seed gives all its
  // accounts the same one, so a start usually checks one hash, not four.
  const hashes: string[] = [];
  for (const hash of new Set(candidates.map((c) => c.passwordHash))) {
    if (await verifyPassword(hash, DEMO_PASSWORD)) hashes.push(hash);
  }
  const matching = candidates.filter((c) => hashes.includes(c.passwordHash));
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
