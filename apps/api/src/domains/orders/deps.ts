/** What the orders domain is given: the common deps, the payments domain's requests, places. */
import type { Payment } from '@vetted/contract';
import type { DbOrTx } from '../../db/client';
import type { AuthUser } from '../../platform/types';
import type { ServiceDeps } from '../deps';
import type { Geocoder } from '../places';

/**
 * What the orders domain needs from the payments domain. The request functions
 * only enqueue outbox jobs inside the caller's transaction (`tx`); the payments domain's
 * handlers call the provider, update the payment, post the ledger and tell the customer once
 * the provider answered.
 */
export interface OrderPayments {
  /** Vendor accepted: capture the order's authorised payment. */
  requestCapture(tx: DbOrTx, orderId: string, actorId: string | null): Promise<unknown>;
  /** Declined, or cancelled before acceptance: release the authorisation. */
  requestVoid(tx: DbOrTx, orderId: string, actorId: string | null): Promise<unknown>;
  /** Cancelled after capture: refund `amountMinor` (minor units) of the captured payment. */
  requestRefund(
    tx: DbOrTx,
    orderId: string,
    amountMinor: number,
    reason: string,
    actorId: string | null,
  ): Promise<unknown>;
  /** The order's current payment as the API shows it (its latest attempt), or null. */
  paymentOf(db: DbOrTx, orderId: string): Promise<Payment | null>;
  /** The order's tip after completion, or null. */
  tipOf(db: DbOrTx, orderId: string): Promise<Payment | null>;
  /**
   * An extra's approval, inside `tx`: the open `change_order` payment `reuseId` when it can
   * still be confirmed for `amount` (minor units), else a new one. Answers its id.
   */
  openChangeOrderPayment(
    tx: DbOrTx,
    input: { orderId: string; amount: number; currency: string; reuseId: string | null },
  ): Promise<string>;
  /** After commit: prepares the payment with its provider and answers it (to confirm). */
  prepareChangeOrderPayment(paymentId: string): Promise<Payment>;
  /** The job was completed: capture the extra's authorisation (no-op unless authorised). */
  requestChangeOrderCapture(
    tx: DbOrTx,
    paymentId: string,
    actorId: string | null,
  ): Promise<unknown>;
  /** The extra will not happen: void its authorisation, or close its unconfirmed payment. */
  releaseChangeOrderPayment(
    tx: DbOrTx,
    paymentId: string,
    actorId: string | null,
  ): Promise<unknown>;
}

/**
 * The support desk as the orders domain uses it: a disputed no-show fee opens a support chat for
 * the customer with their reason as its first message (the conversations domain's public
 * `open` + `send`, wired in app.ts). Returns the chat's id.
 */
export interface SupportChats {
  openChat(user: AuthUser, subject: string, text: string): Promise<string>;
}

export interface OrdersDeps extends ServiceDeps {
  /** Where a disputed no-show fee goes; absent in contexts without the support desk. */
  support?: SupportChats;
  payments: OrderPayments;
  /** The city index that locates a typed address for the service-area check. */
  geocoder: Geocoder;
}
