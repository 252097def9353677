import type { OrderStatus } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import { type PaymentOrderChange, paymentTransition } from '../src/domains/orders';

const ALL: OrderStatus[] = [
  'pending_payment',
  'paid',
  'accepted',
  'in_progress',
  'completed',
  'cancelled',
  'declined',
  'refunded',
];

/** Where each change moves each state; absent: the order stays where it is. */
const TABLE: Record<PaymentOrderChange, Partial<Record<OrderStatus, OrderStatus>>> = {
  paid: { pending_payment: 'paid' },
  slot_taken: { pending_payment: 'cancelled' },
  refunded_fully: {
    paid: 'refunded',
    accepted: 'refunded',
    in_progress: 'refunded',
    completed: 'refunded',
    cancelled: 'refunded',
    declined: 'refunded',
  },
  refunded_partly: { cancelled: 'refunded', declined: 'refunded' },
};

describe('the order changes a payment causes', () => {
  for (const [change, moves] of Object.entries(TABLE) as [
    PaymentOrderChange,
    typeof TABLE.paid,
  ][]) {
    for (const from of ALL) {
      const to = moves[from] ?? null;
      it(`${change} from ${from} → ${to ?? 'stays'}`, () => {
        expect(paymentTransition(change, from)).toBe(to);
      });
    }
  }
});
