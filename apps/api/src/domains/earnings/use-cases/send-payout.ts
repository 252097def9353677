/**
 * The job `payout.send`: the provider sends a payout to the pro's verified account, with
 * idempotency key `payout:<id>`; a refusal no retry can change fails the payout and gives the
 * money back to the pro's available balance.
 */
import type { DbOrTx } from '../../../db/client';
import { type DeliveryContext, PermanentDeliveryError } from '../../../jobs/define';
import { postPayoutReversal } from '../../ledger';
import { type NewNotification, notify } from '../../notifications';
import { paymentMessages } from '../../payments';
import type { PaymentProvider } from '../../payments';
import * as msg from '../messages';
import { destinationOf } from '../payout-account-service';
import * as repo from '../repository';
import type { EarningsDeps } from './context';

/** Whether a provider error says no retry can help (`permanent: true`, e.g. SandboxBankError). */
function isPermanent(err: unknown): boolean {
  return (
    err instanceof PermanentDeliveryError ||
    (!!err && typeof err === 'object' && (err as { permanent?: unknown }).permanent === true)
  );
}

function providerFor(deps: EarningsDeps, name: string): PaymentProvider | null {
  return (name === 'stripe' ? deps.providers.stripe : deps.providers.sandbox) ?? null;
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
 * Marks pending payout `payoutId` failed with `reason`, reverses its postings (the money is
 * available again) and tells the vendor, in one transaction. A no-op unless still pending.
 */
async function fail(
  deps: EarningsDeps,
  payoutId: string,
  reason: string,
  key: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const p = await repo.lockPayout(tx, payoutId);
    if (p?.status !== 'pending') return;
    const now = deps.clock.now();
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

/**
 * Outbox `payout.send` (key `payout:<id>`): pays the payout out through its provider with that
 * key, then marks it `paid` (`paidAt`, the provider's ref) and notifies the vendor; a permanent
 * refusal fails it (see {@link fail}). Redeliveries are no-ops once it is no longer pending;
 * a transient provider error is thrown for the outbox to retry.
 */
export async function handleSend(
  deps: EarningsDeps,
  job: { payoutId: string },
  ctx: DeliveryContext,
): Promise<void> {
  const { db, clock } = deps;
  const p = await repo.getPayout(db, job.payoutId);
  if (!p) throw new PermanentDeliveryError(`payout ${job.payoutId} not found`);
  if (p.status !== 'pending') return;
  const provider = providerFor(deps, p.provider);
  if (!provider) {
    await fail(deps, p.id, paymentMessages.stripeNotConfigured, ctx.key);
    return;
  }
  // Read at send time: an account removed or restricted since the request gets nothing.
  const to = await destinationOf(db, p.vendorId, p.provider);
  if (!to) {
    await fail(deps, p.id, msg.payoutAccountRequired().message, ctx.key);
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
    await fail(deps, p.id, err instanceof Error ? err.message : String(err), ctx.key);
    return;
  }
  await db.transaction(async (tx) => {
    const locked = await repo.lockPayout(tx, p.id);
    if (locked?.status !== 'pending') return;
    await repo.updatePayout(tx, p.id, { status: 'paid', paidAt: clock.now(), providerRef: ref });
    await tellVendor(tx, p.vendorId, {
      ...msg.payoutPaidNotice(p.amount, p.currency, to.last4),
      key: `${ctx.key}:notice`,
    });
  });
}
