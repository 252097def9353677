/** A pro pays out what is available (spec: payouts never exceed what the ledger says is theirs). */
import type { Payout } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import { enqueue } from '../../../jobs/engine';
import type { AuthUser } from '../../../platform/types';
import { postPayout } from '../../ledger';
import { toPayout } from '../dto';
import { payoutSendJob } from '../jobs/payout-send';
import * as msg from '../messages';
import { destinationOf } from '../payout-account-service';
import * as policy from '../policy';
import * as repo from '../repository';
import { type EarningsDeps, vendorOf } from './context';
import { lockVendorProfile } from '../../vendors';

/**
 * `POST /v1/vendor/payouts`: pays out `body.amount` (minor units) of what is available in
 * `body.currency`, or all of it, through the configured provider (see earnings/service.ts).
 * Under a row lock on the vendor profile (payouts of one vendor queue, so two at once can never
 * move more than is available), one transaction writes the `payouts` row (`pending`), its
 * postings (`payout:<id>`) and the job `payout.send`. With `idempotencyKey`, a repeat returns
 * the first payout (same currency and amount) and moves nothing.
 * @throws AppError 403 `vendor_only`, 404 `vendor_not_found`, 409 `nothing_available` (also
 *   while the pro owes a recovered refund: its message says so) /
 *   `payout_exceeds_available` / `payout_account_required` (no verified payout account), 422 `idempotency_mismatch` (the key was used for another payout)
 */
export async function createPayout(
  deps: EarningsDeps,
  input: { user: AuthUser; body: { currency: string; amount?: number }; idempotencyKey?: string },
): Promise<Payout> {
  const { body, idempotencyKey } = input;
  const { db, clock, config } = deps;
  const vendor = await vendorOf(deps, input.user);
  return db.transaction(async (tx) => {
    await lockVendorProfile(tx, vendor.id);
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
    const posting = { payoutId: id, vendorId: vendor.id, currency: body.currency };
    await postPayout(tx, { ...posting, amount: decided.amount, at: now });
    await enqueue(tx, payoutSendJob, { payoutId: id }, { key: `payout:${id}` });
    return toPayout(row);
  });
}
