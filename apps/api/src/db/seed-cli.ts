/**
 * `pnpm --filter @vetted/api seed`: opens the configured database (PostgreSQL when DATABASE_URL
 * is set, else PGlite in `<DATA_DIR>/pglite`), migrates it and seeds the demo data if this seed
 * version is not there yet. The server runs it as a child process on a first start
 * (startup.ts `seedInChildProcess`).
 */
import { databaseCommandSetup } from './cli';
import { openDatabase, StartupError } from './client';
import { seedDatabase } from './seed';

/**
 * Started by the server (an IPC channel to it): end with it. Without this, a server killed with
 * `kill -9` during its first start left this process seeding on as an orphan while the restart
 * opened the same database. Exiting mid-seed is safe: the seed is one transaction, rolled back,
 * and the PGlite folder lock is released on exit.
 */
function exitWithParent(): void {
  if (!process.send) return;
  if (!process.connected) process.exit(1);
  process.once('disconnect', () => {
    process.stderr.write('seed: the server that started this seed has ended; stopping\n');
    process.exit(1);
  });
  // The channel alone must not keep this process alive once the seed is done.
  process.channel?.unref();
}

async function main(): Promise<void> {
  exitWithParent();
  const { config, log, pgliteDir } = databaseCommandSetup();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir,
    log,
  });
  try {
    const { seeded } = await seedDatabase(database.db, config, log);
    if (!seeded) log.info('seed: this seed version is already in the database; nothing to do');
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err instanceof StartupError ? err.message : err);
  process.exit(1);
});
