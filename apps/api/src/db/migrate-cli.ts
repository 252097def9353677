/**
 * `pnpm --filter @vetted/api db:migrate` (`node dist/migrate-cli.js` where only the build
 * ships): applies pending migrations to the configured database — PostgreSQL when DATABASE_URL
 * is set, else PGlite in `<DATA_DIR>/pglite` — and exits. On PostgreSQL it takes the start-up
 * advisory lock (client.ts `STARTUP_LOCK_KEY`), so it may run while instances start or serve;
 * a PGlite folder is locked to one process, so it waits for (and then fails against) a server
 * that has it open. Run it before starting instances with `MIGRATE_ON_START=false`.
 */
import { databaseCommandSetup } from './cli';
import { openDatabase, StartupError } from './client';

async function main(): Promise<void> {
  const { config, log, pgliteDir } = databaseCommandSetup();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
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
