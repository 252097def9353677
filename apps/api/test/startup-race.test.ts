/**
 * Several instances started at the same moment on an empty PostgreSQL database (a deployment's
 * first roll-out) all come up: the migrations are applied once and the demo seed written once,
 * under the start-up advisory lock (db/client.ts `STARTUP_LOCK_KEY`), while the other instances
 * wait and then find both done. Before the lock, one of them died with `duplicate key …
 * (nspname)=(drizzle)` or `(typname)=(order_status)`.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { DEMO_ACCOUNTS, SEED_VERSION } from '../src/db/seed';
import { createTestDatabase, type TestDatabase } from './helpers';
import { type ServerProcess, startServer } from './processes';

// Instances share a database only on PostgreSQL (a PGlite folder is one process's, and its lock
// is tested in startup.test.ts). CI sets DATABASE_URL; without it this file says it skipped.
const onPostgres = Boolean(process.env.DATABASE_URL);
if (!onPostgres) {
  console.warn('startup-race.test.ts: skipped — set DATABASE_URL to run it (PostgreSQL only)');
}

const INSTANCES = 3;
/** Up to a seed's time under load (~15 s on a quiet 2-core machine), for every instance. */
const START_TIMEOUT_MS = 600_000;

const journal = (
  JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  }
).entries;

let testDatabase: TestDatabase | undefined;
let servers: ServerProcess[] = [];
afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await testDatabase?.drop();
});

/** What an instance's start-up log line says it did (server.ts `database: …`). */
function startupOf(server: ServerProcess): { migrationsApplied: number; seed: string } {
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; migrationsApplied?: number; seed?: string };
    if (entry.msg?.startsWith('database: ') && entry.seed !== undefined) {
      return { migrationsApplied: entry.migrationsApplied ?? -1, seed: entry.seed };
    }
  }
  throw new Error(`no start-up line in the output:\n${server.output()}`);
}

describe(`${INSTANCES} instances started together on an empty PostgreSQL database`, () => {
  it.skipIf(!onPostgres)(
    'all become ready; the schema is applied once and the seed written once',
    async () => {
      testDatabase = await createTestDatabase();
      const env = {
        DATABASE_URL: testDatabase.databaseUrl!,
        SEED_ON_START: 'true',
        MIGRATE_ON_START: 'true',
        LOG_LEVEL: 'info',
        SMTP_URL: '',
      };
      const starts = await Promise.allSettled(
        Array.from({ length: INSTANCES }, () =>
          startServer(
            { ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'vetted-race-')) },
            START_TIMEOUT_MS,
          ),
        ),
      );
      servers = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      const failed = starts.flatMap((s) => (s.status === 'rejected' ? [String(s.reason)] : []));
      expect(failed, failed.join('\n\n')).toEqual([]);
      for (const server of servers) {
        expect((await fetch(`${server.url}/v1/health`)).status).toBe(200);
      }

      // One instance migrated and seeded; the others found both done.
      const startups = servers.map(startupOf);
      expect(startups.map((s) => s.migrationsApplied).sort((a, b) => b - a)).toEqual([
        journal.length,
        ...Array(INSTANCES - 1).fill(0),
      ]);
      expect(startups.map((s) => s.seed).sort()).toEqual([
        'seeded',
        ...Array(INSTANCES - 1).fill('up-to-date'),
      ]);

      const sql = postgres(testDatabase.databaseUrl!, { max: 1, onnotice: () => {} });
      try {
        // One schema: each migration recorded once.
        const migrations = await sql<{ hash: string }[]>`
          select hash from drizzle.__drizzle_migrations`;
        expect(migrations).toHaveLength(journal.length);
        expect(new Set(migrations.map((m) => m.hash)).size).toBe(journal.length);
        // One seed: its version marker, and each demo account once.
        const [version] = await sql<{ value: string }[]>`
          select value from meta where key = 'seed_version'`;
        expect(version?.value).toBe(SEED_VERSION);
        const emails = Object.values(DEMO_ACCOUNTS).map((a) => a.email);
        const demo = await sql<{ email: string; n: number }[]>`
          select email, count(*)::int as n from users where email in ${sql(emails)} group by email`;
        expect(demo.sort((a, b) => a.email.localeCompare(b.email))).toEqual(
          emails.sort().map((email) => ({ email, n: 1 })),
        );
      } finally {
        await sql.end();
      }
    },
    START_TIMEOUT_MS + 60_000,
  );
});
