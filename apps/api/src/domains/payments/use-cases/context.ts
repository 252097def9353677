/**
 * What every payments use case is given: the service's dependencies plus the few helpers they
 * all use (a retried transaction, the provider of a payment, the `Payment` mapping), built once
 * per service by {@link createPaymentsContext}.
 */
import type { Payment } from '@vetted/contract';
import type { DbOrTx, Tx } from '../../../db/client';
import { withTransactionRetry } from '../../../db/transaction';
import { enqueue } from '../../../jobs/engine';
import { AppError } from '../../../lib/errors';
import { pushToUsers } from '../../notifications';
import { toPaymentDto } from '../dto';
import { paymentVoidJob } from '../jobs/void';
import { messages } from '../messages';
import { voidKey } from '../policy';
import type { PaymentProvider } from '../provider';
import type { PaymentRow } from '../repository';
import type { PaymentsDeps } from '../types';
import type { OrderFactsRow } from '../../orders';

export interface PaymentsContext extends PaymentsDeps {
  /**
   * A transaction of a use case or job, run again when PostgreSQL aborts it for a deadlock or a
   * serialisation failure (db/transaction.ts: lock order, retry).
   */
  inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  /** The provider of a payment (by its `provider` column); 501 when Stripe is not configured. */
  providerFor(name: string): PaymentProvider;
  /** Whether the named provider moves no real money. */
  testModeOf(name: string): boolean;
  /** The contract `Payment` of a row, with the provider's test-mode flag. */
  dto(p: PaymentRow, extra?: Parameters<typeof toPaymentDto>[2]): Payment;
}

/** A provider authorisation to record. */
export interface Authorization {
  paymentId: string;
  /** The provider key it was obtained with; null when the provider reported it (webhook). */
  key: string | null;
  /** The provider's charge ref. */
  ref: string;
  last4: string | null;
  actorId: string | null;
}

export type Settled = { kind: 'paid' } | { kind: 'conflict'; error: AppError };

/** The context of one payments service over `deps`. */
export function createPaymentsContext(deps: PaymentsDeps): PaymentsContext {
  const { db, log, providers } = deps;
  const testModeOf = (name: string) =>
    (name === 'stripe' ? providers.stripe?.testMode : providers.sandbox.testMode) ?? true;
  return {
    ...deps,
    inTransaction: (fn) => withTransactionRetry(db, fn, { log }),
    providerFor(name) {
      const provider = name === 'stripe' ? providers.stripe : providers.sandbox;
      if (!provider) {
        throw new AppError(501, messages.stripeNotConfigured, 'provider_not_configured');
      }
      return provider;
    },
    testModeOf,
    dto: (p, extra) => toPaymentDto(p, testModeOf(p.provider), extra),
  };
}

/** Pushes the order's status to both parties' sockets (agreed event `order`). */
export async function pushOrder(tx: DbOrTx, v: OrderFactsRow, status: string): Promise<void> {
  await pushToUsers(tx, [v.order.customerId, v.vendorUserId], {
    type: 'order',
    data: { id: v.order.id, status },
  });
}

/**
 * Queues the release of the authorisation `ref` of payment `p` (job `payment.void`, key
 * `payment:<id>:void:<ref>`) inside `tx`. `p.id` null: a provider charge no payment holds.
 */
export async function enqueueVoid(
  tx: DbOrTx,
  p: { id: string | null; provider: string },
  ref: string,
  actorId: string | null,
): Promise<void> {
  await enqueue(
    tx,
    paymentVoidJob,
    { paymentId: p.id, ref, provider: p.provider, actorId },
    { key: voidKey(p.id ?? 'orphan', ref) },
  );
}
