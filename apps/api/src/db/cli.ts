import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { type Config, findRepoRoot, loadConfig } from '../config';

/**
 * What the database commands (`db:migrate`, `seed`) start from, as `pnpm start` does: the
 * repository's `.env` (variables already set win), the parsed config (throws `ConfigError` naming
 * a bad variable), Fastify's own pino logger without a server, and PGlite's folder
 * (`<DATA_DIR>/pglite`; unset when `DATABASE_URL` selects PostgreSQL).
 */
export function databaseCommandSetup(): {
  config: Config;
  log: FastifyBaseLogger;
  pgliteDir: string | undefined;
} {
  const envFile = join(findRepoRoot(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const log = Fastify({
    logger: { level: config.logLevel === 'silent' ? 'info' : config.logLevel },
  }).log;
  const pgliteDir = config.databaseUrl ? undefined : join(config.dataDir, 'pglite');
  return { config, log, pgliteDir };
}
