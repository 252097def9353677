import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase } from '../src/db/client';
import { meta, users } from '../src/db/schema';
import { SEED_VERSION } from '../src/db/seed';
import { startDatabase } from '../src/db/startup';
import { createTestDatabase, type TestDatabase } from './helpers';

/**
 * Start-up (issue #10): on a database that is up to date and seeded, a start runs no migration
 * and no seed work — one query to see that no migration is pending, one to see that the seed is
 * in. The real seed (a child process running seed-cli) is covered by seed.test.ts; here a fake
 * seed only writes its version marker, and counts its runs.
 */

const journalEntries = (
  JSON.parse(readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

let testDatabase: TestDatabase;
let seeds = 0;
/** Migrations the (fake) seed process applied: on PGlite it creates a new database itself. */
let seedMigrations = 0;

/** Starts the test database like `pnpm start` does; returns what it did, with every statement. */
async function start() {
  const statements: string[] = [];
  const open = () =>
    openDatabase({ ...testDatabase, logger: { logQuery: (query) => statements.push(query) } });
  const started = await startDatabase({
    open,
    seedOnStart: true,
    pgliteDir: testDatabase.pgliteDir,
    seed: async () => {
      seeds++;
      // The real seed runs in another process, on a database the server does not hold open.
      const database = await openDatabase(testDatabase);
      seedMigrations += database.migrationsApplied;
      try {
        await database.db.insert(meta).values({ key: 'seed_version', value: SEED_VERSION });
      } finally {
        await database.close();
      }
    },
  });
  await started.database.close();
  return { migrationsApplied: started.migrationsApplied, seed: started.seed, statements };
}

beforeAll(async () => {
  testDatabase = await createTestDatabase({ persistent: true });
});
afterAll(async () => testDatabase?.drop());

describe('start-up', () => {
  it('migrates and seeds an empty database, then a second start does neither', async () => {
    const first = await start();
    expect(first.migrationsApplied + seedMigrations).toBe(journalEntries);
    expect(first.seed).toBe('seeded');
    expect(seeds).toBe(1);

    const second = await start();
    expect(second.migrationsApplied).toBe(0);
    expect(second.seed).toBe('up-to-date');
    expect(seeds).toBe(1);
    // Two reads and nothing else: no DDL, no transaction, no insert.
    expect(second.statements).toHaveLength(2);
    for (const statement of second.statements) expect(statement).toMatch(/^select /i);
  });

  it('does not seed a database that has accounts but no seed', async () => {
    const database = await openDatabase(testDatabase);
    try {
      await database.db.delete(meta);
      await database.db.insert(users).values({
        id: randomUUID(),
        email: 'someone@example.test',
        fullName: 'Some One',
        passwordHash: 'not-a-real-hash',
        role: 'customer',
      });
    } finally {
      await database.close();
    }
    const again = await start();
    expect(again.seed).toBe('not-empty');
    expect(seeds).toBe(1);
  });
});
