/**
 * The sandbox's fake bank: its ledger of card operations in our own database
 * (`sandbox_bank_events`), so what "the card network" did survives a crash of the API process.
 * Queries only; the sandbox provider (sandbox-provider.ts) decides what each operation does.
 */
import { and, asc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db, DbOrTx } from '../../db/client';
import { sandboxBankEvents } from '../../db/schema';
import type { ProviderCharge, ProviderEvent } from './provider';

export type BankRow = typeof sandboxBankEvents.$inferSelect;
export type BankEventType = ProviderEvent['type'];

/**
 * A refusal of the fake bank. `permanent` ones (capturing a voided charge, refunding more than
 * was captured) can never succeed, so the outbox gives up on them; others are worth a retry.
 */
export class SandboxBankError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'SandboxBankError';
  }
}

/** What the fake bank knows about one charge: its authorisation and what happened since. */
export interface ChargeState {
  authorization: BankRow;
  captured: number;
  voided: boolean;
  refunded: number;
}

export const chargeRef = () => `sbx_ch_${uuidv7().replaceAll('-', '')}`;
export const refundRef = (row: BankRow) => `sbx_re_${row.id.replaceAll('-', '')}`;

/** The provider event of a bank row (admin view). */
export function toEvent(row: BankRow): ProviderEvent {
  return {
    type: row.type as BankEventType,
    amount: row.amount,
    currency: row.currency,
    idempotencyKey: row.idempotencyKey,
    at: row.createdAt.toISOString(),
    ref: row.type === 'refund' ? refundRef(row) : row.ref,
  };
}

/** The operation of `type` made with idempotency key `key`, or null. */
export async function byKey(tx: DbOrTx, type: BankEventType, key: string) {
  const [row] = await tx
    .select()
    .from(sandboxBankEvents)
    .where(and(eq(sandboxBankEvents.type, type), eq(sandboxBankEvents.idempotencyKey, key)));
  return row ?? null;
}

/** Inserts an event at `at` unless its (type, key) exists; answers the row that holds the key. */
export async function record(
  tx: DbOrTx,
  row: Omit<BankRow, 'id' | 'createdAt'>,
  at: Date,
): Promise<BankRow> {
  const [created] = await tx
    .insert(sandboxBankEvents)
    .values({ ...row, id: uuidv7(), createdAt: at })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const existing = await byKey(tx, row.type as BankEventType, row.idempotencyKey);
  if (!existing) throw new SandboxBankError('The bank lost an operation', false);
  return existing;
}

/** Successful events matching `where`, oldest first. */
function succeeded(db: DbOrTx, where: SQL | undefined): Promise<BankRow[]> {
  return db
    .select()
    .from(sandboxBankEvents)
    .where(and(where, eq(sandboxBankEvents.status, 'succeeded')))
    .orderBy(asc(sandboxBankEvents.createdAt), asc(sandboxBankEvents.id));
}

/** Sum of the amounts of `rows` of `type`. */
const sum = (rows: BankRow[], type: string) =>
  rows.filter((r) => r.type === type).reduce((total, r) => total + r.amount, 0);

async function chargeState(tx: DbOrTx, ref: string): Promise<ChargeState | null> {
  const rows = await succeeded(tx, eq(sandboxBankEvents.ref, ref));
  const authorization = rows.find((r) => r.type === 'authorization');
  if (!authorization) return null;
  return {
    authorization,
    captured: sum(rows, 'capture'),
    voided: rows.some((r) => r.type === 'void'),
    refunded: sum(rows, 'refund'),
  };
}

/**
 * Runs `fn` in a transaction holding the charge's advisory lock (operations on one charge are
 * serialised), with the charge's state. Throws a permanent `SandboxBankError` for no such charge.
 */
export function withCharge<T>(
  db: Db,
  ref: string,
  fn: (tx: DbOrTx, s: ChargeState) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox:${ref}`}))`);
    const s = await chargeState(tx, ref);
    if (!s) throw new SandboxBankError(`No such charge: ${ref}`, true);
    return fn(tx, s);
  });
}

/** Every successful event of the charge `ref`, oldest first. */
export async function eventsOfCharge(db: DbOrTx, ref: string): Promise<ProviderEvent[]> {
  return (await succeeded(db, eq(sandboxBankEvents.ref, ref))).map(toEvent);
}

/** Every successful event about a payment (all of its charges, orphans included), oldest first. */
export async function eventsOfPayment(db: DbOrTx, paymentId: string): Promise<ProviderEvent[]> {
  return (await succeeded(db, eq(sandboxBankEvents.paymentId, paymentId))).map(toEvent);
}

/** The state of a charge from its rows, as reconciliation reads it. */
function reconciledState(rows: BankRow[]): ProviderCharge['state'] {
  const captured = sum(rows, 'capture');
  const refunded = sum(rows, 'refund');
  if (rows.some((r) => r.type === 'void')) return 'voided';
  if (captured === 0) return 'authorized';
  if (refunded === 0) return 'captured';
  return refunded >= captured ? 'refunded' : 'partially_refunded';
}

/** Charges authorised since `since`, oldest first, with what happened to each. */
export async function chargesSince(db: DbOrTx, since: Date): Promise<ProviderCharge[]> {
  const auths = await db
    .select({ ref: sandboxBankEvents.ref })
    .from(sandboxBankEvents)
    .where(
      and(
        eq(sandboxBankEvents.type, 'authorization'),
        eq(sandboxBankEvents.status, 'succeeded'),
        gte(sandboxBankEvents.createdAt, since),
      ),
    )
    .orderBy(asc(sandboxBankEvents.createdAt), asc(sandboxBankEvents.id));
  if (auths.length === 0) return [];
  const refs = auths.map((a) => a.ref);
  const rows = await db
    .select()
    .from(sandboxBankEvents)
    .where(and(inArray(sandboxBankEvents.ref, refs), eq(sandboxBankEvents.status, 'succeeded')));
  return auths.map(({ ref }): ProviderCharge => {
    const mine = rows.filter((r) => r.ref === ref);
    const auth = mine.find((r) => r.type === 'authorization')!;
    return {
      ref,
      paymentId: auth.paymentId,
      amount: auth.amount,
      currency: auth.currency,
      state: reconciledState(mine),
      amountRefunded: sum(mine, 'refund'),
    };
  });
}
