import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';

/**
 * `tsx src/lib/openapi-cli.ts <file>`: writes the document `GET /v1/openapi.json` answers to
 * `<file>`, from an app on an empty in-memory database (root `pnpm lint:openapi` lints it).
 * The server URL is `PUBLIC_URL` when set; no other variable of the environment is read.
 */
async function main(): Promise<void> {
  const out = process.argv[2];
  if (!out) throw new Error('usage: openapi-cli <output file>');
  const dir = mkdtempSync(join(tmpdir(), 'vetted-openapi-'));
  const env = { LOG_LEVEL: 'silent', PUBLIC_URL: process.env.PUBLIC_URL };
  const config = loadConfig(env, {
    dataDir: dir,
    uploadDir: join(dir, 'uploads'),
    privateUploadDir: join(dir, 'private'),
    outboxDir: join(dir, 'outbox'),
    jwtSecret: new TextEncoder().encode('openapi-cli-secret-openapi-cli-secret'),
    seedOnStart: false,
    outboxPollMs: 0,
  });
  const database = await openDatabase({});
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${res.statusCode}`);
    writeFileSync(out, `${JSON.stringify(res.json(), null, 2)}\n`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
