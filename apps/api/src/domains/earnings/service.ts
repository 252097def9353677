/**
 * Vendor earnings and payouts (issue #8 "Earnings and payouts"). Every figure is read from the
 * ledger — the vendor's `vendor_payable` postings with their order's status and settlement time —
 * never recomputed from order totals; a payout is itself a posting set, so the figures always
 * add up to the ledger: `pending + available` = −Σ the vendor's `vendor_payable` postings.
 *
 * A payout: under a row lock on the vendor profile (payouts of one vendor queue, so two at once
 * can never move more than is available), one transaction writes the `payouts` row (`pending`),
 * its postings (`payout:<id>`) and the outbox job `payout.send`; it needs a verified payout
 * account (payout-account-service.ts). The job asks the payment provider with idempotency key
 * `payout:<id>` to send to that account (sandbox: its fake bank; Stripe: a Connect transfer), then marks it `paid` and tells the vendor; a refusal no retry can change marks it
 * `failed` with the provider's words and reverses its postings (`payout:<id>:reversal`), so the
 * money is available again. A transient failure is retried by the outbox with the same key; if
 * the outbox gives up (10 attempts) the payout stays `pending` for a person to look at.
 *
 * Read with `policy.ts` (buckets and figures), `repository.ts` (queries), `messages.ts` (text).
 */
import {
  type Earnings,
  type EarningsEntry,
  type Paged,
  PAYOUT_HOLD_DAYS,
  type Payout,
} from '@vetted/contract';
import { stringify } from 'csv-stringify/sync';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { type DeliveryContext, PermanentDeliveryError } from '../../jobs/define';
import { enqueue } from '../../jobs/engine';
import type { AuthUser } from '../../plugins/auth';
import { localDateOf } from '../catalogue/policy';
import type { ServiceDeps } from '../deps';
import { postPayout, postPayoutReversal } from '../ledger/service';
import { type NewNotification, notify } from '../notifications/service';
import { messages as paymentMessages } from '../payments/messages';
import type { PaymentProvider } from '../payments/provider';
import type { PaymentProviders } from '../payments/service';
import * as msg from './messages';
import { destinationOf } from './payout-account-service';
import * as policy from './policy';
import * as repo from './repository';

import { payoutSendJob } from './jobs/payout-send';

/** Name of the job that sends a payout through the provider. */
export const PAYOUT_SEND_KIND = payoutSendJob.name;

interface PayoutJob {
  payoutId: string;
}

/** What the earnings service needs: the usual deps and the payment providers by name. */
export interface EarningsDeps extends ServiceDeps {
  providers: PaymentProviders;
}

/** A page request (`page` from 1). */
interface PageQuery {
  page: number;
  pageSize: number;
}

/** The contract `Payout` of a row. */
function toPayout(p: repo.PayoutRow): Payout {
  return {
    id: p.id,
    amount: p.amount,
    currency: p.currency,
    status: p.status as Payout['status'],
    provider: p.provider,
    failureMessage: p.failureMessage,
    paidAt: p.paidAt?.toISOString() ?? null,
    createdAt: p.createdAt.toISOString(),
  };
}

/** The contract entry of a posting at `now`: owed amount (sign flipped) and its bucket. */
function toEntry(row: repo.EntryRow, now: Date): EarningsEntry {
  return {
    id: row.id,
    kind: policy.entryKindOf(row.kind),
    amount: row.amount === 0 ? 0 : -row.amount,
    currency: row.currency,
    bucket: policy.bucketOf(row, now),
    orderId: row.orderId,
    orderReference: row.orderReference,
    payoutId: row.payoutId,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Whether a provider error says no retry can help (`permanent: true`, e.g. SandboxBankError). */
function isPermanent(err: unknown): boolean {
  return (
    err instanceof PermanentDeliveryError ||
    (!!err && typeof err === 'object' && (err as { permanent?: unknown }).permanent === true)
  );
}

/** The earnings service (issue #8). Services receive their providers; tests pass fakes. */
export function createEarningsService(deps: EarningsDeps) {
  const { db, clock, config, providers } = deps;

  /**
   * The caller's vendor profile.
   * @throws AppError 403 `vendor_only` for a customer or admin; 404 `vendor_not_found` for a
   *   vendor user without a profile.
   */
  async function vendorOf(user: AuthUser) {
    if (user.role !== 'vendor') throw msg.vendorOnly();
    const vendor = await repo.vendorOfUser(db, user.id);
    if (!vendor) throw msg.vendorNotFound();
    return vendor;
  }

  function providerFor(name: string): PaymentProvider | null {
    return (name === 'stripe' ? providers.stripe : providers.sandbox) ?? null;
  }

  /**
   * Marks pending payout `payoutId` failed with `reason`, reverses its postings (the money is
   * available again) and tells the vendor, in one transaction. A no-op unless still pending.
   */
  async function fail(payoutId: string, reason: string, key: string): Promise<void> {
    await db.transaction(async (tx) => {
      const p = await repo.lockPayout(tx, payoutId);
      if (p?.status !== 'pending') return;
      const now = clock.now();
      await repo.updatePayout(tx, p.id, { status: 'failed', failureMessage: reason });
      await postPayoutReversal(tx, {
        payoutId: p.id,
        vendorId: p.vendorId,
        currency: p.currency,
        amount: p.amount,
        at: now,
      });
      await tellVendor(tx, p.vendorId, {
        ...msg.payoutFailedNotice(p.amount, p.currency, reason),
        key: `${key}:notice`,
      });
    });
  }

  /** Queues an in-app notice to the user of vendor profile `vendorId`, in `tx`. */
  async function tellVendor(
    tx: DbOrTx,
    vendorId: string,
    notice: Omit<NewNotification, 'userId'> & { key: string },
  ): Promise<void> {
    const userId = await repo.vendorUserId(tx, vendorId);
    if (userId) await notify(tx, [{ userId, ...notice }]);
  }

  /**
   * Outbox `payout.send` (key `payout:<id>`): pays the payout out through its provider with that
   * key, then marks it `paid` (`paidAt`, the provider's ref) and notifies the vendor; a permanent
   * refusal fails it (see {@link fail}). Redeliveries are no-ops once it is no longer pending;
   * a transient provider error is thrown for the outbox to retry.
   */
  async function handleSend(job: PayoutJob, ctx: DeliveryContext): Promise<void> {
    const p = await repo.getPayout(db, job.payoutId);
    if (!p) throw new PermanentDeliveryError(`payout ${job.payoutId} not found`);
    if (p.status !== 'pending') return;
    const provider = providerFor(p.provider);
    if (!provider) {
      await fail(p.id, paymentMessages.stripeNotConfigured, ctx.key);
      return;
    }
    // Read at send time: an account removed or restricted since the request gets nothing.
    const to = await destinationOf(db, p.vendorId, p.provider);
    if (!to) {
      await fail(p.id, msg.payoutAccountRequired().message, ctx.key);
      return;
    }
    let ref: string;
    try {
      ({ ref } = await provider.payout({
        payoutId: p.id,
        amount: p.amount,
        currency: p.currency,
        destination: to.destination,
        idempotencyKey: ctx.key,
      }));
    } catch (err) {
      if (!isPermanent(err)) throw err;
      await fail(p.id, err instanceof Error ? err.message : String(err), ctx.key);
      return;
    }
    await db.transaction(async (tx) => {
      const locked = await repo.lockPayout(tx, p.id);
      if (locked?.status !== 'pending') return;
      await repo.updatePayout(tx, p.id, {
        status: 'paid',
        paidAt: clock.now(),
        providerRef: ref,
      });
      await tellVendor(tx, p.vendorId, {
        ...msg.payoutPaidNotice(p.amount, p.currency, to.last4),
        key: `${ctx.key}:notice`,
      });
    });
  }

  return {
    /**
     * `GET /v1/vendor/earnings`: the figures per currency (minor units, at the service clock's
     * now; see policy `balances`) and a page of the `vendor_payable` postings behind them,
     * newest first, each with its bucket, order reference and payout id. `holdDays` is
     * `PAYOUT_HOLD_DAYS`.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
     */
    async getEarnings(user: AuthUser, query: PageQuery): Promise<Earnings> {
      const vendor = await vendorOf(user);
      const now = clock.now();
      const groups = await repo.owedGroups(db, vendor.id);
      const { rows, total } = await repo.entriesPage(db, vendor.id, query);
      return {
        currencies: policy.balances(groups, now),
        entries: rows.map((r) => toEntry(r, now)),
        page: query.page,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
        holdDays: PAYOUT_HOLD_DAYS,
      };
    },

    /**
     * `GET /v1/vendor/earnings/export`: every entry as CSV (RFC 4180 by csv-stringify, UTF-8 with
     * a byte-order mark so spreadsheets read names right), newest first: date (ISO 8601, UTC),
     * type, status (bucket), order reference, service, payout id, currency, amount in major units
     * (a plain decimal, exact) and in minor units. File name `vetted-earnings-<vendor-local
     * date>.csv`.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
     */
    async exportCsv(user: AuthUser): Promise<{ fileName: string; data: string }> {
      const vendor = await vendorOf(user);
      const now = clock.now();
      const rows = await repo.allEntries(db, vendor.id);
      const records = rows.map((row) => {
        const e = toEntry(row, now);
        return [
          e.createdAt,
          e.kind === 'refund' && e.note
            ? policy.spreadsheetSafe(msg.refundRecoveredLabel(e.note))
            : msg.KIND_LABELS[e.kind],
          msg.BUCKET_LABELS[e.bucket],
          e.orderReference ?? '',
          row.serviceTitle ? policy.spreadsheetSafe(row.serviceTitle) : '',
          e.payoutId ?? '',
          e.currency,
          policy.majorUnits(e.amount, e.currency),
          String(e.amount),
        ];
      });
      const data = stringify(records, {
        bom: true,
        header: true,
        columns: [...msg.CSV_COLUMNS],
        record_delimiter: 'windows',
      });
      return { fileName: msg.exportFileName(localDateOf(now, vendor.timeZone)), data };
    },

    /**
     * `GET /v1/vendor/payouts`: a page of the vendor's payouts, newest first.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
     */
    async listPayouts(user: AuthUser, query: PageQuery): Promise<Paged<Payout>> {
      const vendor = await vendorOf(user);
      const { rows, total } = await repo.payoutsPage(db, vendor.id, query);
      return {
        items: rows.map(toPayout),
        page: query.page,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /**
     * `POST /v1/vendor/payouts`: pays out `body.amount` (minor units) of what is available in
     * `body.currency`, or all of it, through the configured provider (see the module comment).
     * With `idempotencyKey`, a repeat returns the first payout (same currency and amount) and
     * moves nothing.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`, 409 `nothing_available` (also
     *   while the pro owes a recovered refund: its message says so) /
     *   `payout_exceeds_available` / `payout_account_required` (no verified payout account), 422 `idempotency_mismatch` (the key was used for another payout)
     */
    async createPayout(
      user: AuthUser,
      body: { currency: string; amount?: number },
      idempotencyKey?: string,
    ): Promise<Payout> {
      const vendor = await vendorOf(user);
      return db.transaction(async (tx) => {
        await repo.lockVendor(tx, vendor.id);
        if (idempotencyKey) {
          const first = await repo.payoutByKey(tx, vendor.id, idempotencyKey);
          if (first) {
            const same =
              first.currency === body.currency &&
              (body.amount === undefined || body.amount === first.amount);
            if (!same) throw msg.idempotencyMismatch();
            return toPayout(first);
          }
        }
        const now = clock.now();
        const figures = policy.balances(await repo.owedGroups(tx, vendor.id), now);
        const figure = figures.find((f) => f.currency === body.currency);
        // Already net of what the pro owes (policy `netOfOwed`): what they owe is paid first.
        const available = figure?.available ?? 0;
        const decided = policy.payoutAmount(available, body.amount);
        if (!decided.ok) {
          if (decided.reason === 'too_much') throw msg.payoutTooLarge(available, body.currency);
          throw figure && figure.owed > 0
            ? msg.owedFirst(figure.owed, body.currency)
            : msg.nothingAvailable(body.currency);
        }
        // No payout without a verified destination (the send job checks again).
        if (!(await destinationOf(tx, vendor.id, config.paymentProvider))) {
          throw msg.payoutAccountRequired();
        }
        const id = uuidv7();
        const row = await repo.insertPayout(tx, {
          id,
          vendorId: vendor.id,
          amount: decided.amount,
          currency: body.currency,
          provider: config.paymentProvider,
          status: 'pending',
          idempotencyKey: idempotencyKey ?? null,
          createdAt: now,
        });
        await postPayout(tx, {
          payoutId: id,
          vendorId: vendor.id,
          currency: body.currency,
          amount: decided.amount,
          at: now,
        });
        await enqueue(tx, payoutSendJob, { payoutId: id }, { key: `payout:${id}` });
        return toPayout(row);
      });
    },

    /** What this domain's jobs run (./jobs/*.ts): register those with `app.jobs`. */
    handlers: { send: handleSend },
  };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
