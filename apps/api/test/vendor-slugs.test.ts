import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, vendorProfiles, vendorSlugRedirects } from '../src/db/schema';
import { vendorSlug } from '../src/domains/vendors/slug';
import { latestCode, signup, uniqueEmail, verify } from './auth-helpers';
import { bearer, ensureCategory } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ensureCategory(ctx, 'plumbing', 'Plumbing');
});
afterAll(async () => ctx?.close());

const ID = '0190a5b2-7c3d-7e4f-8a9b-0c1d2e3fa9c1';

/** A pro signed up with a business in Lisbon, verified; its token and profile row. */
async function signedUpVendor(businessName: string) {
  const email = uniqueEmail('slug');
  const challenge = await signup(ctx, email, {
    role: 'vendor',
    fullName: 'Sam Slug',
    business: {
      businessName,
      primaryCategorySlug: 'plumbing',
      city: 'Lisbon',
      country: 'PT',
      serviceRadiusKm: 30,
    },
  });
  const res = await verify(ctx, challenge.challengeId, await latestCode(ctx, email));
  expect(res.statusCode).toBe(200);
  const token = res.json().data.accessToken as string;
  const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
  return { token, profile: await profileOf(user!.id) };
}

async function profileOf(userId: string) {
  const [row] = await ctx.app.db
    .select()
    .from(vendorProfiles)
    .where(eq(vendorProfiles.userId, userId));
  return row!;
}

const rename = (token: string, businessName: string) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/v1/vendor/profile',
    headers: bearer(token),
    payload: {
      businessName,
      tagline: 'Leaks fixed the same day',
      bio: 'Family-run plumbers fixing leaks, boilers and bathrooms since 2009.',
      primaryCategorySlug: 'plumbing',
      city: 'Lisbon',
      country: 'PT',
      serviceRadiusKm: 30,
    },
  });

const redirectsOf = (vendorId: string) =>
  ctx.app.db
    .select({ slug: vendorSlugRedirects.slug })
    .from(vendorSlugRedirects)
    .where(eq(vendorSlugRedirects.vendorId, vendorId));

describe('vendorSlug', () => {
  it('is the business name in kebab case plus the last six hex digits of the id', () => {
    expect(vendorSlug('Demo Plumbing Co.', ID)).toBe('demo-plumbing-co-3fa9c1');
    expect(vendorSlug("O'Brien & Sons — Plumbing", ID)).toBe('o-brien-and-sons-plumbing-3fa9c1');
  });

  it('transliterates letters outside ASCII and falls back to the suffix alone', () => {
    expect(vendorSlug('Café São Paulo', ID)).toBe('cafe-sao-paulo-3fa9c1');
    expect(vendorSlug('★ ★ ★', ID)).toBe('3fa9c1');
  });
});

describe('vendor slugs', () => {
  it('gives a pro its slug at sign-up', async () => {
    const { profile } = await signedUpVendor('Lisboa Leaks');
    expect(profile.slug).toBe(vendorSlug('Lisboa Leaks', profile.id));
    expect(profile.slug).toMatch(/^lisboa-leaks-[0-9a-f]{6}$/);
  });

  it('moves the old slug to the redirects on a rename, and takes it back on a rename back', async () => {
    const { token, profile } = await signedUpVendor('Porto Pipes');
    const first = profile.slug!;

    expect((await rename(token, 'Porto Pipes & Drains')).statusCode).toBe(200);
    const renamed = await profileOf(profile.userId);
    expect(renamed.slug).toBe(vendorSlug('Porto Pipes & Drains', profile.id));
    expect(renamed.slug).not.toBe(first);
    expect(await redirectsOf(profile.id)).toEqual([{ slug: first }]);

    // Saving the same name again changes nothing.
    expect((await rename(token, 'Porto Pipes & Drains')).statusCode).toBe(200);
    expect((await profileOf(profile.userId)).slug).toBe(renamed.slug);
    expect(await redirectsOf(profile.id)).toHaveLength(1);

    expect((await rename(token, 'Porto Pipes')).statusCode).toBe(200);
    expect((await profileOf(profile.userId)).slug).toBe(first);
    expect(await redirectsOf(profile.id)).toEqual([{ slug: renamed.slug }]);
  });

  it('keeps a slug written by the migration backfill when the name is saved unchanged', async () => {
    const { token, profile } = await signedUpVendor('Braga Boilers & Baths');
    await ctx.app.db
      .update(vendorProfiles)
      .set({ slug: 'braga-boilers-baths-abc123' })
      .where(eq(vendorProfiles.id, profile.id));
    expect((await rename(token, 'Braga Boilers & Baths')).statusCode).toBe(200);
    expect((await profileOf(profile.userId)).slug).toBe('braga-boilers-baths-abc123');
    expect(await redirectsOf(profile.id)).toEqual([]);
  });
});
