// `pnpm bench api`: hot and cold reads next to a bare Fastify route, load shedding under 200
// connections, and cold start next to a bare Fastify process start.
import {
  buildApp,
  median,
  ms,
  peakRss,
  productionEnv,
  requireApi,
  round,
  rounds,
  spawnApi,
  spawnBare,
  startApi,
  stop,
  tempDir,
  waitFor,
} from './lib.mjs';

/** Seconds each autocannon run lasts (`BENCH_SECONDS`, default 5). */
const durationS = Number(process.env.BENCH_SECONDS ?? 5);

/** One autocannon run at `connections`, asking for brotli like a browser. */
async function load(url, { connections = 10, seconds = durationS, onResponse } = {}) {
  const autocannon = requireApi('autocannon');
  const r = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': 'br, gzip' },
    ...(onResponse ? { requests: [{ onResponse }] } : {}),
  });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, Number(s.count)]),
    ),
  };
}

/**
 * Req/s and latency of each target, `rounds` interleaved rounds (bare, a, b, …, bare, a, b, …),
 * medians per target, each with its ratio to the bare Fastify route of the same run.
 */
async function throughput(results) {
  console.log(
    `\n== API reads as served (NODE_ENV=production, info logs, Accept-Encoding: br; autocannon 10 connections, ${durationS} s × ${rounds} interleaved rounds, medians)`,
  );
  const hitPort = 3350;
  const missPort = 3351;
  const barePort = 3352;
  const hit = await startApi(hitPort, tempDir('hit'));
  const miss = await startApi(missPort, tempDir('miss'), { CATALOGUE_CACHE_TTL_MS: '0' });
  const bare = spawnBare(barePort).child;
  try {
    await waitFor(`http://127.0.0.1:${barePort}/`, 30_000);
    const get = (path) => fetch(`http://127.0.0.1:${hitPort}${path}`).then((r) => r.json());
    const slug = (await get('/v1/categories')).data[0].slug;
    const vendor = (await get(`/v1/vendors?category=${slug}`)).data.items[0];
    const service = (await get(`/v1/vendors/${vendor.id}/services`)).data[0];
    const targets = {
      bare: `http://127.0.0.1:${barePort}/`,
      categories: `http://127.0.0.1:${hitPort}/v1/categories`,
      vendors: `http://127.0.0.1:${hitPort}/v1/vendors?category=${slug}`,
      slots: `http://127.0.0.1:${hitPort}/v1/services/${service.id}/slots`,
      categoriesMiss: `http://127.0.0.1:${missPort}/v1/categories`,
      vendorsMiss: `http://127.0.0.1:${missPort}/v1/vendors?category=${slug}`,
    };
    // Warm up each target once (JIT, caches), then measure.
    for (const url of Object.values(targets)) await load(url, { seconds: 1 });
    const runs = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
    for (let i = 0; i < rounds; i++) {
      for (const [name, url] of Object.entries(targets)) runs[name].push(await load(url));
    }
    const bareRps = median(runs.bare.map((r) => r.rps));
    results.api = {};
    for (const [name, rs] of Object.entries(runs)) {
      const rps = median(rs.map((r) => r.rps));
      results.api[name] = {
        rps: Math.round(rps),
        p50Ms: median(rs.map((r) => r.p50)),
        p99Ms: median(rs.map((r) => r.p99)),
        non2xx: rs.reduce((n, r) => n + r.non2xx, 0),
        ratio: round(rps / bareRps, 3),
      };
    }
    const labels = {
      bare: 'bare Fastify route (baseline)',
      categories: 'GET /v1/categories (cache hit)',
      vendors: `GET /v1/vendors?category=${slug} (hit)`,
      slots: 'GET /v1/services/{id}/slots',
      categoriesMiss: 'GET /v1/categories (no cache)',
      vendorsMiss: `GET /v1/vendors?category=${slug} (no cache)`,
    };
    for (const [name, r] of Object.entries(results.api)) {
      console.log(
        `  ${labels[name].padEnd(44)} ${String(r.rps).padStart(7)} req/s  ×${r.ratio.toFixed(3)}   p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  non-2xx ${r.non2xx}`,
      );
    }
  } finally {
    await Promise.all([stop(hit), stop(miss), stop(bare)]);
  }
}

/**
 * 200 connections on the uncached vendor list (PGlite) for 10 s: counts timeouts, status codes,
 * and 503 answers that carry `Retry-After`.
 */
async function overload(results) {
  console.log('\n== Overload: 200 connections on an uncached list (PGlite), 10 s');
  const port = 3353;
  const server = await startApi(port, tempDir('overload'), { CATALOGUE_CACHE_TTL_MS: '0' });
  try {
    let withRetryAfter = 0;
    const r = await load(`http://127.0.0.1:${port}/v1/vendors`, {
      connections: 200,
      seconds: 10,
      onResponse: (status, _body, _context, headers) => {
        if (status === 503 && headers['retry-after']) withRetryAfter += 1;
      },
    });
    results.overload = {
      connections: 200,
      timeouts: r.timeouts,
      errors: r.errors,
      statusCodes: r.statusCodes,
      shedWithRetryAfter: withRetryAfter,
      p99Ms: r.p99,
    };
    console.log(
      `  timeouts ${r.timeouts}  errors ${r.errors}  status codes ${JSON.stringify(r.statusCodes)}  503 with Retry-After ${withRetryAfter}  p99 ${r.p99} ms`,
    );
  } finally {
    await stop(server);
  }
}

/** Spawn-to-first-200 of the production API on `/` (an already seeded database) and its peak RSS. */
async function restartOnce(port, dataDir) {
  const { child, spawnedAt } = spawnApi(productionEnv(port, dataDir));
  const startMs = await waitFor(`http://127.0.0.1:${port}/`, 240_000, {
    since: spawnedAt,
    everyMs: 10,
  });
  const rss = peakRss(child.pid);
  await stop(child);
  return { startMs, rss };
}

/**
 * Cold start: the first start on an empty database (migrations + seed), then `rounds` interleaved
 * restarts of the API and starts of a bare Fastify process, each timed from spawn to first 200.
 */
async function coldStart(results) {
  console.log(`\n== Start-up: spawn → first 200 on / (restarts: median of ${rounds}, interleaved)`);
  const port = 3354;
  const dataDir = tempDir('cold');
  const first = await restartOnce(port, dataDir);
  const restarts = [];
  const bares = [];
  for (let i = 0; i < rounds; i++) {
    restarts.push(await restartOnce(port, dataDir));
    const { child, spawnedAt } = spawnBare(port + 1);
    bares.push(
      await waitFor(`http://127.0.0.1:${port + 1}/`, 30_000, { since: spawnedAt, everyMs: 10 }),
    );
    await stop(child);
  }
  const restartMs = median(restarts.map((r) => r.startMs));
  const bareMs = median(bares);
  results.coldStart = {
    firstStartMs: Math.round(first.startMs),
    firstStartPeakRssBytes: first.rss,
    restartMs: Math.round(restartMs),
    restartPeakRssBytes: Math.max(...restarts.map((r) => r.rss ?? 0)),
    bareFastifyMs: Math.round(bareMs),
    ratio: round(restartMs / bareMs),
  };
  const mb = (b) => `${Math.round(b / 1024 / 1024)} MB`;
  console.log(
    `  first start (migrate + seed) ${ms(first.startMs)}, peak RSS ${mb(first.rss ?? 0)}`,
  );
  console.log(
    `  restart ${ms(restartMs)}, peak RSS ${mb(results.coldStart.restartPeakRssBytes)}; bare Fastify ${ms(bareMs)}; ratio ${results.coldStart.ratio}`,
  );
}

/** Throughput, overload and start-up; fills `results.api`, `results.overload`, `results.coldStart`. */
export async function apiBench(results) {
  await buildApp();
  await throughput(results);
  await overload(results);
  await coldStart(results);
}
