import type { OrderStatus } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import {
  bookingFee,
  cancellationRefund,
  checkStartCode,
  decideTransition,
  earliestStart,
  mayBookAnother,
  type OrderAction,
  type OrderFacts,
  type OrderRole,
  refundIfCancelledNow,
} from '../src/domains/orders/policy';

const SLOT = new Date('2026-12-01T15:00:00.000Z');
const at = (iso: string) => new Date(iso);
const order = (status: OrderStatus, over: Partial<OrderFacts> = {}): OrderFacts => ({
  status,
  startsAt: SLOT,
  subtotal: 12_345,
  total: 12_962,
  ...over,
});
const DAYS_BEFORE = at('2026-11-28T15:00:00.000Z');

describe('state machine: who may do what from which state', () => {
  const STATUSES: OrderStatus[] = [
    'pending_payment',
    'paid',
    'accepted',
    'in_progress',
    'completed',
    'cancelled',
    'declined',
    'refunded',
  ];
  // action → the states it is allowed from (by its own side or an admin), and the state after.
  const ALLOWED: Record<OrderAction, { side: OrderRole; from: OrderStatus[]; to: OrderStatus }> = {
    accept: { side: 'vendor', from: ['paid'], to: 'accepted' },
    decline: { side: 'vendor', from: ['paid'], to: 'declined' },
    start: { side: 'vendor', from: ['accepted'], to: 'in_progress' },
    complete: { side: 'vendor', from: ['in_progress'], to: 'completed' },
    cancel: { side: 'customer', from: ['pending_payment', 'paid', 'accepted'], to: 'cancelled' },
  };
  // Half an hour before the slot: inside the start window, more than zero before the slot.
  const now = at('2026-12-01T14:30:00.000Z');

  for (const [action, rule] of Object.entries(ALLOWED) as [
    OrderAction,
    (typeof ALLOWED)[OrderAction],
  ][]) {
    const otherSide: OrderRole = rule.side === 'vendor' ? 'customer' : 'vendor';
    for (const status of STATUSES) {
      const allowed = rule.from.includes(status);
      it(`${action} from ${status}: ${allowed ? `→ ${rule.to}` : 'invalid_transition'} for the ${rule.side} and an admin; wrong_actor for the ${otherSide}`, () => {
        for (const role of [rule.side, 'admin'] as OrderRole[]) {
          const v = decideTransition({ action, role, order: order(status), now });
          if (allowed) expect(v).toMatchObject({ ok: true, to: rule.to });
          else expect(v).toEqual({ ok: false, reason: 'invalid_transition' });
        }
        // Either side may cancel (the pro always refunding in full), tested below.
        if (action === 'cancel') return;
        expect(decideTransition({ action, role: otherSide, order: order(status), now })).toEqual({
          ok: false,
          reason: 'wrong_actor',
          by: rule.side,
        });
      });
    }
  }

  it('the vendor may cancel a paid or accepted order before its slot, not an unpaid checkout', () => {
    expect(
      decideTransition({ action: 'cancel', role: 'vendor', order: order('paid'), now }),
    ).toEqual({ ok: true, to: 'cancelled', money: { kind: 'void' } });
    expect(
      decideTransition({ action: 'cancel', role: 'vendor', order: order('accepted'), now }),
    ).toEqual({ ok: true, to: 'cancelled', money: { kind: 'refund', amount: 12_962 } });
    expect(
      decideTransition({ action: 'cancel', role: 'vendor', order: order('pending_payment'), now }),
    ).toEqual({ ok: false, reason: 'invalid_transition' });
    expect(
      decideTransition({
        action: 'cancel',
        role: 'vendor',
        order: order('accepted'),
        now: at('2026-12-01T15:00:00.000Z'),
      }),
    ).toEqual({ ok: false, reason: 'slot_started' });
  });

  it('refuses to cancel a completed order (the stale "Paid + Cancel booking" page)', () => {
    expect(
      decideTransition({ action: 'cancel', role: 'customer', order: order('completed'), now }),
    ).toEqual({ ok: false, reason: 'invalid_transition' });
  });
});

describe('money on transitions (ARCHITECTURE §3)', () => {
  const cases: [OrderAction, OrderRole, OrderStatus, Date, unknown][] = [
    ['accept', 'vendor', 'paid', DAYS_BEFORE, { kind: 'capture' }],
    ['decline', 'vendor', 'paid', DAYS_BEFORE, { kind: 'void' }],
    ['cancel', 'customer', 'pending_payment', DAYS_BEFORE, { kind: 'none' }],
    ['cancel', 'customer', 'paid', DAYS_BEFORE, { kind: 'void' }],
    // Paid but never accepted, slot already passed: still just a void of the hold.
    ['cancel', 'customer', 'paid', at('2026-12-01T16:00:00.000Z'), { kind: 'void' }],
    ['cancel', 'customer', 'accepted', DAYS_BEFORE, { kind: 'refund', amount: 12_962 }],
    [
      'cancel',
      'customer',
      'accepted',
      at('2026-12-01T03:00:00.000Z'),
      { kind: 'refund', amount: 6_173 },
    ],
    [
      'cancel',
      'admin',
      'accepted',
      at('2026-12-01T16:00:00.000Z'),
      { kind: 'refund', amount: 12_962 },
    ],
    ['start', 'vendor', 'accepted', at('2026-12-01T14:45:00.000Z'), { kind: 'none' }],
    ['complete', 'vendor', 'in_progress', at('2026-12-01T15:30:00.000Z'), { kind: 'none' }],
  ];
  for (const [action, role, status, now, money] of cases) {
    it(`${role} ${action} from ${status} at ${now.toISOString()} → ${JSON.stringify(money)}`, () => {
      expect(decideTransition({ action, role, order: order(status), now })).toEqual({
        ok: true,
        to: expect.any(String),
        money,
      });
    });
  }
});

describe('time rules', () => {
  it('the start window opens 30 minutes before the slot', () => {
    expect(earliestStart(SLOT).toISOString()).toBe('2026-12-01T14:30:00.000Z');
  });

  const startCases: [string, boolean][] = [
    ['2026-11-28T15:00:00.000Z', false],
    ['2026-12-01T14:29:59.999Z', false],
    ['2026-12-01T14:30:00.000Z', true],
    ['2026-12-01T15:00:00.000Z', true],
    ['2026-12-01T18:00:00.000Z', true],
  ];
  for (const [now, ok] of startCases) {
    it(`start at ${now}: ${ok ? 'allowed' : 'too early'}`, () => {
      const v = decideTransition({
        action: 'start',
        role: 'vendor',
        order: order('accepted'),
        now: at(now),
      });
      if (ok) expect(v).toMatchObject({ ok: true, to: 'in_progress' });
      else
        expect(v).toEqual({
          ok: false,
          reason: 'too_early',
          earliest: at('2026-12-01T14:30:00.000Z'),
        });
    });
  }

  it('an admin is held to the start window too', () => {
    expect(
      decideTransition({
        action: 'start',
        role: 'admin',
        order: order('accepted'),
        now: DAYS_BEFORE,
      }),
    ).toMatchObject({ ok: false, reason: 'too_early' });
  });

  it('complete only after start: not from accepted, whatever the time', () => {
    expect(
      decideTransition({
        action: 'complete',
        role: 'vendor',
        order: order('accepted'),
        now: at('2026-12-01T16:00:00.000Z'),
      }),
    ).toEqual({ ok: false, reason: 'invalid_transition' });
  });

  it('a customer cancels an accepted order only before its slot starts', () => {
    for (const now of [
      '2026-12-01T15:00:00.000Z',
      '2026-12-01T15:00:00.001Z',
      '2026-12-02T00:00:00.000Z',
    ]) {
      expect(
        decideTransition({
          action: 'cancel',
          role: 'customer',
          order: order('accepted'),
          now: at(now),
        }),
      ).toEqual({ ok: false, reason: 'slot_started' });
    }
    expect(
      decideTransition({
        action: 'cancel',
        role: 'customer',
        order: order('accepted'),
        now: at('2026-12-01T14:59:59.999Z'),
      }),
    ).toMatchObject({ ok: true, to: 'cancelled' });
  });
});

describe('booking fee: 5 % of the subtotal, rounded half up (BOOKING_FEE_BPS)', () => {
  const cases: [number, number][] = [
    [0, 0],
    [1, 0],
    [10, 1], // 0.5 → 1
    [9, 0], // 0.45 → 0
    [10_000, 500],
    [12_345, 617], // 617.25
    [12_350, 618], // 617.5 → 618
    [99_999, 5_000], // 4999.95
  ];
  for (const [subtotal, fee] of cases) {
    it(`${subtotal} → ${fee}`, () => expect(bookingFee(subtotal)).toBe(fee));
  }
});

describe('refund policy (/refund): amount given back by a cancellation at a time before the slot', () => {
  // subtotal 123.45, total 129.62 (fee 6.17); slot 2026-12-01 15:00 UTC.
  const cases: [OrderStatus, OrderRole, string, number][] = [
    ['pending_payment', 'customer', '2026-11-28T15:00:00.000Z', 0],
    ['paid', 'customer', '2026-11-28T15:00:00.000Z', 12_962], // before acceptance: all, fee included
    ['paid', 'customer', '2026-12-01T14:00:00.000Z', 12_962],
    ['accepted', 'customer', '2026-11-28T15:00:00.000Z', 12_962], // 3 days before: all
    ['accepted', 'customer', '2026-11-30T15:00:00.000Z', 12_962], // exactly 24 h before: all
    ['accepted', 'customer', '2026-11-30T15:00:00.001Z', 6_173], // under 24 h: half the price, fee kept
    ['accepted', 'customer', '2026-12-01T14:59:59.999Z', 6_173],
    ['accepted', 'customer', '2026-12-01T15:00:00.000Z', 0], // the slot has started
    ['accepted', 'admin', '2026-12-01T14:00:00.000Z', 12_962], // support's decision: all
    ['in_progress', 'customer', '2026-11-28T15:00:00.000Z', 0],
    ['completed', 'customer', '2026-11-28T15:00:00.000Z', 0],
    ['declined', 'customer', '2026-11-28T15:00:00.000Z', 0],
  ];
  for (const [status, role, now, amount] of cases) {
    it(`${status}, ${role}, at ${now} → ${amount}`, () => {
      expect(cancellationRefund(order(status), role, at(now))).toBe(amount);
    });
  }

  it('the cancel offer shown to the customer: refund or released hold, null when nothing or not allowed', () => {
    expect(refundIfCancelledNow(order('paid'), 'customer', DAYS_BEFORE)).toBe(12_962);
    expect(
      refundIfCancelledNow(order('accepted'), 'customer', at('2026-12-01T10:00:00.000Z')),
    ).toBe(6_173);
    expect(refundIfCancelledNow(order('pending_payment'), 'customer', DAYS_BEFORE)).toBeNull();
    expect(
      refundIfCancelledNow(order('accepted'), 'customer', at('2026-12-01T15:00:00.000Z')),
    ).toBeNull();
    expect(refundIfCancelledNow(order('completed'), 'customer', DAYS_BEFORE)).toBeNull();
  });
});

describe('start code: lock-out after 5 wrong codes for 15 minutes', () => {
  const now = at('2026-12-01T14:40:00.000Z');
  it('accepts the right code, asks for a missing one', () => {
    const state = { code: '0427', failures: 0, lockedUntil: null };
    expect(checkStartCode(state, '0427', now)).toEqual({ result: 'ok' });
    expect(checkStartCode(state, undefined, now)).toEqual({ result: 'missing' });
  });

  it('counts wrong codes; the 5th locks until 15 minutes later and resets the count', () => {
    const state = { code: '0427', failures: 0, lockedUntil: null as Date | null };
    const results = [];
    for (let i = 0; i < 5; i++) {
      const r = checkStartCode(state, '1111', now);
      results.push(r);
      if (r.result === 'wrong') {
        state.failures = r.failures;
        state.lockedUntil = r.lockedUntil;
      }
    }
    expect(results.map((r) => (r.result === 'wrong' ? r.failures : r.result))).toEqual([
      1, 2, 3, 4, 0,
    ]);
    expect(state.lockedUntil).toEqual(at('2026-12-01T14:55:00.000Z'));
    // Locked: even the right code waits.
    expect(checkStartCode(state, '0427', at('2026-12-01T14:54:59.999Z'))).toEqual({
      result: 'locked',
      until: at('2026-12-01T14:55:00.000Z'),
    });
    expect(checkStartCode(state, '0427', at('2026-12-01T14:55:00.000Z'))).toEqual({ result: 'ok' });
  });

  it('an order without a code accepts none', () => {
    expect(
      checkStartCode({ code: null, failures: 0, lockedUntil: null }, '0000', now),
    ).toMatchObject({
      result: 'wrong',
    });
  });
});

describe('unpaid bookings cap', () => {
  it('allows up to 3 unpaid bookings at once', () => {
    expect([0, 1, 2, 3, 4].map(mayBookAnother)).toEqual([true, true, true, false, false]);
  });
});
