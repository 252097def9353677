// node --test scripts/check-tables.test.mjs — the table-ownership check flags what it must.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { checkTree, exportedAliasesOf, sqlNamesOf, touchesOf } from './check-tables.mjs';

const names = sqlNamesOf({ orders: 'orders', outbox: 'outbox', vendorProfiles: 'vendor_profiles' });
const header = "import { orders, outbox, vendorProfiles as vp } from '../../db/schema';\n";
const touches = (body, aliases) =>
  touchesOf('x.ts', header + body, names, aliases).map((t) => `${t.kind} ${t.table}`);

test('Drizzle writes name their table, also through an import alias', () => {
  assert.deepEqual(
    touches(`
      await tx.insert(orders).values(row);
      await tx.update(vp).set({ a: 1 });
      await tx.delete(outbox).where(x);`),
    ['insert orders', 'update vendorProfiles', 'delete outbox'],
  );
});

test('a row lock is the table of the chain’s from()', () => {
  assert.deepEqual(
    touches(`await tx.select({ id: vp.id }).from(vp).where(eq(vp.id, id)).for('no key update');`),
    ['lock vendorProfiles'],
  );
  // A read is not a touch.
  assert.deepEqual(touches('await db.select().from(orders).where(x);'), []);
  // `for` of something that is not a lock strength is not a lock.
  assert.deepEqual(touches("await list.for('other');"), []);
});

test('raw SQL writes and locks, table named or interpolated', () => {
  assert.deepEqual(
    touches(`
      await tx.execute(sql\`update \${vp} set rating = 1 where id = \${id}\`);
      await tx.execute(sql\`insert into outbox (id) values (\${id})\`);
      await tx.execute(sql\`select id from orders where id = \${id} for no key update\`);`),
    ['update vendorProfiles', 'insert outbox', 'lock orders'],
  );
});

test('a table another module exports under its own name is still that table', () => {
  const aliases = exportedAliasesOf([
    {
      path: 'a.ts',
      text: "import { vendorProfiles } from '../../db/schema';\nexport const vp2 = vendorProfiles;",
    },
  ]);
  assert.equal(aliases.get('vp2'), 'vendorProfiles');
  const found = touchesOf(
    'b.ts',
    "import { vp2 } from '../catalogue';\nawait tx.update(vp2).set({ a: 1 });",
    names,
    aliases,
  );
  assert.deepEqual(
    found.map((t) => `${t.kind} ${t.table}`),
    ['update vendorProfiles'],
  );
});

test('a tree: a write to another domain’s table fails, its own passes, an ownerless table fails', () => {
  const root = mkdtempSync(join(tmpdir(), 'check-tables-'));
  try {
    const file = (path, text) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    file(
      'apps/api/src/db/schema.ts',
      "export const orders = pgTable('orders', {});\nexport const payments = pgTable('payments', {});\n" +
        "export const extras = pgTable('extras', {});\n",
    );
    const imp = "import { orders, payments } from '../../db/schema';\n";
    file('apps/api/src/domains/payments/repository.ts', `${imp}await tx.update(payments).set({});`);
    file('apps/api/src/domains/payments/bad.ts', `${imp}await tx.update(orders).set({});`);
    file('apps/api/src/domains/payments/bad.test.ts', `${imp}await tx.update(orders).set({});`);
    const found = checkTree(root, { orders: 'orders', payments: 'payments' });
    assert.deepEqual(found, [
      { table: 'extras', missingOwner: true },
      {
        file: 'apps/api/src/domains/payments/bad.ts',
        domain: 'payments',
        owner: 'orders',
        table: 'orders',
        kind: 'update',
        line: 2,
      },
    ]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
