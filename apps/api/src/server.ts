import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { ConfigError, findRepoRoot, loadConfig, type Config } from './config';
import { openDatabase } from './db/client';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed';
import { startDatabase } from './db/startup';
import { type DemoLogins, demoLoginWarning, findDemoLogins } from './domains/auth/demo-logins';
import { createReconciler } from './domains/payments/reconciliation';

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
  const pgliteDir = config.databaseUrl ? undefined : join(config.dataDir, 'pglite');
  const { database, migrationsApplied, seed } = await startDatabase({
    open: () => openDatabase({ databaseUrl: config.databaseUrl, pgliteDir }),
    seedOnStart: config.seedOnStart,
    pgliteDir,
  });
  const app = await buildApp({ config, database });
  // Provider charges a crash left unaccounted for: at start, then every few minutes (issue #6).
  const reconciler = createReconciler({ payments: app.payments, log: app.log });
  const shutdown = async () => {
    await reconciler.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  app.log.info(
    { migrationsApplied, seed },
    `database: ${migrationsApplied > 0 ? `${migrationsApplied} migrations applied` : 'schema up to date'}, seed ${seed}`,
  );

  // The published demo password must never silently protect a deployment (issue #6).
  const demo = await findDemoLogins(app.db);
  const warning = demoLoginWarning(demo);
  if (warning) app.log.warn({ demoLogins: demo.emails, accounts: demo.accounts }, warning);

  await app.listen({ port: config.port, host: config.host });
  reconciler.start();
  process.stdout.write(banner(config, database.kind, demo));
}

main().catch((err) => {
  // A bad variable is the operator's to fix: say which, without a stack trace.
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
