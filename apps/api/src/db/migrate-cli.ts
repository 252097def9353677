/**
 * `pnpm --filter @vetted/api db:migrate` (`node dist/migrate-cli.js` where only the build
 * ships): applies pending migrations to the configured database — PostgreSQL when DATABASE_URL
 * is set, else PGlite in `<DATA_DIR>/pglite` — and exits. On PostgreSQL it takes the start-up
 * advisory lock (client.ts `STARTUP_LOCK_KEY`), so it may run while instances start or serve;
 * a PGlite folder is locked to one process, so it waits for (and then fails against) a server
 * that has it open. Run it before starting instances with `MIGRATE_ON_START=false`.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { findRepoRoot, loadConfig } from '../config';
import { openDatabase, StartupError } from './client';

async function main(): Promise<void> {
  // `.env` at the repo root, as `pnpm start` reads it; variables already set win.
  const envFile = join(findRepoRoot(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const log = Fastify({
    logger: { level: config.logLevel === 'silent' ? 'info' : config.logLevel },
  }).log;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : join(config.dataDir, 'pglite'),
    migrate: true,
    log,
  });
  await database.close();
  log.info(
    { migrationsApplied: database.migrationsApplied },
    database.migrationsApplied > 0
      ? `db:migrate: ${database.migrationsApplied} migrations applied`
      : 'db:migrate: the schema is up to date; nothing to do',
  );
}

main().catch((err) => {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
