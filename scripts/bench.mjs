#!/usr/bin/env node
// `pnpm bench`: prints what the browser downloads and how fast the API answers, each next to a
// baseline measured in the same run (DEVELOPERS.md: benchmarks, not timed tests).
//  1. gzipped JS that `/` loads (entry + modulepreloads) vs the floor app (React + react-dom +
//     wouter + swr alone, same Vite build).
//  2. gzipped size of @vetted/ui's ESM output, whole and per component entry (if built).
//  3. requests/s and p50/p97.5/p99 latency of GET /v1/categories and GET /v1/vendors?category=…
//     on the production server (embedded PGlite, seeded) vs a bare Fastify route.
//  4. message delivery (issue #7): from `POST /v1/conversations/:id/messages` to the frame on
//     the other participant's socket, p50/p99 over BENCH_MESSAGES (1,000) messages with 500
//     sockets connected, on one process (PGlite) and — with DATABASE_URL and REDIS_URL set —
//     across two processes (sent to one, socket on the other) through Redis. Baseline,
//     interleaved with every message: the round trip of `GET /v1/health` on the sending server.
import { spawn } from 'node:child_process';
import {
  mkdtempSync,
  readFileSync,
  readdirSync,
  existsSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const web = join(root, 'apps/web');
const api = join(root, 'apps/api');
const requireApi = createRequire(join(api, 'package.json'));
const requireWeb = createRequire(join(web, 'package.json'));
const durationS = Number(process.env.BENCH_SECONDS ?? 8);
const results = {};

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

function run(cmd, args, opts = {}) {
  return new Promise((res, rej) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('exit', (code) =>
      code === 0 ? res() : rej(new Error(`${cmd} ${args.join(' ')} exited ${code}`)),
    );
  });
}

/** JS files `/` loads: module scripts and modulepreloads named in index.html. */
function initialJs(distDir) {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const srcs = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  const files = [...new Set(srcs)].map((s) =>
    join(distDir, s.replace(/^\//, '').replace(/^\.\//, '')),
  );
  return { files, bytes: files.reduce((sum, f) => sum + gz(f), 0) };
}

async function bundleSizes() {
  console.log('\n== Bundle: gzipped JS loaded by /');
  const { build } = requireWeb('vite');
  const floorOut = mkdtempSync(join(tmpdir(), 'vetted-floor-'));
  const react = requireWeb('@vitejs/plugin-react').default;
  await build({
    root: join(web, 'bench/floor'),
    logLevel: 'error',
    plugins: [react()],
    build: { outDir: floorOut, emptyOutDir: true },
  });
  await run('npx', ['-y', 'pnpm@10.34.9', '--filter', '@vetted/web', 'build'], {
    cwd: root,
    stdio: 'ignore',
  });
  const app = initialJs(join(web, 'dist'));
  const floor = initialJs(floorOut);
  results.bundle = {
    appGzipBytes: app.bytes,
    floorGzipBytes: floor.bytes,
    ratio: app.bytes / floor.bytes,
  };
  console.log(`  web app  /      ${kb(app.bytes)} in ${app.files.length} file(s)`);
  console.log(`  floor (react+react-dom+wouter+swr) ${kb(floor.bytes)}`);
  console.log(
    `  app / floor     ${(app.bytes / floor.bytes).toFixed(2)}×  (+${kb(app.bytes - floor.bytes)})`,
  );
}

/** Relative JS files a built ESM file imports statically (tsup's shared chunks). */
function staticImports(file) {
  const code = readFileSync(file, 'utf8');
  return [...code.matchAll(/(?:from|import)\s*["'](\.\.?\/[^"']+\.js)["']/g)].map((m) =>
    join(dirname(file), m[1]),
  );
}

/** Gzipped bytes of an entry plus every chunk it pulls in (what a bundler would include). */
function entryClosureBytes(entry) {
  const seen = new Set();
  const stack = [entry];
  while (stack.length) {
    const f = stack.pop();
    if (seen.has(f) || !existsSync(f)) continue;
    seen.add(f);
    stack.push(...staticImports(f));
  }
  return [...seen].reduce((sum, f) => sum + gz(f), 0);
}

function uiSizes() {
  const dist = join(root, 'packages/ui/dist');
  if (!existsSync(dist)) {
    console.log('\n== @vetted/ui: not built (pnpm --filter @vetted/ui build); skipped');
    return;
  }
  console.log(
    '\n== @vetted/ui ESM output, gzipped (react, react-dom, radix-ui and other deps external)',
  );
  const files = readdirSync(dist).filter((f) => f.endsWith('.js'));
  const total = files.reduce((sum, f) => sum + gz(join(dist, f)), 0);
  const entries = files
    .filter((f) => !f.startsWith('chunk-'))
    .map((f) => [f.replace(/\.js$/, ''), entryClosureBytes(join(dist, f))])
    .sort((a, b) => b[1] - a[1]);
  results.ui = { totalGzipBytes: total, entries: Object.fromEntries(entries) };
  console.log(`  whole package (${files.length} files)      ${kb(total)}`);
  console.log('  per entry, with the shared chunks it imports:');
  for (const [name, bytes] of entries) console.log(`    ${name.padEnd(28)} ${kb(bytes)}`);
}

function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((res, rej) => {
    const tick = async () => {
      try {
        const r = await fetch(url);
        if (r.ok) return res();
      } catch {}
      if (Date.now() > deadline) return rej(new Error(`${url} not up in ${timeoutMs} ms`));
      setTimeout(tick, 300);
    };
    tick();
  });
}

async function load(url, title) {
  const autocannon = requireApi('autocannon');
  const r = await autocannon({ url, connections: 10, duration: durationS, pipelining: 1 });
  const row = {
    rps: Math.round(r.requests.average),
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
  console.log(
    `  ${title.padEnd(38)} ${String(row.rps).padStart(7)} req/s   p50 ${row.p50} ms  p97.5 ${row.p97_5} ms  p99 ${row.p99} ms  errors ${row.errors}`,
  );
  return row;
}

async function httpThroughput() {
  console.log(`\n== HTTP throughput (autocannon, 10 connections, ${durationS}s each)`);
  await buildApi();
  const dataDir = mkdtempSync(join(tmpdir(), 'vetted-bench-'));
  const port = 3300;
  const server = spawn(process.execPath, [join(api, 'dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
    },
    stdio: 'ignore',
  });
  const bare = spawn(
    process.execPath,
    [
      '-e',
      `
    const app = require(${JSON.stringify(requireApi.resolve('fastify'))})();
    app.get('/bare', async () => ({ ok: true, data: [] }));
    app.listen({ port: ${port + 1}, host: '127.0.0.1' });
  `,
    ],
    { stdio: 'ignore' },
  );
  try {
    await waitFor(`http://127.0.0.1:${port}/v1/health`, 180_000);
    await waitFor(`http://127.0.0.1:${port + 1}/bare`, 30_000);
    const cats = await (await fetch(`http://127.0.0.1:${port}/v1/categories`)).json();
    const slug = cats.data?.[0]?.slug ?? 'plumbing';
    results.http = {
      bareFastify: await load(`http://127.0.0.1:${port + 1}/bare`, 'bare Fastify route (baseline)'),
      categories: await load(`http://127.0.0.1:${port}/v1/categories`, 'GET /v1/categories'),
      vendorsByCategory: await load(
        `http://127.0.0.1:${port}/v1/vendors?category=${slug}`,
        `GET /v1/vendors?category=${slug}`,
      ),
    };
    const base = results.http.bareFastify.rps;
    console.log(
      `  categories at ${((results.http.categories.rps / base) * 100).toFixed(1)}% of bare; vendors at ${((results.http.vendorsByCategory.rps / base) * 100).toFixed(1)}% of bare`,
    );
  } finally {
    server.kill('SIGTERM');
    bare.kill('SIGTERM');
  }
}

/** Percentile `p` (0–100) of `values` (nearest rank). */
function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

let apiBuilt = false;
async function buildApi() {
  if (apiBuilt) return;
  await run('npx', ['-y', 'pnpm@10.34.9', '--filter', '@vetted/api', 'build'], {
    cwd: root,
    stdio: 'ignore',
  });
  apiBuilt = true;
}

/** Starts the built API on `port`; resolves once /v1/health answers. */
async function startApi(port, env) {
  const child = spawn(process.execPath, [join(api, 'dist/server.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '100000000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      MESSAGES_PER_MINUTE: '100000000',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
      SMTP_URL: '',
      ...env,
    },
    stdio: 'ignore',
  });
  await waitFor(`http://127.0.0.1:${port}/v1/health`, 240_000);
  return child;
}

/** Signs a demo account in: password, then the one-time code from the dev mail folder. */
async function demoSession(base, outboxDir, email) {
  const post = (path, body) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const started = Date.now();
  const login = await post('/v1/auth/login', { email, password: 'vetted-demo-1' });
  if (!login.ok) throw new Error(`login ${email}: ${JSON.stringify(login)}`);
  for (;;) {
    const files = existsSync(outboxDir)
      ? readdirSync(outboxDir)
          .filter((f) => f.endsWith(`-${email}.json`))
          .sort()
      : [];
    const mail = files.length
      ? JSON.parse(readFileSync(join(outboxDir, files.at(-1)), 'utf8'))
      : null;
    if (mail?.otp) {
      const session = await post('/v1/auth/otp/verify', {
        challengeId: login.data.challengeId,
        code: mail.otp,
      });
      if (!session.ok) throw new Error(`verify ${email}: ${JSON.stringify(session)}`);
      return session.data.accessToken;
    }
    if (Date.now() - started > 60_000) throw new Error(`no code mailed to ${email}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Opens a socket on `/v1/ws` as `token`; resolves once the server says `ready`. */
function openSocket(WebSocket, wsUrl, token, onFrame) {
  return new Promise((res, rej) => {
    const socket = new WebSocket(wsUrl, ['vetted.bearer', token]);
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw));
      if (frame.type === 'ready') res(socket);
      else onFrame?.(frame);
    });
    socket.on('error', rej);
  });
}

/**
 * Sends `count` messages from the demo customer to the demo pro through `sendBase` while 500
 * sockets are open on `listenBase` (499 of the demo admin, who hears nothing of a direct
 * conversation, and the pro's), and times each from just before the POST to the pro's frame.
 */
async function deliveryRun(sendBase, listenBase, outboxDir, count) {
  const requireWs = createRequire(requireApi.resolve('@fastify/websocket'));
  const WebSocket = requireWs('ws');
  const [customer, vendor, admin] = await Promise.all([
    demoSession(sendBase, outboxDir, 'customer@vetted.test'),
    demoSession(sendBase, outboxDir, 'vendor@vetted.test'),
    demoSession(sendBase, outboxDir, 'admin@vetted.test'),
  ]);
  const wsUrl = `${listenBase.replace(/^http/, 'ws')}/v1/ws`;
  const idle = [];
  for (let i = 0; i < 499; i += 50) {
    const batch = Array.from({ length: Math.min(50, 499 - i) }, () =>
      openSocket(WebSocket, wsUrl, admin),
    );
    idle.push(...(await Promise.all(batch)));
  }
  const waiting = new Map();
  const pro = await openSocket(WebSocket, wsUrl, vendor, (frame) => {
    if (frame.type !== 'message') return;
    const done = waiting.get(frame.data.body);
    if (done) done(performance.now());
  });
  const auth = { authorization: `Bearer ${customer}`, 'content-type': 'application/json' };
  const me = await (
    await fetch(`${sendBase}/v1/me`, { headers: { authorization: `Bearer ${vendor}` } })
  ).json();
  const opened = await (
    await fetch(`${sendBase}/v1/conversations`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ kind: 'direct', vendorId: me.data.vendorId }),
    })
  ).json();
  const url = `${sendBase}/v1/conversations/${opened.data.id}/messages`;
  const delivery = [];
  const health = [];
  const warmup = 20;
  for (let i = 0; i < count + warmup; i++) {
    const h0 = performance.now();
    await (await fetch(`${sendBase}/v1/health`)).arrayBuffer();
    const h1 = performance.now();
    const body = `bench ${process.pid} ${i}`;
    const arrived = new Promise((res) => waiting.set(body, res));
    const t0 = performance.now();
    const res = await fetch(url, { method: 'POST', headers: auth, body: JSON.stringify({ body }) });
    if (res.status !== 201) throw new Error(`send ${i}: HTTP ${res.status} ${await res.text()}`);
    const t1 = await arrived;
    waiting.delete(body);
    if (i >= warmup) {
      delivery.push(t1 - t0);
      health.push(h1 - h0);
    }
  }
  for (const s of [...idle, pro]) s.terminate();
  const row = (xs) => ({
    p50: Number(percentile(xs, 50).toFixed(2)),
    p99: Number(percentile(xs, 99).toFixed(2)),
  });
  return {
    messages: count,
    sockets: idle.length + 1,
    delivery: row(delivery),
    healthRoundTrip: row(health),
  };
}

function printDelivery(title, r) {
  console.log(
    `  ${title.padEnd(34)} delivery p50 ${r.delivery.p50} ms  p99 ${r.delivery.p99} ms   (GET /v1/health p50 ${r.healthRoundTrip.p50} ms  p99 ${r.healthRoundTrip.p99} ms)`,
  );
}

async function messageDelivery() {
  const count = Number(process.env.BENCH_MESSAGES ?? 1000);
  console.log(
    `\n== Message delivery, POST → the other participant's socket (${count} messages, 500 sockets)`,
  );
  await buildApi();
  results.messages = {};
  const outboxDir = mkdtempSync(join(tmpdir(), 'vetted-bench-mail-'));
  const one = await startApi(3320, {
    DATA_DIR: mkdtempSync(join(tmpdir(), 'vetted-bench-')),
    OUTBOX_DIR: outboxDir,
    DATABASE_URL: '',
    REDIS_URL: '',
  });
  try {
    results.messages.oneProcess = await deliveryRun(
      'http://127.0.0.1:3320',
      'http://127.0.0.1:3320',
      outboxDir,
      count,
    );
    printDelivery('one process (PGlite)', results.messages.oneProcess);
  } finally {
    one.kill('SIGTERM');
  }
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.log('  two processes through Redis: skipped (set DATABASE_URL and REDIS_URL)');
    return;
  }
  const postgres = requireApi('postgres');
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  const name = `vetted_bench_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(process.env.DATABASE_URL);
  dbUrl.pathname = `/${name}`;
  const sharedOutbox = mkdtempSync(join(tmpdir(), 'vetted-bench-mail-'));
  const shared = {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: process.env.REDIS_URL,
    OUTBOX_DIR: sharedOutbox,
    JWT_SECRET: `bench-${name}-secret-secret-secret`,
  };
  const children = [];
  try {
    // One after the other: the first seeds the empty database.
    children.push(
      await startApi(3321, { ...shared, DATA_DIR: mkdtempSync(join(tmpdir(), 'vetted-bench-')) }),
    );
    children.push(
      await startApi(3322, { ...shared, DATA_DIR: mkdtempSync(join(tmpdir(), 'vetted-bench-')) }),
    );
    results.messages.twoProcessesRedis = await deliveryRun(
      'http://127.0.0.1:3321',
      'http://127.0.0.1:3322',
      sharedOutbox,
      count,
    );
    printDelivery('two processes through Redis', results.messages.twoProcessesRedis);
  } finally {
    for (const c of children) c.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1000));
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

const only = process.argv[2];
if (!only || only === 'bundle') await bundleSizes();
if (!only || only === 'ui') uiSizes();
if (!only || only === 'http') await httpThroughput();
if (!only || only === 'messages') await messageDelivery();
mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(
  root,
  'bench/results',
  `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
writeFileSync(out, JSON.stringify(results, null, 2));
console.log(`\nresults written to ${relative(root, out)}`);
