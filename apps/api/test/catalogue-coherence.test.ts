import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { services } from '../src/db/schema';
import { bearer, createVendor, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * Catalogue caches stay coherent across API instances (ARCHITECTURE §6): two apps, each with its
 * own caches and generations (domains/catalogue/cache.ts, nothing shared in modules), on one
 * PostgreSQL database and one Redis — as two instances behind a balancer.
 */
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
if (!shared) {
  console.warn(
    'catalogue-coherence.test.ts: skipped — two instances need a shared PostgreSQL and Redis; set DATABASE_URL and REDIS_URL',
  );
}

/** The bound: every instance serves a write within a second. */
const PROPAGATION_MS = 1000;
const CACHE_TTL_MS = 60_000;

let a: TestContext;
let bDatabase: Database;
let b: FastifyInstance;
let vendor: TestVendor;

beforeAll(async () => {
  if (!shared) return;
  a = await createTestContext({ catalogueCacheTtlMs: CACHE_TTL_MS });
  bDatabase = await openDatabase({ databaseUrl: a.config.databaseUrl });
  b = await buildApp({ config: a.config, database: bDatabase, logger: false });
  await b.ready();
  vendor = await createVendor(a, { businessName: 'Lumen Electrics', category: 'electrical' });
});

afterAll(async () => {
  await b?.close();
  await bDatabase?.close();
  await a?.close();
});

async function title(app: FastifyInstance): Promise<string> {
  const res = await app.inject({ method: 'GET', url: `/v1/services/${vendor.serviceId}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.title;
}

async function found(app: FastifyInstance, q: string): Promise<string[]> {
  const res = await app.inject({ method: 'GET', url: `/v1/vendors?q=${encodeURIComponent(q)}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.items.map((v: { id: string }) => v.id);
}

describe.runIf(shared)('two instances on one PostgreSQL and Redis', () => {
  it('serve a pro’s renamed service, and search its new words, within a second of the write', async () => {
    const before = await title(b);
    // B answers from its cache: a change that skips the use case (no purge) does not show.
    await a.app.db
      .update(services)
      .set({ title: 'Unpublished title' })
      .where(eq(services.id, vendor.serviceId));
    expect(await title(b)).toBe(before);
    // Spelling corrections come from the vocabulary B has read: the word is not in it yet.
    expect(await found(b, 'chandelir')).not.toContain(vendor.vendorId);

    const res = await a.app.inject({
      method: 'PATCH',
      url: `/v1/vendor/services/${vendor.serviceId}`,
      headers: bearer(vendor.token),
      payload: { title: 'Chandelier installation' },
    });
    expect(res.statusCode).toBe(200);
    const written = Date.now();
    // The writer reads its own write at once.
    expect(await title(a.app)).toBe('Chandelier installation');
    expect(await found(a.app, 'chandelir')).toContain(vendor.vendorId);

    // B drops its copy when the purge arrives through Redis: poll, bounded by the second.
    let seen = await title(b);
    while (seen !== 'Chandelier installation' && Date.now() - written < PROPAGATION_MS) {
      await new Promise((resolve) => setImmediate(resolve));
      seen = await title(b);
    }
    expect(seen).toBe('Chandelier installation');
    expect(Date.now() - written).toBeLessThanOrEqual(PROPAGATION_MS);
    // And its search vocabulary was marked stale by the same purge.
    expect(await found(b, 'chandelir')).toContain(vendor.vendorId);
  });
});
