import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db, DbOrTx } from '../../db/client';
import { sandboxBankEvents } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { Clock } from '../deps';
import { SANDBOX_CARDS, luhnValid } from './policy';
import type { AuthorizeResult, PaymentProvider, ProviderCharge, ProviderEvent } from './provider';
import { messages } from './messages';

type BankRow = typeof sandboxBankEvents.$inferSelect;
type BankEventType = ProviderEvent['type'];

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
interface ChargeState {
  authorization: BankRow;
  captured: number;
  voided: boolean;
  refunded: number;
}

/** The sandbox provider with the fake bank's extra view for admins and tests. */
export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** Every successful bank event about a payment (all of its charges, orphans included), oldest first. */
  eventsForPayment(paymentId: string): Promise<ProviderEvent[]>;
}

const chargeRef = () => `sbx_ch_${uuidv7().replaceAll('-', '')}`;
const refundRef = (row: BankRow) => `sbx_re_${row.id.replaceAll('-', '')}`;
/** The fake bank's reference of our payout `payoutId` (issue #8). */
export const sandboxPayoutRef = (payoutId: string) => `sbx_po_${payoutId.replaceAll('-', '')}`;

function toEvent(row: BankRow): ProviderEvent {
  return {
    type: row.type as BankEventType,
    amount: row.amount,
    currency: row.currency,
    idempotencyKey: row.idempotencyKey,
    at: row.createdAt.toISOString(),
    ref: row.type === 'refund' ? refundRef(row) : row.ref,
  };
}

/**
 * The sandbox payment provider (issue #6 §3): no network and no real money, but a fake bank in
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
 *   any other Luhn-valid number authorises. A number failing Luhn is a 400.
 * - A payout (issue #8) is a `payout` row with ref `sbx_po_<payout id>`, once per key, whose
 *   `last4` is the destination (the pro's verified bank account's last four digits).
 * - Capturing an already captured charge or voiding a voided one succeeds without a new event
 *   (like Stripe when the outbox redelivers); capturing a voided charge, voiding a captured one
 *   or refunding more than was captured throws a permanent `SandboxBankError`.
 */
export function createSandboxProvider({ db, clock }: { db: Db; clock: Clock }): SandboxProvider {
  async function byKey(tx: DbOrTx, type: BankEventType, key: string) {
    const [row] = await tx
      .select()
      .from(sandboxBankEvents)
      .where(and(eq(sandboxBankEvents.type, type), eq(sandboxBankEvents.idempotencyKey, key)));
    return row ?? null;
  }

  /** Inserts an event unless its (type, key) exists; answers the row that holds the key. */
  async function record(tx: DbOrTx, row: Omit<BankRow, 'id' | 'createdAt'>): Promise<BankRow> {
    const [created] = await tx
      .insert(sandboxBankEvents)
      .values({ ...row, id: uuidv7(), createdAt: clock.now() })
      .onConflictDoNothing()
      .returning();
    if (created) return created;
    const existing = await byKey(tx, row.type as BankEventType, row.idempotencyKey);
    if (!existing) throw new SandboxBankError('The bank lost an operation', false);
    return existing;
  }

  async function state(tx: DbOrTx, ref: string): Promise<ChargeState | null> {
    const rows = await tx
      .select()
      .from(sandboxBankEvents)
      .where(and(eq(sandboxBankEvents.ref, ref), eq(sandboxBankEvents.status, 'succeeded')))
      .orderBy(asc(sandboxBankEvents.createdAt), asc(sandboxBankEvents.id));
    const authorization = rows.find((r) => r.type === 'authorization');
    if (!authorization) return null;
    const sum = (type: string) =>
      rows.filter((r) => r.type === type).reduce((total, r) => total + r.amount, 0);
    return {
      authorization,
      captured: sum('capture'),
      voided: rows.some((r) => r.type === 'void'),
      refunded: sum('refund'),
    };
  }

  /** Runs `fn` in a transaction holding the charge's advisory lock. */
  function locked<T>(ref: string, fn: (tx: DbOrTx, s: ChargeState) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`sandbox:${ref}`}))`);
      const s = await state(tx, ref);
      if (!s) throw new SandboxBankError(`No such charge: ${ref}`, true);
      return fn(tx, s);
    });
  }

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

  return {
    name: 'sandbox',
    testMode: true,

    async prepare() {
      return { ref: null, clientSecret: null, publishableKey: null };
    },

    async authorize(input) {
      const previous = await byKey(db, 'authorization', input.idempotencyKey);
      if (previous) return result(previous);
      if (!input.card) {
        throw badRequest(messages.cardRequired, 'card_required', {
          card: messages.cardRequired,
        });
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
      const row = await record(db, {
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
      });
      return result(row);
    },

    async capture(input) {
      if (await byKey(db, 'capture', input.idempotencyKey)) return;
      await locked(input.ref, async (tx, s) => {
        if (s.voided) throw new SandboxBankError('Cannot capture a voided charge', true);
        if (s.captured > 0) return;
        if (input.amount > s.authorization.amount) {
          throw new SandboxBankError('Cannot capture more than was authorised', true);
        }
        await record(tx, {
          ...s.authorization,
          type: 'capture',
          status: 'succeeded',
          amount: input.amount,
          idempotencyKey: input.idempotencyKey,
          declineCode: null,
        });
      });
    },

    async void(input) {
      if (await byKey(db, 'void', input.idempotencyKey)) return;
      await locked(input.ref, async (tx, s) => {
        if (s.voided) return;
        if (s.captured > 0) {
          throw new SandboxBankError('Cannot void a captured charge: refund it', true);
        }
        await record(tx, {
          ...s.authorization,
          type: 'void',
          status: 'succeeded',
          idempotencyKey: input.idempotencyKey,
          declineCode: null,
        });
      });
    },

    async refund(input) {
      const previous = await byKey(db, 'refund', input.idempotencyKey);
      if (previous) return { refundRef: refundRef(previous), status: 'succeeded' as const };
      return locked(input.ref, async (tx, s) => {
        if (s.captured === 0)
          throw new SandboxBankError('Cannot refund an uncaptured charge', true);
        if (s.authorization.behaviour === 'refund_fails') {
          throw new SandboxBankError('The bank could not process this refund right now', false);
        }
        if (input.amount <= 0 || s.refunded + input.amount > s.captured) {
          throw new SandboxBankError('Cannot refund more than was captured', true);
        }
        const row = await record(tx, {
          ...s.authorization,
          type: 'refund',
          status: 'succeeded',
          amount: input.amount,
          idempotencyKey: input.idempotencyKey,
          declineCode: null,
        });
        return { refundRef: refundRef(row), status: 'succeeded' as const };
      });
    },

    async payout(input) {
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) {
        throw new SandboxBankError('A payout must be a positive whole amount', true);
      }
      if (!input.destination) {
        throw new SandboxBankError('Add where your payouts go first', true);
      }
      // The fake bank records the transfer to the account (its last four digits), once per key.
      const row = await record(db, {
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
      });
      return { ref: row.ref };
    },

    async events(ref) {
      const rows = await db
        .select()
        .from(sandboxBankEvents)
        .where(and(eq(sandboxBankEvents.ref, ref), eq(sandboxBankEvents.status, 'succeeded')))
        .orderBy(asc(sandboxBankEvents.createdAt), asc(sandboxBankEvents.id));
      return rows.map(toEvent);
    },

    async eventsForPayment(paymentId) {
      const rows = await db
        .select()
        .from(sandboxBankEvents)
        .where(
          and(
            eq(sandboxBankEvents.paymentId, paymentId),
            eq(sandboxBankEvents.status, 'succeeded'),
          ),
        )
        .orderBy(asc(sandboxBankEvents.createdAt), asc(sandboxBankEvents.id));
      return rows.map(toEvent);
    },

    async charges(since) {
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
      const rows = await db
        .select()
        .from(sandboxBankEvents)
        .where(
          and(
            inArray(
              sandboxBankEvents.ref,
              auths.map((a) => a.ref),
            ),
            eq(sandboxBankEvents.status, 'succeeded'),
          ),
        );
      return auths.map(({ ref }): ProviderCharge => {
        const mine = rows.filter((r) => r.ref === ref);
        const auth = mine.find((r) => r.type === 'authorization')!;
        const sum = (type: string) =>
          mine.filter((r) => r.type === type).reduce((total, r) => total + r.amount, 0);
        const captured = sum('capture');
        const refunded = sum('refund');
        const chargeState: ProviderCharge['state'] = mine.some((r) => r.type === 'void')
          ? 'voided'
          : captured === 0
            ? 'authorized'
            : refunded === 0
              ? 'captured'
              : refunded >= captured
                ? 'refunded'
                : 'partially_refunded';
        return {
          ref,
          paymentId: auth.paymentId,
          amount: auth.amount,
          currency: auth.currency,
          state: chargeState,
          amountRefunded: refunded,
        };
      });
    },
  };
}
