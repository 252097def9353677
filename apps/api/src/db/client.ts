import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type Logger, max } from 'drizzle-orm';
import { bigint, pgSchema, serial, text } from 'drizzle-orm/pg-core';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePglite, type PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

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

/**
 * PGlite's buffer pool (PostgreSQL `shared_buffers`), instead of PostgreSQL's default 128MB:
 * PGlite's memory keeps the whole pool resident, and 32MB holds the catalogue's working set
 * (the seeded database is ~60MB on disk; pages outside the pool come from the OS page cache).
 * Measured on the seeded database: RSS 325 → 213MB, list and category queries as fast
 * (issue #10 "start-up": under 400MB).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

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

/**
 * Brings the schema up to date and says how many migrations that took. Start-up on an
 * up-to-date database does no migration work (issue #10 "start-up"): one query compares the
 * newest migration drizzle recorded with the last entry of `drizzle/meta/_journal.json` — the
 * rule drizzle's migrator itself applies (a migration is pending when its journal `when` is
 * newer than the last one recorded) — and drizzle's `migrate` (its schema and table creation,
 * the read and a transaction) runs only when something is pending.
 */
async function migrateIfNeeded(db: Db, migrate: () => Promise<void>): Promise<number> {
  const journal = readMigrationFiles({ migrationsFolder: migrationsFolder() });
  const applied = await lastAppliedMigration(db);
  const pending = journal.filter((m) => applied === null || m.folderMillis > applied);
  if (pending.length === 0) return 0;
  await migrate();
  return pending.length;
}

/**
 * Opens the database: PostgreSQL when `databaseUrl` is set, else embedded PGlite in
 * `pgliteDir` (or in memory when `pgliteDir` is undefined). Applies pending migrations, if any
 * ({@link migrateIfNeeded}).
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir?: string;
  /** Drizzle's query logger, called with every statement (tests count queries with it). */
  logger?: Logger;
}): Promise<Database> {
  const migrationsConfig = { migrationsFolder: migrationsFolder() };
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema, logger: opts.logger }) as unknown as Db;
    const migrationsApplied = await migrateIfNeeded(db, () =>
      migratePostgres(db as never, migrationsConfig),
    );
    return { db, kind: 'postgres', migrationsApplied, close: () => client.end({ timeout: 5 }) };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const pgliteOptions = {
    // The PostgreSQL extensions migration 0007 creates (text and distance search, #9).
    extensions: { pg_trgm, cube, earthdistance },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  };
  const client = opts.pgliteDir
    ? new PGlite(opts.pgliteDir, pgliteOptions)
    : new PGlite(pgliteOptions);
  const db = drizzlePglite(client, { schema, logger: opts.logger });
  const migrationsApplied = await migrateIfNeeded(db, () => migratePglite(db, migrationsConfig));
  return { db, kind: 'pglite', migrationsApplied, close: () => client.close() };
}

export { schema };
