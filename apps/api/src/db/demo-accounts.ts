/**
 * The demo logins the seed creates (db/seed.ts) and start-up warns about while they accept the
 * published password (domains/auth/demo-logins.ts): a small module of their own, so production
 * code reads these facts without importing the seed.
 */

/** The published password of the demo logins (only set where `DEMO_LOGINS` allows). */
export const DEMO_PASSWORD = 'vetted-demo-1';

/** The three demo accounts, by role. */
export const DEMO_ACCOUNTS = {
  customer: { email: 'customer@vetted.test', fullName: 'Casey Customer' },
  vendor: { email: 'vendor@vetted.test', fullName: 'Dana Demo', businessName: 'Demo Plumbing Co.' },
  admin: { email: 'admin@vetted.test', fullName: 'Avery Admin' },
} as const;

/** The domain of the seeded vendors' addresses (`<slug>-<n>@vendors.vetted.test`). */
export const SEEDED_VENDOR_EMAIL_DOMAIN = 'vendors.vetted.test';
