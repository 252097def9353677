#!/usr/bin/env node
// `pnpm bench`: prints what the browser downloads and how fast the API answers, each next to a
// baseline measured in the same run (DEVELOPERS.md: benchmarks, not timed tests).
//  1. gzipped JS that `/` loads (entry + modulepreloads) vs the floor app (React + react-dom +
//     wouter + swr alone, same Vite build).
//  2. gzipped size of @vetted/ui's ESM output, whole and per component entry (if built).
//  3. requests/s and p50/p97.5/p99 latency of GET /v1/categories and GET /v1/vendors?category=…
//     on the production server (embedded PGlite, seeded) vs a bare Fastify route.
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
  await run('npx', ['-y', 'pnpm@10.34.9', '--filter', '@vetted/api', 'build'], {
    cwd: root,
    stdio: 'ignore',
  });
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

const only = process.argv[2];
if (!only || only === 'bundle') await bundleSizes();
if (!only || only === 'ui') uiSizes();
if (!only || only === 'http') await httpThroughput();
mkdirSync(join(root, 'bench/results'), { recursive: true });
const out = join(
  root,
  'bench/results',
  `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
);
writeFileSync(out, JSON.stringify(results, null, 2));
console.log(`\nresults written to ${relative(root, out)}`);
