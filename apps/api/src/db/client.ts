import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
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
 * Opens the database: PostgreSQL when `databaseUrl` is set, else embedded PGlite in
 * `pgliteDir` (or in memory when `pgliteDir` is undefined). Runs pending migrations.
 */
export async function openDatabase(opts: {
  databaseUrl?: string;
  pgliteDir?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    await migratePostgres(db as never, { migrationsFolder: migrationsFolder() });
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  if (opts.pgliteDir) mkdirSync(opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder: migrationsFolder() });
  return { db, kind: 'pglite', close: () => client.close() };
}

export { schema };
