/**
 * Migrations that fill columns of rows that already exist (hand-written SQL in `drizzle/`): a
 * database at the migration before, holding data, is brought up to date and read back. PGlite
 * only: each case needs a database of its own at an old schema, which the shared PostgreSQL
 * test database is not.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A copy of `drizzle/` whose journal stops before the migration tagged `beforeTag`. */
function migrationsBefore(beforeTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'vetted-migrations-'));
  folders.push(dir);
  cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
    entries: { tag: string }[];
  };
  const at = journal.entries.findIndex((e) => e.tag === beforeTag);
  expect(at, `migration ${beforeTag} in the journal`).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe('0010_search_columns', () => {
  it('fills the currencies and other categories of existing vendors, and their place and name', async () => {
    const client = new PGlite({ extensions: { pg_trgm, cube, earthdistance } });
    try {
      const db = drizzle(client);
      await migrate(db, { migrationsFolder: migrationsBefore('0010_search_columns') });
      const plumbing = '00000000-0000-4000-8000-000000000001';
      const electrical = '00000000-0000-4000-8000-000000000002';
      const gardening = '00000000-0000-4000-8000-000000000003';
      const busy = '00000000-0000-4000-8000-0000000000b1';
      const idle = '00000000-0000-4000-8000-0000000000b2';
      await client.exec(`
        insert into categories (id, slug, name, description, icon) values
          ('${plumbing}', 'plumbing', 'Plumbing', 'Pipes', 'wrench'),
          ('${electrical}', 'electrical', 'Electrical', 'Wires', 'zap'),
          ('${gardening}', 'gardening', 'Gardening', 'Lawns', 'leaf');
        insert into users (id, role, email, full_name, password_hash) values
          ('${busy}', 'vendor', 'busy@example.com', 'Busy Pro', 'x'),
          ('${idle}', 'vendor', 'idle@example.com', 'Idle Pro', 'x');
        insert into vendor_profiles (id, user_id, business_name, primary_category_id, vetting_status, lat, lng) values
          ('${busy}', '${busy}', 'Busy Plumbers', '${plumbing}', 'approved', 51.5074, -0.1278),
          ('${idle}', '${idle}', 'Idle Gardens', '${gardening}', 'approved', 40.7128, -74.006);
        insert into vendor_categories (vendor_id, category_id) values ('${busy}', '${gardening}');
        insert into services (id, vendor_id, category_id, title, description, price, currency, duration_minutes, active) values
          (gen_random_uuid(), '${busy}', '${plumbing}', 'Leak', 'Fix', 100, 'USD', 60, true),
          (gen_random_uuid(), '${busy}', '${electrical}', 'Fuse', 'Fix', 100, 'GBP', 60, true),
          (gen_random_uuid(), '${busy}', '${plumbing}', 'Old', 'Gone', 100, 'EUR', 60, false),
          (gen_random_uuid(), '${idle}', '${gardening}', 'Mow', 'Cut', 100, 'USD', 60, false);
      `);

      await migrate(db, { migrationsFolder: migrationsFolder() });

      const { rows } = await client.query<{
        id: string;
        service_currencies: string[];
        other_category_ids: string[];
        km_to_paris: number;
        name_lexemes: string[];
      }>(`
        select id, service_currencies, other_category_ids,
          round((earth_distance(earth, ll_to_earth(48.8566, 2.3522)) / 1000)::numeric)::int as km_to_paris,
          tsvector_to_array(name_vector) as name_lexemes
        from vendor_profiles order by id`);
      expect(rows).toEqual([
        {
          id: busy,
          // Active services only, sorted; the inactive EUR one is left out.
          service_currencies: ['GBP', 'USD'],
          // Through vendor_categories and an active service; never the primary category.
          other_category_ids: [electrical, gardening],
          // London to Paris: 343.5 km on a mean-radius earth (6,371 km), 344 on earthdistance's
          // 6,378.168 km one.
          km_to_paris: 344,
          name_lexemes: ['busi', 'plumber'],
        },
        {
          id: idle,
          service_currencies: [],
          other_category_ids: [],
          // New York to Paris: 5,837 km on a mean-radius earth.
          km_to_paris: 5844,
          name_lexemes: ['garden', 'idl'],
        },
      ]);
    } finally {
      await client.close();
    }
  });
});
