import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { CLOSE_GOING_AWAY } from '../src/routes/realtime';
import { createCustomer, type TestUser } from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { type ServerProcess, startServer } from './processes';
import { connectReady } from './sockets';

/**
 * Production start-up and shutdown of the built server (`dist/server.js`, built by
 * global-setup.ts), as an orchestrator runs it: refused starts, start-up warnings, SIGTERM.
 */
const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const SECRET = randomBytes(24).toString('hex');

/** Runs the built server with `env` on top of a bare environment until it exits on its own. */
function runToExit(env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [join(apiRoot, 'dist/server.js')], {
      cwd: apiRoot,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'vetted-guard-')),
        PORT: '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      output += d.toString();
    });
    // A server that starts instead of refusing would hang the test: stop it; the asserts fail.
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

describe('NODE_ENV=production guardrails', () => {
  it.each([
    [{}, ['DATABASE_URL', 'JWT_SECRET']],
    [{ DATABASE_URL: 'postgres://vetted@127.0.0.1:1/vetted' }, ['JWT_SECRET']],
    [{ JWT_SECRET: SECRET }, ['DATABASE_URL']],
  ])('refuses to start with %j, exiting 1 and naming %j', async (env, missing) => {
    const { code, output } = await runToExit({ NODE_ENV: 'production', ...env });
    expect(code).toBe(1);
    expect(output).toMatch(/^Invalid configuration \(see \.env\.example\):/);
    for (const variable of ['DATABASE_URL', 'JWT_SECRET']) {
      const line = `  ${variable}: is required with NODE_ENV=production`;
      if (missing.includes(variable)) expect(output).toContain(line);
      else expect(output).not.toContain(line);
    }
    // An operator's mistake: no stack trace, and nothing started.
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toContain('Vetted is running');
  });
});

interface Target {
  /** Environment of the spawned server (database, secret). */
  env: Record<string, string>;
  customer: TestUser;
  cleanup(): Promise<void>;
}

/** A PGlite folder holding one customer, closed so the server process can open it. */
async function pgliteTarget(): Promise<Target> {
  const dir = mkdtempSync(join(tmpdir(), 'vetted-shutdown-'));
  const config = loadConfig(
    { ...process.env, DATABASE_URL: '', SMTP_URL: '', LOG_LEVEL: 'silent', JWT_SECRET: SECRET },
    { dataDir: dir, outboxDir: join(dir, 'outbox'), seedOnStart: false, outboxPollMs: 0 },
  );
  const database = await openDatabase({ pgliteDir: join(dir, 'pglite') });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const ctx: TestContext = {
    app,
    database,
    config,
    drain: () => app.jobs.drain(),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  const customer = await createCustomer(ctx, 'Before Shutdown');
  await ctx.close();
  return {
    env: { DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dir, JWT_SECRET: SECRET },
    customer,
    cleanup: async () => {},
  };
}

/** A fresh PostgreSQL database with one customer (and Redis when REDIS_URL is set). */
async function postgresTarget(): Promise<Target> {
  const ctx = await createTestContext();
  const customer = await createCustomer(ctx, 'Before Shutdown');
  return {
    env: {
      DATABASE_URL: ctx.config.databaseUrl!,
      REDIS_URL: process.env.REDIS_URL ?? '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vetted-shutdown-data-')),
      JWT_SECRET: new TextDecoder().decode(ctx.config.jwtSecret),
    },
    customer,
    cleanup: () => ctx.close(),
  };
}

/**
 * Starts `PATCH /v1/me` on its own connection and resolves once the server has read its headers
 * (its `100 Continue`), so the request is in flight; `finish()` sends the body and resolves
 * with the status and parsed answer.
 */
async function startInFlightPatch(url: string, token: string, body: unknown) {
  const json = JSON.stringify(body);
  const { hostname, port } = new URL(url);
  let answer!: Promise<{ status: number; body: { ok: boolean; data?: { fullName?: string } } }>;
  const req = request({
    host: hostname,
    port,
    method: 'PATCH',
    path: '/v1/me',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(json),
      expect: '100-continue',
    },
  });
  const continued = new Promise<void>((resolve, reject) => {
    req.once('continue', () => resolve());
    req.once('error', reject);
  });
  answer = new Promise((resolve, reject) => {
    req.once('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => {
        text += d.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      res.on('error', reject);
    });
    req.once('error', reject);
  });
  req.flushHeaders();
  await continued;
  return {
    finish() {
      req.end(json);
      return answer;
    },
  };
}

const targets: [string, () => Promise<Target>][] = [['PGlite directory', pgliteTarget]];
if (process.env.DATABASE_URL) targets.push(['PostgreSQL', postgresTarget]);

let server: ServerProcess | null = null;
afterAll(async () => {
  await server?.kill9();
});

describe.each(targets)('SIGTERM on %s', (_name, makeTarget) => {
  it('closes WebSockets with 1001, finishes the in-flight request, and exits 0', async () => {
    const target = await makeTarget();
    try {
      server = await startServer(target.env);
      const exited = new Promise<number | null>((resolve) => {
        if (server!.child.exitCode !== null) resolve(server!.child.exitCode);
        else server!.child.once('exit', (code) => resolve(code));
      });
      const ready = await fetch(`${server.url}/v1/health/ready`);
      expect(ready.status).toBe(200);

      const live = await connectReady(
        `${server.url.replace('http', 'ws')}/v1/ws`,
        target.customer.token,
      );
      const closed = new Promise<{ code: number; reason: string }>((resolve) =>
        live.socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
      );
      const inFlight = await startInFlightPatch(server.url, target.customer.token, {
        fullName: 'Renamed During Shutdown',
      });

      server.child.kill('SIGTERM');
      // Clients hear "going away" while the request is still unfinished...
      const close = await closed;
      expect(close.code).toBe(CLOSE_GOING_AWAY);
      expect(server.child.exitCode).toBeNull();
      // ...which then completes and is answered, before the process exits on its own.
      const answer = await inFlight.finish();
      expect(answer.status).toBe(200);
      expect(answer.body.data?.fullName).toBe('Renamed During Shutdown');
      expect(await exited).toBe(0);
      // No new connection is taken once it has stopped.
      await expect(fetch(`${server.url}/v1/health`)).rejects.toThrow();
    } finally {
      await server?.kill9();
      await target.cleanup();
    }
  }, 120_000);
});

describe.runIf(Boolean(process.env.DATABASE_URL))('a production start', () => {
  it('warns, one line each, about every multi-instance variable left unset', async () => {
    const ctx = await createTestContext();
    try {
      server = await startServer({
        NODE_ENV: 'production',
        DATABASE_URL: ctx.config.databaseUrl!,
        JWT_SECRET: SECRET,
        DATA_DIR: mkdtempSync(join(tmpdir(), 'vetted-prod-data-')),
        REDIS_URL: '',
        SMTP_URL: '',
        PUBLIC_URL: '',
        TRUST_PROXY: '',
        S3_BUCKET: '',
      });
      const ready = await fetch(`${server.url}/v1/health/ready`);
      expect(ready.status).toBe(200);
      // Log lines are buffered (app.ts); exiting flushes them.
      await server.stop();
      expect(server.child.exitCode).toBe(0);
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.includes('"level":40'));
      for (const variable of ['REDIS_URL', 'S3_BUCKET', 'SMTP_URL', 'PUBLIC_URL', 'TRUST_PROXY']) {
        expect(lines.filter((line) => line.includes(`"msg":"${variable} is not set`))).toHaveLength(
          1,
        );
      }
    } finally {
      await server?.stop();
      await ctx.close();
    }
  }, 120_000);
});
if (!process.env.DATABASE_URL) {
  console.warn(
    'shutdown.test.ts: "a production start" skipped — it needs PostgreSQL (NODE_ENV=production refuses PGlite); set DATABASE_URL',
  );
}
