import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type Logger, max } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { openPgliteFolder, pgliteOptions, unreadable } from './pglite-folder';
import * as schema from './schema';
import { StartupError } from './startup-error';

export { StartupError };

/**
 * The Drizzle database. Both drivers expose the same query builder; we type it as the PGlite
 * flavour so code is written once (the postgres-js one is structurally the same at call sites).
 */
export type Db = PgliteDatabase<typeof schema>;
/** A transaction handle, usable wherever `Db` is for queries. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Migrations {@link openDatabase} applied: 0 when the schema was already up to date. */
  migrationsApplied: number;
  /**
   * Runs `fn` while holding the start-up lock, so that of several processes starting together
   * one migrates or seeds while the others wait, then find it done. On PostgreSQL the session
   * advisory lock {@link STARTUP_LOCK_KEY} on a connection of its own, released when `fn`
   * settles or the process dies (PostgreSQL ends the session); on PGlite `fn` runs at once, the
   * folder being locked to this process while it is open.
   */
  withStartupLock<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Finds `drizzle/` (the generated SQL migrations) from src/ or dist/. */
export function migrationsFolder(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = dirname(dir);
  }
  throw new Error('drizzle migrations folder not found');
}

/** PostgreSQL error codes of a missing table and a missing schema. */
const UNDEFINED_TABLE = '42P01';
const INVALID_SCHEMA_NAME = '3F000';

/**
 * drizzle's own record of applied migrations (its migrator creates and fills it): the journal's
 * `when` of each applied migration is its `created_at`. Not in schema.ts, so drizzle-kit leaves
 * it alone.
 */
const drizzleMigrations = pgSchema('drizzle').table('__drizzle_migrations', {
  id: serial('id').primaryKey(),
  hash: text('hash').notNull(),
  createdAt: bigint('created_at', { mode: 'number' }),
});

/** `created_at` of the newest recorded migration, or null when none is (a new database). */
async function lastAppliedMigration(db: Db): Promise<number | null> {
  try {
    const [row] = await db.select({ at: max(drizzleMigrations.createdAt) }).from(drizzleMigrations);
    return row?.at == null ? null : Number(row.at);
  } catch (err) {
    const code =
      (err as { code?: string }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === UNDEFINED_TABLE || code === INVALID_SCHEMA_NAME) return null;
    throw err;
  }
}

/** An entry of `drizzle/meta/_journal.json`: a migration's file name and its `when` (ms). */
interface JournalEntry {
  tag: string;
  when: number;
}

/**
 * The journal's migrations not yet applied to `db`, in one query: those whose `when` is newer
 * than the last one drizzle recorded, the rule drizzle's migrator itself applies.
 */
async function pendingMigrations(db: Db): Promise<JournalEntry[]> {
  const journal = JSON.parse(
    readFileSync(join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  const applied = await lastAppliedMigration(db);
  return journal.entries.filter((m) => applied === null || m.when > applied);
}

/**
 * Brings the schema up to date and says how many migrations that took. Start-up on an
 * up-to-date database does no migration work ("start-up"): one query compares the
 * newest migration drizzle recorded with the last entry of `drizzle/meta/_journal.json` — the
 * rule drizzle's migrator itself applies (a migration is pending when its journal `when` is
 * newer than the last one recorded) — and drizzle's `migrate` (its schema and table creation,
 * the read and a transaction) runs only when something is pending.
 */
async function migrateIfNeeded(db: Db, migrate: () => Promise<void>): Promise<number> {
  const pending = await pendingMigrations(db);
  if (pending.length === 0) return 0;
  await migrate();
  return pending.length;
}

/**
 * The PostgreSQL advisory lock key of start-up (migrations and the seed): one fixed bigint,
 * "vetted" in ASCII, that nothing else in the database may use. Session-level, so it is held
 * across drizzle's migration transaction and the seed's, and freed if the holder dies.
 */
export const STARTUP_LOCK_KEY = '130178117559652';

/**
 * Runs `fn` holding {@link STARTUP_LOCK_KEY} on one reserved connection of `client`
 * (postgres-js `reserve()`: a pooled query could land on another session, which would not hold
 * the lock). `fn` itself may use the pool. Waits as long as another session holds it.
 */
async function withAdvisoryLock<T>(client: postgres.Sql, fn: () => Promise<T>): Promise<T> {
  const reserved = await client.reserve();
  try {
    await reserved`select pg_advisory_lock(${STARTUP_LOCK_KEY}::bigint)`;
    try {
      return await fn();
    } finally {
      await reserved`select pg_advisory_unlock(${STARTUP_LOCK_KEY}::bigint)`;
    }
  } finally {
    reserved.release();
  }
}

/**
 * Connections of the PostgreSQL pool when `poolMax` is not given: postgres-js's own default, and
 * `DATABASE_POOL_MAX`'s (config).
 */
export const DEFAULT_POOL_MAX = 10;

/** Where start-up warnings go before the app's logger exists (pino's or a CLI's). */
export interface StartupLog {
  warn(message: string): void;
}

/** Start-up warnings on stderr, for callers that pass no logger. */
const stderrLog: StartupLog = {
  warn: (message) => process.stderr.write(`${message}\n`),
};

export interface OpenDatabaseOptions {
  /** `postgres://…`: PostgreSQL. Unset: PGlite in `pgliteDir`, or in memory without it. */
  databaseUrl?: string;
  /** Most connections of the PostgreSQL pool ({@link DEFAULT_POOL_MAX} unless given). */
  poolMax?: number;
  pgliteDir?: string;
  /** Drizzle's query logger, called with every statement (tests count queries with it). */
  logger?: Logger;
  /**
   * Apply pending migrations (default true). False (`MIGRATE_ON_START=false`): refuse to open
   * while any is pending, with a {@link StartupError} saying to run `db:migrate`.
   */
  migrate?: boolean;
  /** Told when a start waits for a lock or takes over an abandoned one; default stderr. */
  log?: StartupLog;
  /** How long to wait for a PGlite folder another process holds (default 45 s). */
  lockWaitMs?: number;
}

/**
 * Brings the schema up to date ({@link migrateIfNeeded}) under `locked` (the start-up lock),
 * after one query outside it that finds nothing pending on an up-to-date database.
 *
 * @throws StartupError when migrations are pending and `migrate` is false.
 */
async function bringUpToDate(
  db: Db,
  migrate: boolean,
  locked: <T>(fn: () => Promise<T>) => Promise<T>,
  apply: () => Promise<void>,
): Promise<number> {
  const pending = await pendingMigrations(db);
  if (pending.length === 0) return 0;
  if (!migrate) {
    throw new StartupError(
      `${pending.length} database migration${pending.length === 1 ? ' is' : 's are'} pending (${pending.map((m) => m.tag).join(', ')}) and MIGRATE_ON_START=false: run \`pnpm --filter @vetted/api db:migrate\` (\`node dist/migrate-cli.js\` in a built image) first, or set MIGRATE_ON_START=true.`,
    );
  }
  // Another instance may have applied them while this one waited for the lock: look again.
  return locked(() => migrateIfNeeded(db, apply));
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, else embedded PGlite in
 * `pgliteDir` (or in memory when `pgliteDir` is undefined). Applies pending migrations, if any
 * ({@link migrateIfNeeded}), once across processes: on PostgreSQL under the advisory lock of
 * {@link Database.withStartupLock}; a PGlite folder is locked by its one opener for as long as
 * it is open ({@link openPgliteFolder}).
 *
 * @throws StartupError when the database cannot be opened or read (saying how to recover),
 *   when its PGlite folder stays in use by another process, or when migrations are pending and
 *   `migrate` is false.
 */
export async function openDatabase(opts: OpenDatabaseOptions): Promise<Database> {
  const migrate = opts.migrate ?? true;
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, {
      max: opts.poolMax ?? DEFAULT_POOL_MAX,
      onnotice: () => {},
    });
    const db = drizzlePostgres(client, { schema, logger: opts.logger }) as unknown as Db;
    const withStartupLock = <T>(fn: () => Promise<T>) => withAdvisoryLock(client, fn);
    try {
      const migrationsApplied = await bringUpToDate(db, migrate, withStartupLock, () =>
        migratePostgres(db as never, migrationsConfig),
      );
      return {
        db,
        kind: 'postgres',
        migrationsApplied,
        withStartupLock,
        close: () => client.end({ timeout: 5 }),
      };
    } catch (err) {
      await client.end({ timeout: 5 });
      throw err;
    }
  }
  const { client, close } = opts.pgliteDir
    ? await openPgliteFolder(opts.pgliteDir, {
        log: opts.log ?? stderrLog,
        lockWaitMs: opts.lockWaitMs,
      })
    : { client: new PGlite(pgliteOptions()), close: async () => {} };
  const db = drizzlePglite(client, { schema, logger: opts.logger });
  // The folder is this process's alone while open: the lock around migrations is that one.
  const withStartupLock = <T>(fn: () => Promise<T>) => fn();
  try {
    const migrationsApplied = await bringUpToDate(db, migrate, withStartupLock, () =>
      migratePglite(db, migrationsConfig),
    );
    return {
      db,
      kind: 'pglite',
      migrationsApplied,
      withStartupLock,
      close: async () => {
        await client.close();
        await close();
      },
    };
  } catch (err) {
    await client.close().catch(() => {});
    await close();
    // PGlite aborts (a WebAssembly trap) on pages it cannot read: the folder, not the query.
    if (opts.pgliteDir && err instanceof WebAssembly.RuntimeError) {
      throw unreadable(opts.pgliteDir, err);
    }
    throw err;
  }
}

export { schema };
