import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { findRepoRoot, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { users } from './db/schema';
import { seedDatabase } from './db/seed';

/** The demo accounts the seed creates (see src/db/seed.ts). */
const DEMO_PASSWORD = 'vetted-demo-1';
const DEMO_LOGINS = [
  ['customer', 'customer@vetted.test'],
  ['vendor', 'vendor@vetted.test'],
  ['admin', 'admin@vetted.test'],
] as const;

function banner(config: Config, databaseKind: string): string {
  const url = `http://localhost:${config.port}`;
  const mail = config.smtpUrl
    ? `sent over SMTP (${new URL(config.smtpUrl).host})`
    : `written to ${config.outboxDir} (and the log)`;
  const lines = [
    '',
    `  Vetted is running at ${url}`,
    '',
    `  Database   ${databaseKind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${join(config.dataDir, 'pglite')}`}`,
    `  OTP mails  ${mail}`,
    `  API        ${url}/v1  (OpenAPI: ${url}/v1/openapi.json)`,
    '',
    `  Demo logins (password ${DEMO_PASSWORD}; the OTP is in the mail):`,
    ...DEMO_LOGINS.map(([role, email]) => `    ${role.padEnd(9)} ${email}`),
    '',
  ];
  return `${lines.join('\n')}\n`;
}

/** `pnpm start`: open (and migrate) the database, seed on first start, serve API + SPA. */
async function main(): Promise<void> {
  // `.env` at the repo root (see .env.example); variables already set in the environment win.
  const envFile = join(findRepoRoot(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: join(config.dataDir, 'pglite'),
  });
  const app = await buildApp({ config, database });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  if (config.seedOnStart) {
    const [row] = await app.db.select({ count: sql<number>`count(*)::int` }).from(users);
    if ((row?.count ?? 0) === 0) {
      const result = await seedDatabase(app.db, config, app.log);
      if (result.seeded) app.log.info('database was empty: demo data seeded');
    }
  }

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(banner(config, database.kind));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
