/**
 * Money of the seed: the sandbox bank's rows behind every seeded card payment (so an
 * admin can refund a seeded order: "seeded payments lack providerRef"), and the demo pro's
 * earnings in every state — pending (accepted jobs still to do), on hold (done within the
 * `PAYOUT_HOLD_DAYS` hold), available (done before it) and one paid-out payout — written as
 * the payments and earnings domains write them: orders with their timeline, captured payments,
 * ledger postings through `postCapture` / `postPayout`, a `payouts` row and its sandbox-bank
 * `payout` row.
 *
 * Deterministic ids and `on conflict do nothing`, like the rest of the seed; times are counted
 * from the moment of seeding.
 */
import { TZDate } from '@date-fns/tz';
import { PAYOUT_HOLD_DAYS } from '@vetted/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { postCapture, postPayout } from '../domains/ledger/service';
import { bookingFee } from '../domains/orders/policy';
import { authorizeKey, captureKey } from '../domains/payments/policy';
import { sandboxPayoutRef } from '../domains/payments/sandbox-provider';
import type { Tx } from './client';
import {
  ledgerEntries,
  orderEvents,
  orders,
  payments,
  payoutAccounts,
  payouts,
  sandboxBankEvents,
  type services,
  type vendorProfiles,
} from './schema';
import { rng, uuidFromName } from './seed-random';
import { STREETS } from './seed-data/categories';

type BankRow = typeof sandboxBankEvents.$inferInsert;
type ServiceRow = typeof services.$inferInsert;
type VendorRow = typeof vendorProfiles.$inferInsert;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const HOLD_MS = PAYOUT_HOLD_DAYS * DAY;

/** The test card of seeded payments (sandbox `4242 4242 4242 4242`). */
export const SEED_CARD_LAST4 = '4242';

/**
 * The fake bank's record of a seeded card payment `paymentId` (attempt 1): its charge reference
 * (`sbx_ch_…`, for `payments.provider_ref`) and the `authorization` row — plus the `capture`
 * row when `capturedAt` is set — keyed exactly as the sandbox provider keys them
 * (`payment:<id>:authorize:1`, `payment:<id>:capture`), so refunds, voids and reconciliation
 * find a consistent charge. Amount in minor units.
 */
export function sandboxCharge(input: {
  paymentId: string;
  amount: number;
  currency: string;
  authorizedAt: Date;
  capturedAt: Date | null;
}): { providerRef: string; rows: BankRow[] } {
  const providerRef = `sbx_ch_${uuidFromName(`seed-charge:${input.paymentId}`).replaceAll('-', '')}`;
  const base = {
    ref: providerRef,
    paymentId: input.paymentId,
    status: 'succeeded',
    amount: input.amount,
    currency: input.currency,
    last4: SEED_CARD_LAST4,
    declineCode: null,
    behaviour: null,
  };
  const rows: BankRow[] = [
    {
      ...base,
      id: uuidFromName(`seed-bank:${input.paymentId}:authorization`),
      type: 'authorization',
      idempotencyKey: authorizeKey(input.paymentId, 1),
      createdAt: input.authorizedAt,
    },
  ];
  if (input.capturedAt) {
    rows.push({
      ...base,
      id: uuidFromName(`seed-bank:${input.paymentId}:capture`),
      type: 'capture',
      idempotencyKey: captureKey(input.paymentId),
      createdAt: input.capturedAt,
    });
  }
  return { providerRef, rows };
}

/**
 * `daysFromNow` days from `now`'s local date in `timeZone`, at `minuteOfDay` local time, moved
 * on to the next Monday–Friday (the demo pro's weekday hours). Computed with @date-fns/tz, so DST
 * is handled.
 */
export function localWeekday(
  now: Date,
  daysFromNow: number,
  minuteOfDay: number,
  timeZone: string,
): Date {
  const today = new TZDate(now.getTime(), timeZone);
  const at = (offset: number) =>
    new TZDate(
      today.getFullYear(),
      today.getMonth(),
      today.getDate() + offset,
      Math.floor(minuteOfDay / 60),
      minuteOfDay % 60,
      timeZone,
    );
  let offset = daysFromNow;
  const step = daysFromNow < 0 ? -1 : 1;
  while ([0, 6].includes(at(offset).getDay())) offset += step;
  return new Date(at(offset).getTime());
}

export interface DemoEarningsInput {
  /** The demo pro (approved, with `services`). */
  vendor: VendorRow;
  /** The demo pro's services. */
  services: ServiceRow[];
  /** Seeded customers who booked them. */
  customerIds: string[];
  /** Order reference of seeded order number `n` (unique among seeded orders). */
  reference: (n: number) => string;
  now: Date;
}

/** What {@link seedDemoEarnings} wrote (rows found already there included). */
export interface DemoEarnings {
  /** Orders added besides the reviewed ones: accepted jobs to come and a recent job. */
  orders: number;
  /** Minor units paid out by the seeded payout (0 when there was nothing to pay out). */
  paidOut: number;
}

/** One seeded job of the demo pro: accepted and still to do, or completed. */
interface DemoJob {
  key: string;
  status: 'accepted' | 'completed';
  startsAt: Date;
  /** When it was booked and paid (the customer), and accepted (the card captured). */
  bookedAt: Date;
  acceptedAt: Date;
}

/**
 * The demo pro's earnings in every state, after the reviewed orders are in (those
 * completed more than {@link PAYOUT_HOLD_DAYS} days ago are the available money, the demo
 * customer's job of two days ago is on hold):
 * - pending: two accepted jobs later this week and next (captured when accepted);
 * - on hold: one more job completed four days ago;
 * - paid out: one `paid` payout of the money that was available a week after the middle of the
 *   older jobs, with its ledger postings (`postPayout`: no order, vendor and payout set) and the
 *   sandbox bank's `payout` row (ref `sbx_po_…`, key `payout:<id>` as the payout job uses).
 * Every order's postings balance (captures through `postCapture`).
 */
export async function seedDemoEarnings(tx: Tx, input: DemoEarningsInput): Promise<DemoEarnings> {
  const { vendor, now } = input;
  const vendorId = vendor.id!;
  const zone = vendor.timeZone ?? 'UTC';
  // On the half hour: reviewed orders start on the hour, so no seeded job shares a slot.
  const jobs: DemoJob[] = [
    { key: 'upcoming-1', status: 'accepted', startsAt: localWeekday(now, 2, 630, zone) },
    { key: 'upcoming-2', status: 'accepted', startsAt: localWeekday(now, 6, 870, zone) },
    { key: 'recent-1', status: 'completed', startsAt: localWeekday(now, -4, 690, zone) },
  ].map((j) => {
    const bookedAt = new Date(Math.min(j.startsAt.getTime() - 3 * DAY, now.getTime() - 20 * HOUR));
    return { ...j, bookedAt, acceptedAt: new Date(bookedAt.getTime() + 2 * HOUR) } as DemoJob;
  });

  let written = 0;
  for (const [n, job] of jobs.entries()) {
    const r = rng(`demo-earnings:${job.key}`);
    const service = input.services[n % input.services.length]!;
    const id = uuidFromName(`demo-earnings:order:${job.key}`);
    const endsAt = new Date(job.startsAt.getTime() + service.durationMinutes * MINUTE);
    const fee = bookingFee(service.price);
    const total = service.price + fee;
    const currency = service.currency ?? 'USD';
    const completed = job.status === 'completed';
    const inserted = await tx
      .insert(orders)
      .values({
        id,
        reference: input.reference(n),
        customerId: input.customerIds[(n * 7 + 3) % input.customerIds.length]!,
        vendorId,
        serviceId: service.id!,
        startsAt: job.startsAt,
        endsAt,
        address: `${10 + Math.floor(r() * 180)} ${STREETS[Math.floor(r() * STREETS.length)]}, ${vendor.city}`,
        notes: n === 0 ? 'Side door, please. The dog is friendly.' : null,
        subtotal: service.price,
        fee,
        total,
        currency,
        status: job.status,
        startCode: String(1000 + Math.floor(r() * 9000)),
        createdAt: job.bookedAt,
        updatedAt: completed ? endsAt : job.acceptedAt,
      })
      .onConflictDoNothing()
      .returning({ id: orders.id });
    // Kept from an earlier run (or its slot taken): leave that order and its money as they are.
    if (inserted.length === 0) continue;
    written++;
    type Step = [(typeof orderEvents.$inferInsert)['status'], Date, string | null];
    const timeline: Step[] = [
      ['pending_payment', job.bookedAt, 'Booking created'],
      ['paid', new Date(job.bookedAt.getTime() + 2 * MINUTE), null],
      ['accepted', job.acceptedAt, null],
    ];
    if (completed) timeline.push(['in_progress', job.startsAt, null], ['completed', endsAt, null]);
    await tx
      .insert(orderEvents)
      .values(
        timeline.map(([status, createdAt, note]) => ({
          id: uuidFromName(`demo-earnings:event:${job.key}:${status}`),
          orderId: id,
          status,
          actorId: null,
          note,
          createdAt,
        })),
      )
      .onConflictDoNothing();
    const paymentId = uuidFromName(`demo-earnings:payment:${job.key}`);
    const authorizedAt = new Date(job.bookedAt.getTime() + 2 * MINUTE);
    const charge = sandboxCharge({
      paymentId,
      amount: total,
      currency,
      authorizedAt,
      capturedAt: job.acceptedAt,
    });
    await tx
      .insert(payments)
      .values({
        id: paymentId,
        orderId: id,
        provider: 'sandbox',
        kind: 'order',
        providerRef: charge.providerRef,
        status: 'captured',
        amount: total,
        currency,
        cardLast4: SEED_CARD_LAST4,
        idempotencyKey: authorizeKey(paymentId, 1),
        attempt: 1,
        authorizedAt,
        capturedAt: job.acceptedAt,
        createdAt: new Date(job.bookedAt.getTime() + MINUTE),
        updatedAt: job.acceptedAt,
      })
      .onConflictDoNothing();
    await tx.insert(sandboxBankEvents).values(charge.rows).onConflictDoNothing();
    await postCapture(tx, {
      orderId: id,
      paymentId,
      currency,
      total,
      fee,
      key: captureKey(paymentId),
      at: job.acceptedAt,
    });
  }

  return { orders: written, paidOut: await seedDemoPayout(tx, vendorId, now) };
}

/**
 * One paid payout of the demo pro (see {@link seedDemoEarnings}): the owed money of the older
 * half (roughly) of the jobs completed at least {@link PAYOUT_HOLD_DAYS} + 2 days ago, paid out
 * a day after the last of them became available. Returns the amount (minor units), 0 when no
 * job is old enough or the payout exists already.
 */
async function seedDemoPayout(tx: Tx, vendorId: string, now: Date): Promise<number> {
  // Owed per completed order (−Σ vendor_payable) and when its job was done.
  const done = await tx
    .select({
      orderId: orders.id,
      currency: orders.currency,
      completedAt: sql<Date>`min(${orderEvents.createdAt})`.mapWith(orderEvents.createdAt),
    })
    .from(orders)
    .innerJoin(
      orderEvents,
      and(eq(orderEvents.orderId, orders.id), eq(orderEvents.status, 'completed')),
    )
    .where(and(eq(orders.vendorId, vendorId), eq(orders.status, 'completed')))
    .groupBy(orders.id, orders.currency)
    .orderBy(asc(sql`min(${orderEvents.createdAt})`));
  const owedRows = await tx
    .select({
      orderId: ledgerEntries.orderId,
      owed: sql<number>`(-sum(${ledgerEntries.amount}))::int`,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.vendorId, vendorId), eq(ledgerEntries.account, 'vendor_payable')))
    .groupBy(ledgerEntries.orderId);
  const owed = new Map(owedRows.map((o) => [o.orderId, Number(o.owed)]));
  const currency = done[0]?.currency;
  const old = done.filter(
    (o) => o.currency === currency && o.completedAt.getTime() <= now.getTime() - HOLD_MS - 2 * DAY,
  );
  if (!currency || old.length === 0) return 0;
  const paid = old.slice(0, Math.ceil(old.length * 0.6));
  const amount = paid.reduce((sum, o) => sum + (owed.get(o.orderId) ?? 0), 0);
  if (amount <= 0) return 0;
  // A day after the last paid job became available: at most `now` − 1 day (see the filter).
  const createdAt = new Date(paid[paid.length - 1]!.completedAt.getTime() + HOLD_MS + DAY);
  const paidAt = new Date(createdAt.getTime() + 2 * MINUTE);
  const id = uuidFromName(`demo-earnings:payout:${vendorId}:1`);
  const ref = sandboxPayoutRef(id);
  const inserted = await tx
    .insert(payouts)
    .values({
      id,
      vendorId,
      amount,
      currency,
      provider: 'sandbox',
      providerRef: ref,
      status: 'paid',
      paidAt,
      createdAt,
    })
    .onConflictDoNothing()
    .returning({ id: payouts.id });
  if (inserted.length === 0) return 0;
  await postPayout(tx, { payoutId: id, vendorId, currency, amount, at: createdAt });
  await tx
    .insert(sandboxBankEvents)
    .values({
      id: uuidFromName(`seed-bank:payout:${id}`),
      ref,
      paymentId: null,
      type: 'payout',
      status: 'succeeded',
      amount,
      currency,
      idempotencyKey: `payout:${id}`,
      last4: DEMO_PAYOUT_LAST4,
      declineCode: null,
      behaviour: null,
      createdAt: paidAt,
    })
    .onConflictDoNothing();
  return amount;
}

/** Last four digits of the demo pro's seeded bank account ("•••• 6789"). */
export const DEMO_PAYOUT_LAST4 = '6789';

/**
 * Real US routing numbers (public, valid ABA checksums) the seeded US accounts use: Federal
 * Reserve Bank of Boston, JPMorgan Chase, Bank of America, Wells Fargo.
 */
const SEED_ROUTING_NUMBERS = ['011000015', '021000021', '026009593', '121000248'];

/**
 * A verified sandbox bank account for every seeded pro (their reviewed jobs are earnings), so
 * demo payouts work: held by the business name, in the pro's country, last four digits from the
 * pro's id (the demo pro's {@link DEMO_PAYOUT_LAST4}), a US routing number for US pros. Only last
 * four digits exist, as for an account a pro enters. Existing accounts are kept.
 */
export async function seedPayoutAccounts(
  tx: Tx,
  vendors: VendorRow[],
  demoVendorId: string,
  now: Date,
): Promise<void> {
  if (vendors.length === 0) return;
  const rows = vendors.map((v) => {
    const r = rng(`payout-account:${v.id}`);
    const us = (v.country ?? 'US') === 'US';
    return {
      vendorId: v.id!,
      kind: 'bank_account',
      status: 'verified',
      country: v.country ?? 'US',
      holderName: v.businessName,
      last4:
        v.id === demoVendorId
          ? DEMO_PAYOUT_LAST4
          : String(Math.floor(r() * 10_000)).padStart(4, '0'),
      routingNumber: us
        ? SEED_ROUTING_NUMBERS[Math.floor(r() * SEED_ROUTING_NUMBERS.length)]!
        : null,
      createdAt: now,
      updatedAt: now,
    };
  });
  await tx.insert(payoutAccounts).values(rows).onConflictDoNothing();
}
