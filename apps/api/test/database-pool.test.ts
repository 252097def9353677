import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { DEFAULT_POOL_MAX, openDatabase } from '../src/db/client';
import { createTestDatabase } from './helpers';

/**
 * `DATABASE_POOL_MAX`: how many connections one instance's PostgreSQL pool opens. Each
 * transaction holds one until it commits, so it bounds how many bookings run at once.
 */
const SECRET = new TextEncoder().encode('test-secret-test-secret-test-secret!');
const load = (env: Record<string, string>) => loadConfig(env, { jwtSecret: SECRET });

describe('DATABASE_POOL_MAX', () => {
  it('defaults to 10 connections and reads a whole number', () => {
    expect(DEFAULT_POOL_MAX).toBe(10);
    expect(load({}).databasePoolMax).toBe(10);
    expect(load({ DATABASE_POOL_MAX: '25' }).databasePoolMax).toBe(25);
  });

  it('refuses 0 and words, naming the variable', () => {
    for (const value of ['0', 'many']) {
      expect(() => load({ DATABASE_POOL_MAX: value })).toThrow(ConfigError);
      expect(() => load({ DATABASE_POOL_MAX: value })).toThrow(/DATABASE_POOL_MAX/);
    }
  });

  it('bounds the connections 20 concurrent queries use', async () => {
    const target = await createTestDatabase();
    const database = await openDatabase({ databaseUrl: target.databaseUrl, poolMax: 2 });
    try {
      const rows = await Promise.all(
        Array.from({ length: 20 }, () =>
          database.db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`),
        ),
      );
      const pids = new Set(rows.map((r) => ('rows' in r ? r.rows : r)[0]?.pid));
      // PostgreSQL opens connections up to the bound (the default would open 10 here); PGlite
      // is one connection whatever is asked.
      expect(pids.size).toBe(database.kind === 'postgres' ? 2 : 1);
    } finally {
      await database.close();
      await target.drop();
    }
  });
});
