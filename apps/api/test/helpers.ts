import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { buildApp } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { openDatabase, type Database } from '../src/db/client';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Delivers every due outbox row (mails, notifications, realtime events, payment jobs). */
  drain(): Promise<number>;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh, migrated database for one test file: in-memory PGlite by default, or
 * a brand-new PostgreSQL database (created from `DATABASE_URL`, dropped on close) when set.
 */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const dir = mkdtempSync(join(tmpdir(), 'vetted-test-'));
  let databaseUrl: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  if (process.env.DATABASE_URL) {
    const name = `vetted_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(process.env.DATABASE_URL);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const config = loadConfig(
    { ...process.env, DATABASE_URL: databaseUrl ?? '', SMTP_URL: '', LOG_LEVEL: 'silent' },
    {
      dataDir: dir,
      uploadDir: join(dir, 'uploads'),
      outboxDir: join(dir, 'outbox'),
      jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
      seedOnStart: false,
      rateLimitPerMinute: 100_000,
      // Tests change the catalogue between reads; catalogue.test.ts covers the cache itself.
      catalogueCacheTtlMs: 0,
      authRateLimitPerMinute: 100_000,
      // A busy test machine lags the event loop (PGlite is WASM); load shedding has its own test.
      overloadMaxEventLoopDelayMs: 0,
      // Side effects are delivered only when a test calls `ctx.drain()`: no timer races asserts.
      outboxPollMs: 0,
      ...overrides,
    },
  );
  const database = await openDatabase({ databaseUrl });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    drain: () => app.outbox.drain(),
    async close() {
      await app.close();
      await database.close();
      await dropDatabase?.();
    },
  };
}
