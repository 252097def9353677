import { like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDatabase } from '../src/db/seed';
import { hashPassword } from '../src/domains/auth/crypto';
import { demoLoginWarning, findDemoLogins } from '../src/domains/auth/demo-logins';
import { post } from './auth-helpers';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  // As with NODE_ENV=production and DEMO_LOGINS unset.
  ctx = await createTestContext({ demoLogins: false });
  await seedDatabase(ctx.app.db, ctx.config, ctx.app.log);
}, 180_000);
afterAll(async () => ctx?.close());

describe('demo logins', () => {
  it('are not seeded when demoLogins is off, and no seeded account takes the demo password', async () => {
    const demo = await ctx.app.db.select().from(users).where(like(users.email, '%@vetted.test'));
    expect(demo).toEqual([]);
    const [vendor] = await ctx.app.db
      .select()
      .from(users)
      .where(like(users.email, '%@vendors.vetted.test'))
      .limit(1);
    expect(vendor).toBeDefined();
    const login = await post(ctx, '/v1/auth/login', {
      email: vendor!.email,
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(401);
    const found = await findDemoLogins(ctx.app.db);
    expect(found).toEqual({ emails: [], accounts: 0 });
    expect(demoLoginWarning(found)).toBeNull();
  });

  it('are found, with a warning, while one exists', async () => {
    await ctx.app.db.insert(users).values({
      id: crypto.randomUUID(),
      role: 'admin',
      email: DEMO_ACCOUNTS.admin.email,
      fullName: DEMO_ACCOUNTS.admin.fullName,
      passwordHash: await hashPassword(DEMO_PASSWORD),
      emailVerifiedAt: new Date(),
    });
    const found = await findDemoLogins(ctx.app.db);
    expect(found).toEqual({ emails: [DEMO_ACCOUNTS.admin.email], accounts: 1 });
    expect(demoLoginWarning(found)).toBe(
      `1 account accepts the published demo password (${DEMO_PASSWORD}). Fine for a local demo; on a real deployment seed with NODE_ENV=production (and DEMO_LOGINS unset) or change those passwords.`,
    );
  });
});
