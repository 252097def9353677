// `pnpm bench orders`: 200 concurrent `POST /v1/orders` (distinct customers, distinct free slots
// spread over the pros) on PostgreSQL, next to 200 concurrent `GET /v1/health` on the same
// server in the same run, in `BENCH_ROUNDS` interleaved rounds (health, creates, health, …;
// medians). Each round's orders are cancelled after it, so no customer nears the unpaid cap.
//
// Database: a fresh `vetted_bench_orders_<time>` on the server of `BENCH_DATABASE_URL` or else
// `DATABASE_URL` (created, migrated and seeded by the API, dropped at the end): never the tests'
// database itself. Redis (`REDIS_URL`) is used when set, as a production instance would.
import {
  api,
  call,
  median,
  requireApi,
  rounds,
  run,
  signUpCustomer,
  startApi,
  stop,
  tempDir,
} from './lib.mjs';

/** Concurrent creates per burst (`BENCH_ORDERS`, default 200: the figure). */
const burst = Number(process.env.BENCH_ORDERS ?? 200);
const PORT = 3380;

/** Signs up customer `i`; its token. */
// Generous: the mail worker shares a loaded machine with 10 sign-ups at once.
const customer = (base, outboxDir, i) => signUpCustomer(base, outboxDir, i, 'orders', 180_000);

/**
 * `needed` free, non-overlapping slots, dealt round-robin over the pros (one service each), so a
 * burst books as many different pros as the seed has: a pro's bookings are serialised by its
 * row lock (no double booking), which is not what is measured here. The address names the
 * pro's own city, so the service-area check locates it and passes.
 */
async function freeSlots(base, token, needed) {
  const perPro = [];
  for (let page = 1; page <= 10; page++) {
    const { items } = await call(base, 'GET', `/vendors?pageSize=50&page=${page}`);
    if (!items?.length) break;
    for (const v of items) {
      const [service] = await call(base, 'GET', `/vendors/${v.id}/services`);
      if (!service) continue;
      // A city name the geocoder reads as a namesake elsewhere would be refused (422): skip it.
      const address = `12 Main Street, ${v.city}`;
      const area = await call(
        base,
        'GET',
        `/services/${service.id}/service-area?address=${encodeURIComponent(address)}`,
        token,
      );
      if (area.served === false) continue;
      const slots = await call(base, 'GET', `/services/${service.id}/slots?days=14`);
      const mine = [];
      let freeFrom = '';
      for (const slot of slots.days.flatMap((d) => d.slots).filter((x) => x.available)) {
        if (slot.startsAt < freeFrom) continue;
        mine.push({ serviceId: service.id, startsAt: slot.startsAt, address });
        freeFrom = slot.endsAt;
      }
      if (mine.length) perPro.push(mine);
    }
    if (perPro.reduce((n, s) => n + s.length, 0) >= needed) break;
  }
  const dealt = [];
  for (let i = 0; dealt.length < needed; i++) {
    const live = perPro.filter((s) => s.length > 0);
    if (live.length === 0) throw new Error(`only ${dealt.length} free slots for ${needed} orders`);
    dealt.push(live[i % live.length].shift());
  }
  return dealt;
}

/** `requests` (autocannon's) once each, all at once on `requests.length` connections. */
async function burstOf(url, requests) {
  const autocannon = requireApi('autocannon');
  let next = 0;
  const r = await autocannon({
    url,
    connections: requests.length,
    amount: requests.length,
    timeout: 30,
    requests: [{ setupRequest: (req) => ({ ...req, ...requests[next++ % requests.length] }) }],
  });
  return {
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, s]) => [code, Number(s.count)]),
    ),
  };
}

/** Each customer cancels what they booked, so the next burst may book again. */
async function cancelAll(base, tokens) {
  for (let i = 0; i < tokens.length; i += 20) {
    await Promise.all(
      tokens.slice(i, i + 20).map(async (token) => {
        const mine = await call(base, 'GET', '/orders?status=pending_payment', token);
        for (const order of mine.items ?? mine) {
          if (order.status !== 'pending_payment') continue;
          await call(base, 'POST', `/orders/${order.id}/transitions`, token, { action: 'cancel' });
        }
      }),
    );
  }
}

/** The server's database: a fresh one on the bench (or tests') server; null without one. */
function serverUrl() {
  return process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? null;
}

/** Fills `results.orders`. Skips (with a line saying why) without PostgreSQL. */
export async function ordersBench(results) {
  console.log(
    `\n== Order creation: ${burst} concurrent POST /v1/orders vs ${burst} concurrent GET /v1/health, PostgreSQL (${rounds} interleaved rounds, medians)`,
  );
  const server = serverUrl();
  if (!server) {
    console.log('  skipped: set DATABASE_URL or BENCH_DATABASE_URL');
    return;
  }
  if (!process.env.BENCH_NO_BUILD) {
    await run('npx', ['-y', 'pnpm@10.34.9', '--filter', '@vetted/api', 'build'], { cwd: api });
  }
  const postgres = requireApi('postgres');
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  const name = `vetted_bench_orders_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(server);
  dbUrl.pathname = `/${name}`;
  const outboxDir = tempDir('orders-mail');
  let child;
  try {
    child = await startApi(PORT, tempDir('orders'), {
      DATABASE_URL: dbUrl.toString(),
      REDIS_URL: process.env.REDIS_URL ?? '',
      OUTBOX_DIR: outboxDir,
      SEED_ON_START: 'true',
      MIGRATE_ON_START: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      // What is measured is creation itself, as in the scale section: the in-flight bound
      // (default 64) would answer the excess of 200 with 503 at once, and the event-loop check
      // would shed the burst it causes.
      OVERLOAD_MAX_IN_FLIGHT: '0',
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    });
    const base = `http://127.0.0.1:${PORT}`;
    const tokens = [];
    for (let i = 0; i < burst; i += 10) {
      const batch = Array.from({ length: Math.min(10, burst - i) }, (_, j) =>
        customer(base, outboxDir, i + j),
      );
      tokens.push(...(await Promise.all(batch)));
    }
    // A warm-up burst (JIT, pools, caches), then the measured ones.
    const slots = await freeSlots(base, tokens[0], burst * (rounds + 1));
    const createsOf = () =>
      slots.splice(0, burst).map((s, i) => ({
        method: 'POST',
        path: '/v1/orders',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens[i]}`,
          'idempotency-key': `bench-${s.serviceId}-${s.startsAt}`,
        },
        body: JSON.stringify({
          serviceId: s.serviceId,
          startsAt: s.startsAt,
          address: s.address,
        }),
      }));
    const healths = Array.from({ length: burst }, () => ({ method: 'GET', path: '/v1/health' }));
    const runs = { creates: [], health: [] };
    for (let i = 0; i <= rounds; i++) {
      const health = await burstOf(base, healths);
      const creates = await burstOf(base, createsOf());
      await cancelAll(base, tokens);
      if (i === 0) continue;
      runs.health.push(health);
      runs.creates.push(creates);
      console.log(
        `  round ${i}: creates p50 ${creates.p50} ms p99 ${creates.p99} ms errors ${creates.errors} ${JSON.stringify(creates.statusCodes)}; health p50 ${health.p50} ms p99 ${health.p99} ms`,
      );
    }
    const statusCodes = {};
    for (const r of runs.creates) {
      for (const [code, n] of Object.entries(r.statusCodes)) {
        statusCodes[code] = (statusCodes[code] ?? 0) + n;
      }
    }
    results.orders = {
      concurrent: burst,
      creates: {
        p50Ms: median(runs.creates.map((r) => r.p50)),
        p99Ms: median(runs.creates.map((r) => r.p99)),
        errors: runs.creates.reduce((n, r) => n + r.errors, 0),
        statusCodes,
      },
      health: {
        p50Ms: median(runs.health.map((r) => r.p50)),
        p99Ms: median(runs.health.map((r) => r.p99)),
      },
    };
    const { creates, health } = results.orders;
    console.log(
      `  POST /v1/orders ×${burst}: p50 ${creates.p50Ms} ms  p99 ${creates.p99Ms} ms  errors ${creates.errors}  status ${JSON.stringify(statusCodes)}`,
    );
    console.log(`  GET /v1/health ×${burst}: p50 ${health.p50Ms} ms  p99 ${health.p99Ms} ms`);
  } finally {
    if (child) await stop(child);
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

// `node scripts/bench/orders.mjs`: this section alone, printing its JSON.
if (import.meta.url === `file://${process.argv[1]}`) {
  const results = {};
  await ordersBench(results);
  console.log(JSON.stringify(results.orders, null, 2));
}
