import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const apiRoot = join(dirname(fileURLToPath(import.meta.url)), '..');

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then waits for exit. */
  stop(): Promise<void>;
  /** SIGKILL (`kill -9`): no shutdown hooks run. */
  kill9(): Promise<void>;
}

/** A spawned API process, not yet known to be up. */
export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
}

/**
 * Spawns the built API (`dist/server.js`, built by test/global-setup.ts) on a free loopback port
 * with `env` on top of this process's environment and load shedding off (these tests load the
 * machine on purpose; overload.test.ts covers it). Does not wait for it to be up.
 */
export async function spawnServer(env: Record<string, string>): Promise<SpawnedServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(apiRoot, 'dist/server.js')], {
    cwd: apiRoot,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  return { url: `http://127.0.0.1:${port}`, child, exited, output: () => out };
}

/**
 * {@link spawnServer} with `LOG_LEVEL=warn` and `SEED_ON_START=false` unless `env` says
 * otherwise, resolved once `/v1/health` answers 200 (polled; the process's own readiness, not a
 * fixed wait). Rejects if it exits first or is not up within `timeoutMs`.
 */
export async function startServer(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<ServerProcess> {
  const { url, child, exited, output } = await spawnServer({
    LOG_LEVEL: 'warn',
    SEED_ON_START: 'false',
    ...env,
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/v1/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not up within ${timeoutMs} ms:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    child,
    output,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
    async kill9() {
      if (child.exitCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * The environment of API processes that share one test context's PostgreSQL database and the
 * `REDIS_URL` of this process (the two-process tests): same JWT secret, so a token works on
 * both; a fresh data folder; the dev mail folder `outboxDir` (fresh when omitted); a 50 ms
 * outbox poll.
 */
export function sharedServerEnv(
  config: { databaseUrl?: string; jwtSecret: Uint8Array },
  outboxDir = mkdtempSync(join(tmpdir(), 'vetted-mp-outbox-')),
): Record<string, string> {
  if (!config.databaseUrl || !process.env.REDIS_URL) {
    throw new Error('sharedServerEnv needs DATABASE_URL and REDIS_URL');
  }
  return {
    DATABASE_URL: config.databaseUrl,
    REDIS_URL: process.env.REDIS_URL,
    JWT_SECRET: new TextDecoder().decode(config.jwtSecret),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vetted-mp-data-')),
    OUTBOX_DIR: outboxDir,
    OUTBOX_POLL_MS: '50',
    SMTP_URL: '',
    // The limit's counter lives in the shared Redis, per address: every test app running in
    // parallel from 127.0.0.1 counts toward it, so the default 600 a minute could refuse these.
    RATE_LIMIT_PER_MINUTE: '100000',
  };
}

/**
 * Calls `method path` (below `/v1`) on a server process as `token`, with a JSON `body` if any.
 * @returns the answer's `data`.
 * @throws Error naming the call, its status and body when the status is not 2xx.
 */
export async function callServer(
  server: ServerProcess,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  // biome-ignore lint/suspicious/noExplicitAny: the fields read are checked by the assertions
): Promise<any> {
  const res = await fetch(`${server.url}/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { ok: boolean; data?: unknown; error?: unknown };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}
