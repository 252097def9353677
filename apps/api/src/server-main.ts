import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, findRepoRoot, loadConfig, productionWarnings, type Config } from './config';
import { openDatabase, StartupError } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/demo-accounts';
import { startDatabase } from './db/startup';
import { type DemoLogins, demoLoginWarning, findDemoLogins } from './domains/auth';

function banner(config: Config, databaseKind: string, demo: DemoLogins): string {
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
    ...(demo.emails.length > 0
      ? [
          `  Demo logins (password ${DEMO_PASSWORD}; the OTP is in the mail):`,
          ...Object.entries(DEMO_ACCOUNTS)
            .filter(([, account]) => demo.emails.includes(account.email))
            .map(([role, account]) => `    ${role.padEnd(9)} ${account.email}`),
          '',
        ]
      : []),
  ];
  return `${lines.join('\n')}\n`;
}

/** `pnpm start`: open (and migrate) the database, seed on first start, serve API + SPA. */
async function main(): Promise<void> {
  // `.env` at the repo root (see .env.example); variables already set in the environment win.
  const envFile = join(findRepoRoot(), '.env');
  if (existsSync(envFile)) process.loadEnvFile(envFile);
  const config = loadConfig();
  const warnings = productionWarnings();
  const pgliteDir = config.databaseUrl ? undefined : join(config.dataDir, 'pglite');
  // Migrations and the seed run once however many instances start together (db/startup.ts).
  const { database, migrationsApplied, seed } = await startDatabase({
    open: () =>
      openDatabase({
        databaseUrl: config.databaseUrl,
        poolMax: config.databasePoolMax,
        pgliteDir,
        migrate: config.migrateOnStart,
      }),
    seedOnStart: config.seedOnStart,
    migrateOnStart: config.migrateOnStart,
    pgliteDir,
  });
  const app = await buildApp({ config, database });
  const shutdown = async (signal: NodeJS.Signals) => {
    // Graceful stop (ARCHITECTURE §6): app.close() stops accepting connections, answers
    // readiness 503, closes WebSockets with 1001 and waits for in-flight requests and running
    // jobs; SHUTDOWN_TIMEOUT_MS bounds it, before the orchestrator's SIGKILL would.
    app.log.info(
      { signal, shutdownTimeoutMs: config.shutdownTimeoutMs },
      `${signal}: finishing in-flight requests and jobs, then exiting`,
    );
    const deadline = setTimeout(() => {
      app.log.error(
        { signal, shutdownTimeoutMs: config.shutdownTimeoutMs },
        `shutdown did not finish within SHUTDOWN_TIMEOUT_MS (${config.shutdownTimeoutMs} ms): exiting with work unfinished`,
      );
      process.exit(1);
    }, config.shutdownTimeoutMs);
    try {
      await app.close();
      await database.close();
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(deadline);
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  // NODE_ENV=production without what several instances need (config.ts productionWarnings).
  for (const w of warnings) app.log.warn({ variable: w.variable }, `${w.variable} ${w.message}`);

  app.log.info(
    { migrationsApplied, seed },
    `database: ${migrationsApplied > 0 ? `${migrationsApplied} migrations applied` : 'schema up to date'}, seed ${seed}`,
  );

  // The published demo password must never silently protect a deployment.
  const demo = await findDemoLogins(app.db);
  const warning = demoLoginWarning(demo);
  if (warning) app.log.warn({ demoLogins: demo.emails, accounts: demo.accounts }, warning);

  await app.listen({ port: config.port, host: config.host });
  process.stdout.write(banner(config, database.kind, demo));
}

main().catch((err) => {
  // A bad variable or a database to migrate, move aside or free is the operator's to fix: say
  // what and how, without a stack trace.
  console.error(err instanceof ConfigError || err instanceof StartupError ? err.message : err);
  process.exit(1);
});
