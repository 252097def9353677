// `pnpm bench scale`: one API instance against two behind nginx (deploy/nginx/vetted.conf), on
// one PostgreSQL database and Redis, on this machine, in the same run: requests/s and p99 of a
// mixed catalogue read workload and of order creation, in interleaved rounds (one, two, one,
// two, …; medians); then restart-to-ready (spawn → `/v1/health/ready` 200) and the peak RSS of
// each instance (goal < 250 MB on PostgreSQL). Needs DATABASE_URL and REDIS_URL, and nginx.
// Both instances keep running through every round; the "one instance" rounds go through an
// nginx whose upstream lists only the first, so the machine carries the same processes.
import { findNginx, startNginx } from '../nginx.mjs';
import {
  api,
  median,
  ms,
  peakRss,
  requireApi,
  round,
  rounds,
  run,
  spawnApi,
  stop,
  tempDir,
  waitFor,
  call,
  signUpCustomer,
} from './lib.mjs';

/** Seconds each read run lasts (`BENCH_SECONDS`, default 5). */
const durationS = Number(process.env.BENCH_SECONDS ?? 5);
/** Orders created per order-creation run (`BENCH_SCALE_ORDERS`, default 300). */
const ordersPerRun = Number(process.env.BENCH_SCALE_ORDERS ?? 300);
/** Peak RSS goal per instance on PostgreSQL (issue: production). */
export const SCALE_RSS_GOAL_BYTES = 250 * 1024 * 1024;
/** Unpaid bookings one customer may hold at once (apps/api orders policy `UNPAID_ORDER_LIMIT`). */
const UNPAID_ORDER_LIMIT = 3;
const PORTS = { a: 3370, b: 3371, one: 3372, two: 3373, restart: 3374 };

const mb = (b) => `${Math.round(b / 1024 / 1024)} MB`;

/** The production environment of one instance on the shared database (mails to a shared folder). */
function instanceEnv(port, shared) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${PORTS.two}`,
    DATA_DIR: tempDir('scale-data'),
    LOG_LEVEL: 'info',
    SMTP_URL: '',
    TRUST_PROXY: '127.0.0.1',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    // Order creation is what is measured: the in-flight bound would answer the excess 503.
    OVERLOAD_MAX_IN_FLIGHT: '0',
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: '0',
    ...shared,
  };
}

/** Starts an instance; resolves with the child once `/v1/health/ready` answers 200 (ms since spawn). */
async function startInstance(port, shared) {
  const { child, spawnedAt } = spawnApi(instanceEnv(port, shared));
  const readyMs = await waitFor(`http://127.0.0.1:${port}/v1/health/ready`, 300_000, {
    since: spawnedAt,
    everyMs: 20,
  });
  return { child, readyMs };
}

/** Signs up customer `i`; its token. */
const customer = (base, outboxDir, i) => signUpCustomer(base, outboxDir, i, 'scale', 60_000);

/** One autocannon run; `requests` as autocannon takes them. */
async function load(url, options) {
  const autocannon = requireApi('autocannon');
  const r = await autocannon({ url, connections: 10, ...options });
  return {
    // Completed requests over the run's wall time (autocannon's per-second average rounds
    // a short `amount` run to whole seconds).
    rps: r.requests.total / r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    requests: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    statusCodes: Object.fromEntries(
      Object.entries(r.statusCodeStats ?? {}).map(([code, x]) => [code, Number(x.count)]),
    ),
  };
}

/** Medians of `runs` (autocannon results), rounded for the JSON. */
function summary(runs) {
  return {
    rps: Math.round(median(runs.map((r) => r.rps))),
    p50Ms: median(runs.map((r) => r.p50)),
    p99Ms: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors + r.timeouts, 0),
    statusCodes: runs.reduce((all, r) => {
      for (const [code, n] of Object.entries(r.statusCodes)) all[code] = (all[code] ?? 0) + n;
      return all;
    }, {}),
  };
}

/** Fills `results.scale`. Skips (with a line saying why) without PostgreSQL, Redis or nginx. */
export async function scaleBench(results) {
  console.log(
    `\n== Scale-out through nginx: one instance vs two on one PostgreSQL + Redis (${rounds} interleaved rounds, medians)`,
  );
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    console.log('  skipped: set DATABASE_URL and REDIS_URL');
    return;
  }
  const nginx = findNginx();
  if (!nginx) {
    console.log('  skipped: nginx is not installed (apt-get install nginx, or set NGINX_PATH)');
    return;
  }
  // The API only: the web app is not what is measured here.
  await run('npx', ['-y', 'pnpm@10.34.9', '--filter', '@vetted/api', 'build'], { cwd: api });

  const postgres = requireApi('postgres');
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  const name = `vetted_bench_scale_${Date.now()}`;
  await admin.unsafe(`create database ${name}`);
  const dbUrl = new URL(process.env.DATABASE_URL);
  dbUrl.pathname = `/${name}`;
  const outboxDir = tempDir('scale-mail');
  const shared = {
    DATABASE_URL: dbUrl.toString(),
    REDIS_URL: process.env.REDIS_URL,
    JWT_SECRET: `bench-${name}-secret-secret-secret`,
    OUTBOX_DIR: outboxDir,
    SEED_ON_START: 'true',
    MIGRATE_ON_START: 'true',
  };
  const children = [];
  const edges = [];
  try {
    // Both at once on the empty database: migrations and seed once, under the lock.
    const started = await Promise.all([
      startInstance(PORTS.a, shared),
      startInstance(PORTS.b, shared),
    ]);
    children.push(...started.map((s) => s.child));
    const firstStartMs = Math.max(...started.map((s) => s.readyMs));
    const addr = (port) => `127.0.0.1:${port}`;
    const one = await startNginx({ upstreams: [addr(PORTS.a)], port: PORTS.one, nginx });
    const two = await startNginx({
      upstreams: [addr(PORTS.a), addr(PORTS.b)],
      port: PORTS.two,
      nginx,
    });
    edges.push(one, two);

    // The read mix: categories, a category's pros, a pro, a service, its slots.
    const base = two.url;
    const categories = await call(base, 'GET', '/categories');
    const slug = categories[0].slug;
    const vendors = (await call(base, 'GET', `/vendors?category=${slug}`)).items;
    const vendor = vendors[0];
    const services = await call(base, 'GET', `/vendors/${vendor.id}/services`);
    const reads = [
      '/v1/categories',
      `/v1/vendors?category=${slug}`,
      `/v1/vendors/${vendor.id}`,
      `/v1/services/${services[0].id}`,
      `/v1/services/${services[0].id}/slots`,
    ].map((path) => ({ method: 'GET', path }));

    // Order creation: distinct free slots across many pros' services, and enough customers
    // that none holds more than UNPAID_ORDER_LIMIT unpaid bookings in one run (each run's
    // orders are cancelled after it).
    const runsPerConfig = rounds;
    const needed = ordersPerRun * runsPerConfig * 2;
    const bookable = [];
    const pros = (await call(base, 'GET', '/vendors?pageSize=50')).items;
    for (const v of pros) {
      // One service per pro, and slots that do not overlap: a pro is booked once at a time.
      const [service] = await call(base, 'GET', `/vendors/${v.id}/services`);
      if (!service) continue;
      const slots = await call(base, 'GET', `/services/${service.id}/slots?days=14`);
      let freeFrom = '';
      for (const slot of slots.days.flatMap((d) => d.slots).filter((x) => x.available)) {
        if (slot.startsAt < freeFrom) continue;
        bookable.push({ serviceId: service.id, startsAt: slot.startsAt });
        freeFrom = slot.endsAt;
      }
      if (bookable.length >= needed) break;
    }
    if (bookable.length < needed) {
      throw new Error(`only ${bookable.length} free slots for ${needed} orders`);
    }
    const customerCount = Math.ceil(ordersPerRun / UNPAID_ORDER_LIMIT);
    const tokens = [];
    for (let i = 0; i < customerCount; i += 10) {
      const batch = Array.from({ length: Math.min(10, customerCount - i) }, (_, j) =>
        customer(`http://${addr(PORTS.a)}`, outboxDir, i + j),
      );
      tokens.push(...(await Promise.all(batch)));
    }

    /** One order-creation run through `edge`: `ordersPerRun` bookings, then all cancelled. */
    const orderRun = async (edge) => {
      const jobs = bookable.splice(0, ordersPerRun).map((b, i) => ({
        token: tokens[i % customerCount],
        body: JSON.stringify({ ...b, address: '12 Main Street, New York' }),
      }));
      let next = 0;
      const r = await load(`${edge.url}/v1/orders`, {
        amount: jobs.length,
        requests: [
          {
            method: 'POST',
            setupRequest: (req) => {
              const job = jobs[next++ % jobs.length];
              return {
                ...req,
                headers: {
                  'content-type': 'application/json',
                  authorization: `Bearer ${job.token}`,
                },
                body: job.body,
              };
            },
          },
        ],
      });
      // Each customer cancels what they booked, so the next run may book again.
      for (const token of tokens) {
        const mine = await call(edge.url, 'GET', '/orders?status=pending_payment', token);
        for (const order of mine.items ?? mine) {
          if (order.status !== 'pending_payment') continue;
          await call(edge.url, 'POST', `/orders/${order.id}/transitions`, token, {
            action: 'cancel',
          });
        }
      }
      return r;
    };

    // Warm-up (JIT, caches, pools) on both edges, then the interleaved rounds.
    for (const edge of [one, two]) {
      await load(edge.url, { duration: 1, requests: reads });
    }
    const readRuns = { one: [], two: [] };
    const orderRuns = { one: [], two: [] };
    for (let i = 0; i < rounds; i++) {
      for (const [key, edge] of [
        ['one', one],
        ['two', two],
      ]) {
        readRuns[key].push(await load(edge.url, { duration: durationS, requests: reads }));
        orderRuns[key].push(await orderRun(edge));
      }
    }
    const readOne = summary(readRuns.one);
    const readTwo = summary(readRuns.two);
    const orderOne = summary(orderRuns.one);
    const orderTwo = summary(orderRuns.two);

    // Peak RSS of each instance after all of that, then restarts: spawn → ready, on PostgreSQL.
    const loadedRss = children.map((c) => peakRss(c.pid));
    const restarts = [];
    for (let i = 0; i < rounds; i++) {
      const { child, readyMs } = await startInstance(PORTS.restart, {
        ...shared,
        SEED_ON_START: 'true',
      });
      restarts.push({ readyMs, rss: peakRss(child.pid) });
      await stop(child);
    }
    results.scale = {
      machine:
        'this machine (see results.machine), everything on it: PostgreSQL, Redis, nginx, autocannon',
      read: { one: readOne, two: readTwo, ratio: round(readTwo.rps / readOne.rps) },
      orders: {
        perRun: ordersPerRun,
        one: orderOne,
        two: orderTwo,
        ratio: round(orderTwo.rps / orderOne.rps),
      },
      firstStartBothReadyMs: Math.round(firstStartMs),
      restartToReadyMs: Math.round(median(restarts.map((r) => r.readyMs))),
      peakRssBytes: {
        instances: loadedRss,
        restart: Math.max(...restarts.map((r) => r.rss ?? 0)),
      },
    };
    const row = (label, r) =>
      console.log(
        `  ${label.padEnd(40)} ${String(r.rps).padStart(6)} req/s  p50 ${r.p50Ms} ms  p99 ${r.p99Ms} ms  errors ${r.errors}  status ${JSON.stringify(r.statusCodes)}`,
      );
    row('mixed reads, one instance', readOne);
    row('mixed reads, two instances', readTwo);
    row(`order creation (${ordersPerRun}/run), one instance`, orderOne);
    row(`order creation (${ordersPerRun}/run), two instances`, orderTwo);
    console.log(
      `  both instances ready on an empty database (migrate + seed once) ${ms(firstStartMs)}; restart → ready ${ms(results.scale.restartToReadyMs)}`,
    );
    console.log(
      `  peak RSS after the load: ${loadedRss.map((b) => mb(b ?? 0)).join(', ')}; restarted instance ${mb(results.scale.peakRssBytes.restart)} (goal < ${mb(SCALE_RSS_GOAL_BYTES)})`,
    );
  } finally {
    await Promise.all(edges.map((e) => e.stop()));
    await Promise.all(children.map((c) => stop(c)));
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
