import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder, openDatabase, StartupError } from '../src/db/client';
import { meta, users } from '../src/db/schema';
import { SEED_VERSION } from '../src/db/seed';
import { startDatabase } from '../src/db/startup';
import { createTestDatabase, type TestDatabase } from './helpers';

/**
 * Start-up: on a database that is up to date and seeded, a start runs no migration
 * and no seed work — one query to see that no migration is pending, one to see that the seed is
 * in. The real seed (a child process running seed-cli) is covered by seed.test.ts; here a fake
 * seed only writes its version marker, and counts its runs. Then `MIGRATE_ON_START=false`, the
 * PostgreSQL start-up lock, and the PGlite folder's lock and recovery messages. Built servers
 * started together or killed mid-start: startup-race.test.ts, startup-crash.test.ts.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

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

describe('MIGRATE_ON_START=false', () => {
  it('refuses a database with pending migrations, saying to run db:migrate, and applies none', async () => {
    const fresh = await createTestDatabase({ persistent: true });
    try {
      const refused = openDatabase({ ...fresh, migrate: false });
      await expect(refused).rejects.toBeInstanceOf(StartupError);
      await expect(refused).rejects.toThrow(
        `${journalEntries} database migrations are pending (0000_`,
      );
      await expect(refused).rejects.toThrow('run `pnpm --filter @vetted/api db:migrate`');
      // Nothing was applied: `db:migrate` (a migrating open) applies every migration.
      const migrated = await openDatabase(fresh);
      expect(migrated.migrationsApplied).toBe(journalEntries);
      await migrated.close();
      const opened = await openDatabase({ ...fresh, migrate: false });
      expect(opened.migrationsApplied).toBe(0);
      await opened.close();
    } finally {
      await fresh.drop();
    }
  });

  it('does not start the seed on a database it may not migrate', async () => {
    const fresh = await createTestDatabase({ persistent: true });
    let seeded = 0;
    try {
      await expect(
        startDatabase({
          open: () => openDatabase({ ...fresh, migrate: false }),
          seedOnStart: true,
          migrateOnStart: false,
          pgliteDir: fresh.pgliteDir,
          seed: async () => {
            seeded++;
          },
        }),
      ).rejects.toThrow(/MIGRATE_ON_START=false/);
      expect(seeded).toBe(0);
    } finally {
      await fresh.drop();
    }
  });
});

describe('several processes opening one PostgreSQL database at once', () => {
  it.skipIf(!onPostgres)(
    'migrate it once: one applies every migration, the others wait and find none pending (PostgreSQL only; PGlite allows one process per folder, tested below)',
    async () => {
      const fresh = await createTestDatabase();
      try {
        const opened = await Promise.all([1, 2, 3].map(() => openDatabase(fresh)));
        expect(opened.map((d) => d.migrationsApplied).sort((a, b) => b - a)).toEqual([
          journalEntries,
          0,
          0,
        ]);
        await Promise.all(opened.map((d) => d.close()));
      } finally {
        await fresh.drop();
      }
    },
  );
});

describe('a PGlite folder', () => {
  /** A new PGlite folder path (not created yet). */
  async function newFolder(): Promise<string> {
    return (await createTestDatabase({ persistent: true })).pgliteDir!;
  }

  /** Starts a process that idles until killed; resolves with it once it runs. */
  async function idleProcess() {
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      stdio: 'ignore',
    });
    await new Promise((resolve) => child.once('spawn', resolve));
    return child;
  }

  it.skipIf(onPostgres)(
    'is opened by one process at a time: a lock held by a live process is refused, naming it (PGlite only)',
    async () => {
      const dir = await newFolder();
      const holder = await idleProcess();
      try {
        // What another process's lock looks like on disk (folder-lock.ts).
        mkdirSync(`${dir}.lock`, { recursive: true });
        writeFileSync(
          join(`${dir}.lock`, 'owner.json'),
          JSON.stringify({
            pid: holder.pid,
            hostname: hostname(),
            since: new Date().toISOString(),
          }),
        );
        const refused = openDatabase({ pgliteDir: dir, lockWaitMs: 0 });
        await expect(refused).rejects.toBeInstanceOf(StartupError);
        await expect(refused).rejects.toThrow(
          `is in use by process ${holder.pid} on ${hostname()}`,
        );
        expect(existsSync(dir)).toBe(false);
      } finally {
        holder.kill('SIGKILL');
        await new Promise((resolve) => holder.once('exit', resolve));
      }
      // Its holder ended without releasing it (SIGKILL): taken over at once, not after it goes
      // stale (lockWaitMs 0 allows no waiting).
      const database = await openDatabase({ pgliteDir: dir, lockWaitMs: 0 });
      expect(database.migrationsApplied).toBe(journalEntries);
      await database.close();
      expect(existsSync(`${dir}.lock`)).toBe(false);
    },
  );

  it.skipIf(onPostgres)('is not opened twice by one process (PGlite only)', async () => {
    const dir = await newFolder();
    const first = await openDatabase({ pgliteDir: dir });
    try {
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(
        `The PGlite folder ${dir} is already open in this process`,
      );
    } finally {
      await first.close();
    }
    const again = await openDatabase({ pgliteDir: dir });
    expect(again.migrationsApplied).toBe(0);
    await again.close();
  });

  it.skipIf(onPostgres)(
    'that cannot be read is reported with how to recover, and left as it was (PGlite only)',
    async () => {
      const dir = await newFolder();
      await (await openDatabase({ pgliteDir: dir })).close();
      // PostgreSQL's control file gone: the cluster cannot start.
      rmSync(join(dir, 'global', 'pg_control'));
      const files = readdirSync(dir);
      const refused = openDatabase({ pgliteDir: dir });
      await expect(refused).rejects.toBeInstanceOf(StartupError);
      await expect(refused).rejects.toThrow(`The PGlite database in ${dir} could not be opened`);
      await expect(refused).rejects.toThrow(`mv "${dir}" "${dir}.damaged"`);
      // Nothing removed (PostgreSQL's start attempt adds its postmaster.pid).
      expect(readdirSync(dir)).toEqual(expect.arrayContaining(files));
      expect(existsSync(`${dir}.lock`)).toBe(false);
    },
  );

  it.skipIf(onPostgres)(
    'that holds other files is not taken for a database, nor overwritten (PGlite only)',
    async () => {
      const dir = await newFolder();
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'notes.txt'), 'mine');
      await expect(openDatabase({ pgliteDir: dir })).rejects.toThrow(
        `${dir} is not empty but holds no PGlite database`,
      );
      expect(readdirSync(dir)).toEqual(['notes.txt']);
    },
  );

  it.skipIf(onPostgres)(
    'left half-created by a killed start is created again (PGlite only)',
    async () => {
      const dir = await newFolder();
      // initdb's output so far, in the folder a new database is created in before it is moved.
      mkdirSync(join(`${dir}.new`, 'base'), { recursive: true });
      writeFileSync(join(`${dir}.new`, 'PG_VERSION'), '17\n');
      const database = await openDatabase({ pgliteDir: dir });
      expect(database.migrationsApplied).toBe(journalEntries);
      await database.close();
      expect(existsSync(`${dir}.new`)).toBe(false);
    },
  );
});
