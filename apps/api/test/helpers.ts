import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Delivers every due job (mails, notifications, realtime events, payment jobs). */
  drain(): Promise<number>;
  close(): Promise<void>;
}

/** Where {@link createTestDatabase} put a new database, and how to remove it. */
export interface TestDatabase {
  /** Set on PostgreSQL (`DATABASE_URL`): the new database's URL. */
  databaseUrl?: string;
  /** Set on PGlite when a folder was asked for (to open the same database twice). */
  pgliteDir?: string;
  /** Drops the PostgreSQL database (after every connection to it is closed). */
  drop(): Promise<void>;
}

/**
 * A brand-new, empty database: on PostgreSQL when `DATABASE_URL` is set (created from it,
 * dropped by `drop()`), else PGlite — in a new temporary folder with `persistent`, so it can be
 * closed and opened again, or in memory.
 */
export async function createTestDatabase({
  persistent = false,
}: {
  persistent?: boolean;
} = {}): Promise<TestDatabase> {
  if (process.env.DATABASE_URL) {
    const name = `vetted_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    return {
      databaseUrl: url.toString(),
      async drop() {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  return {
    pgliteDir: persistent ? join(mkdtempSync(join(tmpdir(), 'vetted-db-')), 'pglite') : undefined,
    drop: async () => {},
  };
}

/**
 * A fresh app on a fresh, migrated database for one test file: in-memory PGlite by default, or
 * a brand-new PostgreSQL database (created from `DATABASE_URL`, dropped on close) when set.
 * `dbLogger` sees every statement the app runs (to count queries).
 */
export async function createTestContext(
  overrides: Partial<Config> = {},
  {
    dbLogger,
    testDatabase: given,
  }: {
    dbLogger?: Logger;
    /**
     * A database made by {@link createTestDatabase} (and already migrated, e.g. by the API
     * processes a test started on it) instead of a new one; still dropped by `close()`.
     */
    testDatabase?: TestDatabase;
  } = {},
): Promise<TestContext> {
  const dir = mkdtempSync(join(tmpdir(), 'vetted-test-'));
  const testDatabase = given ?? (await createTestDatabase());
  const databaseUrl = testDatabase.databaseUrl;
  const config = loadConfig(
    { ...process.env, DATABASE_URL: databaseUrl ?? '', SMTP_URL: '', LOG_LEVEL: 'silent' },
    {
      dataDir: dir,
      uploadDir: join(dir, 'uploads'),
      privateUploadDir: join(dir, 'private'),
      outboxDir: join(dir, 'outbox'),
      jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
      seedOnStart: false,
      rateLimitPerMinute: 100_000,
      // Tests change the catalogue between reads; catalogue.test.ts covers the cache itself.
      catalogueCacheTtlMs: 0,
      authRateLimitPerMinute: 100_000,
      // A busy test machine lags the event loop (PGlite is WASM); load shedding has its own test.
      overloadMaxEventLoopDelayMs: 0,
      // Concurrency tests fire many requests at once; the in-flight limit has its own test too.
      overloadMaxInFlight: 0,
      // Side effects are delivered only when a test calls `ctx.drain()`: no timer races asserts.
      outboxPollMs: 0,
      ...overrides,
    },
  );
  const database = await openDatabase({ databaseUrl, logger: dbLogger });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    drain: () => app.jobs.drain(),
    async close() {
      await app.close();
      await database.close();
      await testDatabase.drop();
    },
  };
}
