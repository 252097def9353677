#!/usr/bin/env node
// `pnpm bench [pages|api|ui|messages|orders|search|scale]`: speed measured next to a baseline in the same run
// (DEVELOPERS.md: benchmarks, not timed tests), in interleaved rounds (A B A B), medians:
//   pages     bytes a first visit to `/` transfers and Lighthouse mobile on `/`, `/services`,
//             `/search?q=plumbing`, `/about`, a category × place page and a pro page, next to the
//             floor app served by the same server
//             (scripts/bench/pages.mjs)
//   api       cached and uncached catalogue reads and slots vs a bare Fastify route, 200
//             connections on an uncached list, restart time vs a bare Fastify process start
//             (scripts/bench/api.mjs)
//   ui        @vetted/ui package size per entry (scripts/bench/ui.mjs)
//   messages  message delivery latency with 500 sockets, one process and two through Redis
//             (scripts/bench/messages.mjs)
//   orders    200 concurrent `POST /v1/orders` on distinct slots next to 200 health checks on
//             PostgreSQL (scripts/bench/orders.mjs; needs DATABASE_URL or BENCH_DATABASE_URL)
//   search    p50/p95/p99 of text, category + distance and text + category + radius searches at
//             `BENCH_VENDORS` vendors (default 1,000,000) on PostgreSQL, with the plans' index use
//             (scripts/bench/search.mjs; needs DATABASE_URL or BENCH_DATABASE_URL)
//   scale     one API instance vs two behind nginx (deploy/nginx) on PostgreSQL + Redis: mixed
//             reads and order creation (req/s, p99), restart to ready, peak RSS per instance
//             (scripts/bench/scale.mjs; needs DATABASE_URL, REDIS_URL and nginx)
// Every run writes bench/results/bench-<time>.json and bench/results/latest.json, and prints the
// goals table. `BENCH_ROUNDS` (default 3) and `BENCH_SECONDS` (default 5) tune it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { apiBench } from './bench/api.mjs';
import { root } from './bench/lib.mjs';
import { messageDelivery } from './bench/messages.mjs';
import { ordersBench } from './bench/orders.mjs';
import { pages } from './bench/pages.mjs';
import { SCALE_RSS_GOAL_BYTES, scaleBench } from './bench/scale.mjs';
import { SEARCH_P95_GOAL_MS, searchBench } from './bench/search.mjs';
import { uiSizes } from './bench/ui.mjs';

const SECTIONS = ['pages', 'api', 'ui', 'messages', 'orders', 'search', 'scale'];
const only = process.argv[2];
if (only && !SECTIONS.includes(only)) {
  console.error(`Unknown section "${only}". Use one of: ${SECTIONS.join(', ')} (or none for all).`);
  process.exit(2);
}
const wants = (s) => !only || only === s;

const results = {
  startedAt: new Date().toISOString(),
  machine: { node: process.version, cpus: (await import('node:os')).cpus().length },
};
const stamp = (section) => {
  results.measuredAt = { ...results.measuredAt, [section]: new Date().toISOString() };
};
if (wants('pages')) await pages(results).then(() => stamp('pages'));
if (wants('api')) await apiBench(results).then(() => stamp('api'));
if (wants('ui')) {
  uiSizes(results);
  stamp('ui');
}
if (wants('messages')) await messageDelivery(results).then(() => stamp('messages'));
if (wants('orders')) await ordersBench(results).then(() => stamp('orders'));
if (wants('search')) await searchBench(results).then(() => stamp('search'));
if (wants('scale')) await scaleBench(results).then(() => stamp('scale'));

/** The goals: [figure, value, goal text, met?]. Rows whose figures were not measured are left out. */
function goals(r) {
  const rows = [];
  if (r.firstLoad) {
    rows.push(['bytes for / ÷ floor', r.firstLoad.ratio, '≤ 1.25', r.firstLoad.ratio <= 1.25]);
  }
  if (r.lighthouse) {
    for (const [p, l] of Object.entries(r.lighthouse)) {
      if (p === 'floor') continue;
      rows.push([
        `Lighthouse ${p}`,
        `${l.score} (LCP ${l.lcpMs} ms, TBT ${l.tbtMs} ms, CLS ${l.cls})`,
        '≥ 98, LCP ≤ 1200, TBT ≤ 50, CLS ≤ 0.01',
        l.score >= 98 && l.lcpMs <= 1200 && l.tbtMs <= 50 && l.cls <= 0.01,
      ]);
    }
  }
  if (r.api) {
    for (const k of ['categories', 'vendors']) {
      rows.push([`cached ${k} ÷ bare`, r.api[k].ratio, '≥ 0.6', r.api[k].ratio >= 0.6]);
    }
    rows.push(['slots ÷ bare', r.api.slots.ratio, '≥ 0.1', r.api.slots.ratio >= 0.1]);
  }
  if (r.overload) {
    rows.push([
      '200 connections, uncached list: timeouts',
      r.overload.timeouts,
      '0, excess 503 + Retry-After',
      r.overload.timeouts === 0 && r.overload.errors === 0,
    ]);
  }
  if (r.coldStart) {
    rows.push(['restart ÷ bare process start', r.coldStart.ratio, '≤ 3', r.coldStart.ratio <= 3]);
    rows.push([
      'peak RSS at start (first start, PGlite)',
      `${Math.round(r.coldStart.firstStartPeakRssBytes / 1024 / 1024)} MB`,
      '< 400 MB',
      r.coldStart.firstStartPeakRssBytes < 400 * 1024 * 1024,
    ]);
  }
  if (r.orders) {
    const c = r.orders.creates;
    rows.push([
      '200 concurrent POST /v1/orders (PostgreSQL)',
      `p99 ${c.p99Ms} ms, ${c.errors} errors (health p99 ${r.orders.health.p99Ms} ms)`,
      'p99 ≤ 50 ms, 0 errors',
      c.p99Ms <= 50 && c.errors === 0,
    ]);
  }
  if (r.messages) {
    for (const [key, label] of [
      ['oneProcess', 'chat delivery p99, one process'],
      ['twoProcessesRedis', 'chat delivery p99, two instances + Redis'],
    ]) {
      const m = r.messages[key];
      if (!m) continue;
      rows.push([
        label,
        `${m.delivery.p99} ms (health p99 ${m.healthRoundTrip.p99} ms)`,
        '≤ 25 ms',
        m.delivery.p99 <= 25,
      ]);
    }
  }
  if (r.search) {
    for (const [key, label] of [
      ['text', 'search: text (area defaults)'],
      ['categoryDistance', 'search: category + distance'],
      ['textCategoryRadius', 'search: text + category + radius'],
    ]) {
      const p95 = r.search[key].p95Ms;
      rows.push([
        `${label} p95 at ${r.search.vendors.toLocaleString('en')}`,
        `${p95} ms`,
        `≤ ${SEARCH_P95_GOAL_MS} ms at 1,000,000`,
        p95 <= SEARCH_P95_GOAL_MS && r.search.vendors >= 1_000_000,
      ]);
    }
  }
  if (r.scale) {
    for (const [i, rss] of r.scale.peakRssBytes.instances.entries()) {
      rows.push([
        `peak RSS, instance ${i + 1} under load (PostgreSQL)`,
        `${Math.round((rss ?? 0) / 1024 / 1024)} MB`,
        `< ${SCALE_RSS_GOAL_BYTES / 1024 / 1024} MB`,
        rss !== null && rss < SCALE_RSS_GOAL_BYTES,
      ]);
    }
  }
  return rows;
}

const table = goals(results);
if (table.length > 0) {
  console.log('\n== Goals (this run)');
  for (const [name, value, goal, met] of table) {
    console.log(
      `  ${met ? 'met ' : 'MISS'}  ${name.padEnd(42)} ${String(value).padEnd(44)} goal ${goal}`,
    );
  }
  results.goals = table.map(([figure, value, goal, met]) => ({ figure, value, goal, met }));
}

const dir = join(root, 'bench/results');
mkdirSync(dir, { recursive: true });
const out = join(dir, `bench-${results.startedAt.replace(/[:.]/g, '-')}.json`);
writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);
// latest.json keeps the newest figures of every section: a one-section run replaces only its own
// (each section's ratios come from its own same-run baseline, so they stay comparable).
const latestPath = join(dir, 'latest.json');
const previous = only && existsSync(latestPath) ? JSON.parse(readFileSync(latestPath, 'utf8')) : {};
const latest = {
  ...previous,
  ...results,
  measuredAt: { ...previous.measuredAt, ...results.measuredAt },
};
latest.goals = goals(latest).map(([figure, value, goal, met]) => ({ figure, value, goal, met }));
writeFileSync(latestPath, `${JSON.stringify(latest, null, 2)}\n`);
console.log(`\nresults written to ${relative(root, out)} and bench/results/latest.json`);
