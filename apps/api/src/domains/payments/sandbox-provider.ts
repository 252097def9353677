/**
 * The sandbox payment provider's rules over its fake bank (sandbox-bank.ts): test cards,
 * idempotent operations, what may follow what.
 */
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { Clock } from '../deps';
import { messages } from './messages';
import { luhnValid, SANDBOX_CARDS } from './policy';
import type { AuthorizeResult, PaymentProvider, ProviderEvent } from './provider';
import { offSessionAuthorize, saveSandboxCard } from './sandbox-saved-cards';
import {
  type BankRow,
  byKey,
  chargeRef,
  chargesSince,
  eventsOfCharge,
  eventsOfPayment,
  record,
  refundRef,
  SandboxBankError,
  withCharge,
} from './sandbox-bank';

export { SandboxBankError } from './sandbox-bank';

/** The sandbox provider with the fake bank's extra view for admins and tests. */
export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Every successful bank event about a payment (all of its charges, orphans included), oldest first. */
  eventsForPayment(paymentId: string): Promise<ProviderEvent[]>;
}

/** The fake bank's reference of our payout `payoutId`. */
export const sandboxPayoutRef = (payoutId: string) => `sbx_po_${payoutId.replaceAll('-', '')}`;

/** The fake bank and the clock its rows are stamped with. */
interface Bank {
  db: Db;
  clock: Clock;
}
type Input<K extends keyof PaymentProvider> = PaymentProvider[K] extends (i: infer I) => unknown
  ? I
  : never;

function result(row: BankRow): AuthorizeResult {
  if (row.status === 'succeeded') return { status: 'authorized', ref: row.ref, last4: row.last4 };
  const insufficient = row.declineCode === 'insufficient_funds';
  return {
    status: 'declined',
    code: row.declineCode ?? 'card_declined',
    message: insufficient ? messages.insufficientFunds : messages.cardDeclined,
    last4: row.last4,
  };
}

/** Authorises a test card once per key (a decline too); 400 for a missing or non-Luhn number. */
async function authorize({ db, clock }: Bank, input: Input<'authorize'>): Promise<AuthorizeResult> {
  const previous = await byKey(db, 'authorization', input.idempotencyKey);
  if (previous) return result(previous);
  if (!input.card) {
    throw badRequest(messages.cardRequired, 'card_required', { card: messages.cardRequired });
  }
  const number = input.card.number.replace(/\D/g, '');
  if (!luhnValid(number)) {
    throw badRequest(messages.invalidCardNumber, 'invalid_card_number', {
      'card.number': messages.invalidCardNumber,
    });
  }
  const declineCode =
    number === SANDBOX_CARDS.declined
      ? 'card_declined'
      : number === SANDBOX_CARDS.insufficientFunds
        ? 'insufficient_funds'
        : null;
  const row = await record(
    db,
    {
      ref: chargeRef(),
      paymentId: input.paymentId,
      type: 'authorization',
      status: declineCode ? 'declined' : 'succeeded',
      amount: input.amount,
      currency: input.currency,
      idempotencyKey: input.idempotencyKey,
      last4: number.slice(-4),
      declineCode,
      behaviour: number === SANDBOX_CARDS.refundFails ? 'refund_fails' : null,
    },
    clock.now(),
  );
  return result(row);
}

async function capture({ db, clock }: Bank, input: Input<'capture'>): Promise<void> {
  if (await byKey(db, 'capture', input.idempotencyKey)) return;
  await withCharge(db, input.ref, async (tx, s) => {
    if (s.voided) throw new SandboxBankError('Cannot capture a voided charge', true);
    if (s.captured > 0) return;
    if (input.amount > s.authorization.amount) {
      throw new SandboxBankError('Cannot capture more than was authorised', true);
    }
    await record(
      tx,
      {
        ...s.authorization,
        type: 'capture',
        status: 'succeeded',
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
        declineCode: null,
      },
      clock.now(),
    );
  });
}

async function voidCharge({ db, clock }: Bank, input: Input<'void'>): Promise<void> {
  if (await byKey(db, 'void', input.idempotencyKey)) return;
  await withCharge(db, input.ref, async (tx, s) => {
    if (s.voided) return;
    if (s.captured > 0) {
      throw new SandboxBankError('Cannot void a captured charge: refund it', true);
    }
    const row = { ...s.authorization, type: 'void', status: 'succeeded' };
    await record(
      tx,
      { ...row, idempotencyKey: input.idempotencyKey, declineCode: null },
      clock.now(),
    );
  });
}

async function refund({ db, clock }: Bank, input: Input<'refund'>) {
  const previous = await byKey(db, 'refund', input.idempotencyKey);
  if (previous) return { refundRef: refundRef(previous), status: 'succeeded' as const };
  return withCharge(db, input.ref, async (tx, s) => {
    if (s.captured === 0) throw new SandboxBankError('Cannot refund an uncaptured charge', true);
    if (s.authorization.behaviour === 'refund_fails') {
      throw new SandboxBankError('The bank could not process this refund right now', false);
    }
    if (input.amount <= 0 || s.refunded + input.amount > s.captured) {
      throw new SandboxBankError('Cannot refund more than was captured', true);
    }
    const row = await record(
      tx,
      {
        ...s.authorization,
        type: 'refund',
        status: 'succeeded',
        amount: input.amount,
        idempotencyKey: input.idempotencyKey,
        declineCode: null,
      },
      clock.now(),
    );
    return { refundRef: refundRef(row), status: 'succeeded' as const };
  });
}

async function payout({ db, clock }: Bank, input: Input<'payout'>): Promise<{ ref: string }> {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
    throw new SandboxBankError('A payout must be a positive whole amount', true);
  }
  if (!input.destination) {
    throw new SandboxBankError('Add where your payouts go first', true);
  }
  // The fake bank records the transfer to the account (its last four digits), once per key.
  const row = await record(
    db,
    {
      ref: sandboxPayoutRef(input.payoutId),
      paymentId: null,
      type: 'payout',
      status: 'succeeded',
      amount: input.amount,
      currency: input.currency,
      idempotencyKey: input.idempotencyKey,
      last4: input.destination,
      declineCode: null,
      behaviour: null,
    },
    clock.now(),
  );
  return { ref: row.ref };
}

/**
 * The sandbox payment provider: no network and no real money, but a fake bank in
 * our own database (`sandbox_bank_events`), so what "the card network" did survives a crash of
 * the API process and tests and admins can see what a card was charged.
 *
 * - Idempotency: every operation is a row unique per (type, idempotency key); a repeated key
 *   returns the first outcome (a decline too) and never moves money twice, also when two
 *   processes send it at the same time (the unique index decides).
 * - Operations on one charge are serialised with a transaction-scoped advisory lock on its ref.
 * - Test cards (Stripe's numbers): 4242 4242 4242 4242 authorises; 4000 0000 0000 0002 is
 *   declined ("Your card was declined. Try another card."); 4000 0000 0000 9995 has insufficient
 *   funds; 4000 0000 0000 5126 authorises but every refund of it fails (a bank outage, retried);
 *   any other Luhn-valid number authorises. A number failing Luhn is a 400. A plan's card is
 *   saved (sandbox-saved-cards.ts); 4000 0000 0000 0341 saves but declines off-session.
 * - A payout is a `payout` row with ref `sbx_po_<payout id>`, once per key, whose
 *   `last4` is the destination (the pro's verified bank account's last four digits).
 * - Capturing an already captured charge or voiding a voided one succeeds without a new event
 *   (like Stripe when the outbox redelivers); capturing a voided charge, voiding a captured one
 *   or refunding more than was captured throws a permanent `SandboxBankError`.
 */
export function createSandboxProvider(bank: Bank): SandboxProvider {
  return {
    name: 'sandbox',
    testMode: true,
    async prepare() {
      return { ref: null, clientSecret: null, publishableKey: null };
    },
    authorize: (input) => authorize(bank, input),
    capture: (input) => capture(bank, input),
    void: (input) => voidCharge(bank, input),
    refund: (input) => refund(bank, input),
    payout: (input) => payout(bank, input),
    saveCard: (input) => saveSandboxCard(bank, input),
    offSessionAuthorize: (input) => offSessionAuthorize(bank, input, result),
    events: (ref) => eventsOfCharge(bank.db, ref),
    eventsForPayment: (paymentId) => eventsOfPayment(bank.db, paymentId),
    charges: (since) => chargesSince(bank.db, since),
  };
}
