import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../src/db/client';
import { sqlState, withTransactionRetry } from '../src/db/transaction';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;

// Two transactions overlap only on PostgreSQL (`DATABASE_URL`): PGlite has one connection and
// runs them one after the other, so the real-deadlock case reports itself skipped there, loudly.
const postgresOnly = !process.env.DATABASE_URL;
if (postgresOnly) {
  console.warn('transaction-retry.test.ts: the real-deadlock case is skipped — set DATABASE_URL');
}

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.db.execute(sql`create table lock_probe (id int primary key, n int not null)`);
  await ctx.app.db.execute(sql`insert into lock_probe values (1, 0), (2, 0)`);
});
afterAll(async () => ctx?.close());

const db = () => ctx.app.db;

/** Raises `sqlstate` from the database itself (PL/pgSQL `RAISE … USING ERRCODE`), in `tx`. */
const raise = (tx: DbOrTx, sqlstate: string) =>
  tx.execute(sql.raw(`do $$ begin raise exception 'probe' using errcode = '${sqlstate}'; end $$`));

async function counts(): Promise<number[]> {
  const res = await db().execute(sql`select n from lock_probe order by id`);
  const rows = (Array.isArray(res) ? res : (res as { rows: unknown[] }).rows) as { n: number }[];
  return rows.map((r) => Number(r.n));
}

describe('withTransactionRetry', () => {
  it('runs the transaction again after a serialisation failure (40001); the failed attempt left nothing', async () => {
    const before = await counts();
    let attempts = 0;
    const result = await withTransactionRetry(db(), async (tx) => {
      attempts++;
      await tx.execute(sql`update lock_probe set n = n + 1 where id = 1`);
      if (attempts === 1) await raise(tx, '40001');
      return 'committed';
    });
    expect(result).toBe('committed');
    expect(attempts).toBe(2);
    expect(await counts()).toEqual([before[0]! + 1, before[1]!]);
  });

  it('gives up after `attempts` conflicts and throws the last one as it came', async () => {
    let attempts = 0;
    const failure = await withTransactionRetry(
      db(),
      async (tx) => {
        attempts++;
        await raise(tx, '40P01');
      },
      { attempts: 3 },
    ).catch((err: unknown) => err);
    expect(attempts).toBe(3);
    expect(sqlState(failure)).toBe('40P01');
  });

  it('does not run again after any other error (a unique violation, an error of the use case)', async () => {
    let attempts = 0;
    const unique = await withTransactionRetry(db(), async (tx) => {
      attempts++;
      await raise(tx, '23505');
    }).catch((err: unknown) => err);
    expect(sqlState(unique)).toBe('23505');
    expect(attempts).toBe(1);

    const refusal = new Error('invalid transition');
    await expect(
      withTransactionRetry(db(), async () => {
        attempts++;
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(attempts).toBe(2);
  });

  it.skipIf(postgresOnly)(
    'the victim of a real deadlock (two transactions locking two rows in opposite orders) runs again and both commit',
    async () => {
      const before = await counts();
      // Each first attempt takes its first row, then waits until the other holds its own.
      let holding = 0;
      let bothHold!: () => void;
      const ready = new Promise<void>((resolve) => {
        bothHold = resolve;
      });
      const attempts = [0, 0];
      const lockBoth = (i: number, first: number, second: number) =>
        withTransactionRetry(db(), async (tx) => {
          attempts[i]!++;
          await tx.execute(sql`update lock_probe set n = n + 1 where id = ${first}`);
          if (attempts[i] === 1) {
            if (++holding === 2) bothHold();
            await ready;
          }
          await tx.execute(sql`update lock_probe set n = n + 1 where id = ${second}`);
        });
      await Promise.all([lockBoth(0, 1, 2), lockBoth(1, 2, 1)]);
      // PostgreSQL aborted one of them (40P01); it ran again after the other committed.
      expect(attempts.sort()).toEqual([1, 2]);
      expect(await counts()).toEqual([before[0]! + 2, before[1]! + 2]);
    },
  );
});
