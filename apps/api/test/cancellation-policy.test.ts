import {
  CANCELLATION_BAND,
  CANCELLATION_BANDS,
  CANCELLATION_POLICY,
  type CancelActor,
  type CancellationFacts,
  cancellationDecision,
  maxTip,
  rescheduleWindow,
  TIP_LIMITS,
  tipPresets,
} from '@vetted/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { declineOutcome, decideReschedule } from '../src/domains/orders/policy';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const SLOT = new Date('2026-12-01T15:00:00.000Z');
const at = (offsetMs: number) => new Date(SLOT.getTime() + offsetMs);
/** subtotal $123.45 + 5 % fee $6.17 = $129.62 */
const accepted: CancellationFacts = {
  status: 'accepted',
  startsAt: SLOT,
  subtotal: 12_345,
  total: 12_962,
};

/** An accepted order with any price and fee, and an instant from 5 days before to 1 day after its slot. */
const orderAndInstant = fc
  .record({
    subtotal: fc.integer({ min: 1, max: 5_000_000 }),
    fee: fc.integer({ min: 0, max: 250_000 }),
    offset: fc.integer({ min: -5 * DAY, max: DAY }),
  })
  .map(({ subtotal, fee, offset }) => ({
    order: { ...accepted, subtotal, total: subtotal + fee },
    now: at(offset),
  }));

describe('refund bands at their boundaries (published policy, contract cancellation.ts)', () => {
  // One row per boundary: the instant relative to the slot, the band, what comes back.
  const cases: [string, number, string, boolean, number][] = [
    ['3 days before', -3 * DAY, 'early', true, 12_962],
    ['exactly 24 h before', -DAY, 'early', true, 12_962],
    ['24 h before + 1 ms', -DAY + 1, 'late', true, 6_173], // 50 % of $123.45 = 61.725 → $61.73
    ['1 ms before the start', -1, 'late', true, 6_173],
    ['at the start', 0, 'started', false, 0],
    ['an hour after the start', HOUR, 'started', false, 0],
  ];
  for (const [when, offset, band, allowed, refund] of cases) {
    it(`customer, accepted, ${when}: ${band}, ${allowed ? `refund ${refund}` : 'refused'}`, () => {
      const d = cancellationDecision(accepted, 'customer', at(offset));
      expect(d).toMatchObject({ band: { id: band }, allowed, refund });
    });
  }

  it('before the pro accepts: the whole total, as a released hold, whenever it is', () => {
    for (const offset of [-10 * DAY, -1, 0, HOUR]) {
      expect(
        cancellationDecision({ ...accepted, status: 'paid' }, 'customer', at(offset)),
      ).toMatchObject({
        band: { id: 'before_accept' },
        allowed: true,
        refund: 12_962,
        money: 'release',
      });
    }
  });

  it('the vendor refunds in full until the start, then may not cancel; support always may', () => {
    expect(cancellationDecision(accepted, 'vendor', at(-1))).toMatchObject({
      band: { id: 'by_vendor' },
      allowed: true,
      refund: 12_962,
      money: 'refund',
    });
    expect(cancellationDecision(accepted, 'vendor', at(0))).toMatchObject({ allowed: false });
    expect(cancellationDecision(accepted, 'admin', at(HOUR))).toMatchObject({
      band: { id: 'by_support' },
      refund: 12_962,
    });
  });

  it('nothing to cancel once in progress, completed, cancelled, declined or refunded', () => {
    for (const status of [
      'in_progress',
      'completed',
      'cancelled',
      'declined',
      'refunded',
    ] as const) {
      for (const actor of ['customer', 'vendor', 'admin'] as CancelActor[]) {
        expect(cancellationDecision({ ...accepted, status }, actor, at(-3 * DAY))).toBeNull();
      }
    }
  });
});

describe('refund bands (property, fast-check over times)', () => {
  it('a refund is never negative, never above what was paid, and the late band keeps the booking fee', () => {
    fc.assert(
      fc.property(orderAndInstant, ({ order, now }) => {
        const d = cancellationDecision(order, 'customer', now)!;
        expect(d.refund).toBeGreaterThanOrEqual(0);
        expect(d.refund).toBeLessThanOrEqual(order.total);
        if (d.band.id === 'late') expect(d.refund).toBeLessThanOrEqual(order.subtotal);
        if (!d.allowed) expect(d.refund).toBe(0);
      }),
      { numRuns: 2_000 },
    );
  });

  it('the band is early up to 24 h before the slot, late until it starts, started after', () => {
    fc.assert(
      fc.property(orderAndInstant, ({ order, now }) => {
        const notice = order.startsAt.getTime() - now.getTime();
        const band = cancellationDecision(order, 'customer', now)!.band.id;
        if (notice >= CANCELLATION_POLICY.fullRefundNoticeMs) expect(band).toBe('early');
        else if (notice > 0) expect(band).toBe('late');
        else expect(band).toBe('started');
      }),
      { numRuns: 2_000 },
    );
  });

  it('waiting never gets a customer more back: the refund only drops as the start nears', () => {
    fc.assert(
      fc.property(
        orderAndInstant,
        fc.integer({ min: 1, max: 3 * DAY }),
        ({ order, now }, later) => {
          const first = cancellationDecision(order, 'customer', now)!;
          const second = cancellationDecision(order, 'customer', new Date(now.getTime() + later))!;
          expect(second.refund).toBeLessThanOrEqual(first.refund);
          // A band's deadline is when the next, worse one begins.
          if (first.deadline && now.getTime() + later > first.deadline.getTime()) {
            expect(second.band.id).not.toBe(first.band.id);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('the pro cancelling before the start always gives back the whole total', () => {
    fc.assert(
      fc.property(orderAndInstant, ({ order, now }) => {
        const d = cancellationDecision(order, 'vendor', now)!;
        if (now.getTime() < order.startsAt.getTime()) expect(d.refund).toBe(order.total);
        else expect(d.allowed).toBe(false);
      }),
      { numRuns: 1_000 },
    );
  });

  it('the published text states the policy numbers (the /refund page renders these bands)', () => {
    const hours = CANCELLATION_POLICY.fullRefundNoticeMs / HOUR;
    const percent = CANCELLATION_POLICY.lateRefundBps / 100;
    expect(CANCELLATION_BAND.early.title).toContain(`${hours} hours`);
    expect(CANCELLATION_BAND.late.summary).toContain(`${percent} %`);
    expect(CANCELLATION_BANDS.filter((b) => b.published).map((b) => b.id)).toEqual([
      'before_accept',
      'early',
      'late',
      'started',
      'by_vendor',
    ]);
  });
});

describe('reschedule cut-off and the pro declining a new time', () => {
  it('the customer may move a paid or accepted booking until exactly 24 h before it starts', () => {
    const facts = { ...accepted, previousStartsAt: null };
    expect(decideReschedule({ role: 'customer', order: facts, now: at(-DAY) })).toEqual({
      ok: true,
    });
    expect(decideReschedule({ role: 'customer', order: facts, now: at(-DAY + 1) })).toEqual({
      ok: false,
      reason: 'too_late',
      deadline: at(-DAY),
    });
    expect(decideReschedule({ role: 'vendor', order: facts, now: at(-3 * DAY) })).toMatchObject({
      reason: 'wrong_actor',
    });
    expect(
      decideReschedule({
        role: 'customer',
        order: { ...facts, status: 'completed' },
        now: at(-3 * DAY),
      }),
    ).toMatchObject({ reason: 'invalid_state' });
    fc.assert(
      fc.property(fc.integer({ min: -5 * DAY, max: DAY }), (offset) => {
        const window = rescheduleWindow(accepted, at(offset));
        expect(window.allowed).toBe(offset <= -CANCELLATION_POLICY.rescheduleNoticeMs);
      }),
    );
  });

  it('declining goes back to the previous slot only when it is free and still an hour ahead', () => {
    const previousStartsAt = at(0);
    expect(declineOutcome({ previousStartsAt, previousFree: true, now: at(-HOUR) })).toBe(
      'restore',
    );
    expect(declineOutcome({ previousStartsAt, previousFree: true, now: at(-HOUR + 1) })).toBe(
      'cancel',
    );
    expect(declineOutcome({ previousStartsAt, previousFree: false, now: at(-DAY) })).toBe('cancel');
  });
});

describe('tips: bounds and presets (property)', () => {
  it('presets are within bounds, whole currency units, ascending and distinct', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (subtotal) => {
        const presets = tipPresets(subtotal);
        expect([...presets].sort((a, b) => a - b)).toEqual(presets);
        expect(new Set(presets).size).toBe(presets.length);
        for (const p of presets) {
          expect(p).toBeGreaterThanOrEqual(TIP_LIMITS.minMinor);
          expect(p).toBeLessThanOrEqual(maxTip(subtotal));
          expect(p % 100).toBe(0);
        }
      }),
    );
  });
});
