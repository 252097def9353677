/**
 * Vendor earnings and payouts. Every figure is read from the
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
 * This file composes the use cases (`use-cases/<verb>.ts`). Read with `policy.ts` (buckets and
 * figures), `repository.ts` (queries), `messages.ts` (text), `dto.ts` (output mapping).
 */
import type { Earnings, Paged, Payout } from '@vetted/contract';
import type { DeliveryContext } from '../../jobs/define';
import type { AuthUser } from '../../platform/types';
import { payoutSendJob } from './jobs/payout-send';
import type { EarningsDeps, PageQuery } from './use-cases/context';
import { createPayout } from './use-cases/create-payout';
import { exportCsv, getEarnings, listPayouts } from './use-cases/read-earnings';
import { handleSend } from './use-cases/send-payout';

export type { EarningsDeps } from './use-cases/context';

/** Name of the job that sends a payout through the provider. */
export const PAYOUT_SEND_KIND = payoutSendJob.name;

/** The earnings service. Services receive their providers; tests pass fakes. */
export function createEarningsService(deps: EarningsDeps) {
  return {
    /**
     * `GET /v1/vendor/earnings`: the figures per currency (minor units, at the service clock's
     * now; see policy `balances`) and a page of the `vendor_payable` postings behind them,
     * newest first, each with its bucket, order reference and payout id. `holdDays` is
     * `PAYOUT_HOLD_DAYS`.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
     */
    getEarnings: (user: AuthUser, query: PageQuery): Promise<Earnings> =>
      getEarnings(deps, { user, query }),

    /**
     * `GET /v1/vendor/earnings/export`: every entry as CSV, newest first; file name
     * `vetted-earnings-<vendor-local date>.csv` (use-cases/read-earnings.ts).
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
     */
    exportCsv: (user: AuthUser): Promise<{ fileName: string; data: string }> =>
      exportCsv(deps, user),

    /**
     * `GET /v1/vendor/payouts`: a page of the vendor's payouts, newest first.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`
     */
    listPayouts: (user: AuthUser, query: PageQuery): Promise<Paged<Payout>> =>
      listPayouts(deps, { user, query }),

    /**
     * `POST /v1/vendor/payouts`: pays out `body.amount` (minor units) of what is available in
     * `body.currency`, or all of it, through the configured provider (see the module comment).
     * With `idempotencyKey`, a repeat returns the first payout (same currency and amount) and
     * moves nothing.
     * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`, 409 `nothing_available` (also
     *   while the pro owes a recovered refund: its message says so) /
     *   `payout_exceeds_available` / `payout_account_required` (no verified payout account), 422 `idempotency_mismatch` (the key was used for another payout)
     */
    createPayout: (
      user: AuthUser,
      body: { currency: string; amount?: number },
      idempotencyKey?: string,
    ): Promise<Payout> => createPayout(deps, { user, body, idempotencyKey }),

    /** What this domain's jobs run (./jobs/*.ts): register those with `app.jobs`. */
    handlers: {
      send: (job: { payoutId: string }, ctx: DeliveryContext) => handleSend(deps, job, ctx),
    },
  };
}

export type EarningsService = ReturnType<typeof createEarningsService>;
