// Shared helpers of `pnpm bench` (scripts/bench.mjs): building, starting servers, statistics.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const web = join(root, 'apps/web');
export const api = join(root, 'apps/api');
export const requireApi = createRequire(join(api, 'package.json'));
export const requireWeb = createRequire(join(web, 'package.json'));
export const requireRoot = createRequire(join(root, 'package.json'));

/** How many interleaved rounds each comparison runs (`BENCH_ROUNDS`, default 3); medians are reported. */
export const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

export const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
export const ms = (n) => `${Math.round(n)} ms`;

/** Runs a command; rejects with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((res, rej) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('exit', (code) =>
      code === 0 ? res() : rej(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** A fresh temporary folder named `vetted-bench-<prefix>-*`. */
export const tempDir = (prefix) => mkdtempSync(join(tmpdir(), `vetted-bench-${prefix}-`));

/** Median of `values` (mean of the middle two for an even count). */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Percentile `p` (0–100) of `values` (nearest rank). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Rounds to `d` decimals (for the JSON). */
export const round = (n, d = 2) => Number(n.toFixed(d));

/**
 * Polls `url` every `everyMs` until it answers 2xx; resolves with the milliseconds since `since`
 * (a `performance.now()` reading). Rejects after `timeoutMs`.
 */
export function waitFor(url, timeoutMs, { since = performance.now(), everyMs = 300 } = {}) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((res, rej) => {
    const tick = async () => {
      try {
        const r = await fetch(url);
        await r.arrayBuffer();
        if (r.ok) return res(performance.now() - since);
      } catch {}
      if (Date.now() > deadline) return rej(new Error(`${url} not up in ${timeoutMs} ms`));
      setTimeout(tick, everyMs);
    };
    tick();
  });
}

let built = false;
/** Builds the API and the web app (with its prerendered pages) once per bench run. */
export async function buildApp() {
  if (built) return;
  await run(
    'npx',
    [
      '-y',
      'pnpm@10.34.9',
      'exec',
      'turbo',
      'run',
      'build',
      '--filter=@vetted/api',
      '--filter=@vetted/web',
      '--output-logs=errors-only',
    ],
    { cwd: root },
  );
  built = true;
}

/**
 * The environment of a production server (figures "as served"): `NODE_ENV=production` (see below),
 * info-level request logs, embedded PGlite in `dataDir`, no mail transport, the rate limiter on
 * but high enough for one load generator.
 */
export function productionEnv(port, dataDir, extra = {}) {
  return {
    ...process.env,
    // A production start refuses the embedded database (it needs DATABASE_URL): on PGlite the
    // figures are of the same server with what NODE_ENV=production changes set by hand — no demo
    // logins. With a DATABASE_URL in `extra`, a real production start.
    NODE_ENV: extra.DATABASE_URL ? 'production' : '',
    DEMO_LOGINS: 'false',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'info',
    SMTP_URL: '',
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...extra,
  };
}

/**
 * Spawns the built API (`apps/api/dist/server.js`) with `env`; its logs go to a file, as a
 * production process's would (not to a pipe nobody reads). Returns the child and the
 * `performance.now()` reading just before the spawn.
 */
export function spawnApi(env) {
  const log = openSync(join(tempDir('log'), 'server.log'), 'a');
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [join(api, 'dist/server.js')], {
    env,
    stdio: ['ignore', log, log],
  });
  return { child, spawnedAt };
}

/** Starts the production API on `port`; resolves once `/v1/health` answers. */
export async function startApi(port, dataDir, extra = {}) {
  const { child } = spawnApi(productionEnv(port, dataDir, extra));
  await waitFor(`http://127.0.0.1:${port}/v1/health`, 240_000);
  return child;
}

/** Source of the bare Fastify baseline: one route answering `{ ok: true, data: [] }`. */
export function bareFastifySource(port) {
  return `
    const app = require(${JSON.stringify(requireApi.resolve('fastify'))})();
    app.get('/', async () => ({ ok: true, data: [] }));
    app.listen({ port: ${port}, host: '127.0.0.1' });
  `;
}

/** Spawns the bare Fastify baseline on `port`. */
export function spawnBare(port) {
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, ['-e', bareFastifySource(port)], { stdio: 'ignore' });
  return { child, spawnedAt };
}

/** Stops a child process and waits for it to exit. */
export function stop(child) {
  return new Promise((res) => {
    if (child.exitCode !== null || child.signalCode !== null) return res();
    child.once('exit', () => res());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** Peak resident set size (bytes) of a running process so far (Linux `VmHWM`), or null. */
export function peakRss(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kbs = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kbs ? Number(kbs) * 1024 : null;
  } catch {
    return null;
  }
}

/** A JSON call; returns `data`, throws naming the call on a non-2xx answer. */
export async function call(base, method, path, token, body) {
  const res = await fetch(`${base}/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

/**
 * Signs up customer `i` as `bench-<label>-…@example.test`; the code comes from the mail folder
 * (SMTP_URL unset). Returns its access token; throws when no code is mailed within `waitMs`.
 */
export async function signUpCustomer(base, outboxDir, i, label, waitMs) {
  const email = `bench-${label}-${Date.now()}-${i}@example.test`;
  const { challengeId } = await call(base, 'POST', '/auth/signup', undefined, {
    fullName: `Bench Customer ${i}`,
    email,
    password: 'a-good-password',
  });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const file = existsSync(outboxDir)
      ? readdirSync(outboxDir).find((f) => f.endsWith(`-${email}.json`))
      : undefined;
    const otp = file ? JSON.parse(readFileSync(join(outboxDir, file), 'utf8')).otp : undefined;
    if (otp) {
      const session = await call(base, 'POST', '/auth/otp/verify', undefined, {
        challengeId,
        code: otp,
      });
      return session.accessToken;
    }
    if (Date.now() > deadline) throw new Error(`no code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
