/**
 * `pnpm --filter @vetted/api seed`: opens the configured database (PostgreSQL when DATABASE_URL
 * is set, else PGlite in `<DATA_DIR>/pglite`), migrates it and seeds the demo data if this seed
 * version is not there yet.
 */
import { join } from 'node:path';
import Fastify from 'fastify';
import { loadConfig } from '../config';
import { openDatabase } from './client';
import { seedDatabase } from './seed';

async function main(): Promise<void> {
  const config = loadConfig();
  // Fastify's own pino logger, without starting a server.
  const log = Fastify({
    logger: { level: config.logLevel === 'silent' ? 'info' : config.logLevel },
  }).log;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pglite'),
  });
  try {
    const { seeded } = await seedDatabase(database.db, config, log);
    if (!seeded) log.info('seed: this seed version is already in the database; nothing to do');
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
