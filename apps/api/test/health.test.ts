import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { createTestContext, createTestDatabase } from './helpers';

/** `GET /v1/health/ready` (platform/health.ts) on the databases the tests run on. */
describe('readiness', () => {
  it('answers 200 with each dependency up, or off where this instance does not use it', async () => {
    const ctx = await createTestContext();
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const body = res.json();
      expect(body.ok).toBe(true);
      expect(Object.keys(body.data)).toEqual(['database', 'redis', 'storage', 'jobs']);
      expect(body.data.database).toBe('up');
      expect(body.data.redis).toBe(process.env.REDIS_URL ? 'up' : 'off');
      for (const status of Object.values(body.data)) expect(['up', 'off']).toContain(status);
      // Liveness is unchanged.
      const live = await ctx.app.inject({ method: 'GET', url: '/v1/health' });
      expect(live.json()).toEqual({ ok: true, data: { status: 'up' } });
    } finally {
      await ctx.close();
    }
  });

  it('answers 503 naming the database once it is unreachable, while liveness stays 200', async () => {
    const testDatabase = await createTestDatabase();
    const dir = mkdtempSync(join(tmpdir(), 'vetted-ready-'));
    const config = loadConfig(
      {
        ...process.env,
        DATABASE_URL: testDatabase.databaseUrl ?? '',
        SMTP_URL: '',
        LOG_LEVEL: 'silent',
      },
      {
        dataDir: dir,
        outboxDir: join(dir, 'outbox'),
        jwtSecret: new TextEncoder().encode('test-secret-test-secret-test-secret!'),
        seedOnStart: false,
        outboxPollMs: 0,
        overloadMaxEventLoopDelayMs: 0,
      },
    );
    const database = await openDatabase({ databaseUrl: testDatabase.databaseUrl });
    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    try {
      expect((await app.inject({ method: 'GET', url: '/v1/health/ready' })).statusCode).toBe(200);
      // The outage: PostgreSQL's database dropped (its connections terminated, `with (force)`),
      // or the embedded database closed under the running app.
      if (testDatabase.databaseUrl) await testDatabase.drop();
      else await database.close();

      const res = await app.inject({ method: 'GET', url: '/v1/health/ready' });
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.ok).toBe(false);
      expect(body.error.code).toBe('not_ready');
      // Jobs live in the same database, so they may be named with it.
      expect(body.error.message).toMatch(/^Not ready: database(, jobs are| is) down$/);
      expect(body.data.database).toBe('down');
      expect((await app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
    } finally {
      await app.close().catch(() => {});
      if (testDatabase.databaseUrl) await database.close().catch(() => {});
    }
  });
});
