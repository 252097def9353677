import { describe, expect, it } from 'vitest';
import {
  changesListing,
  normaliseReference,
  refundAmount,
  refundableAmount,
  suspendRefusal,
  utcDay,
  type VettingDecision,
  type VettingStatus,
  vettingTransition,
} from '../src/domains/admin/policy';

describe('vettingTransition', () => {
  const statuses: VettingStatus[] = ['draft', 'pending', 'approved', 'rejected', 'suspended'];
  const allowed: Record<VettingDecision, [VettingStatus, VettingStatus]> = {
    approve: ['pending', 'approved'],
    reject: ['pending', 'rejected'],
    suspend: ['approved', 'suspended'],
    reinstate: ['suspended', 'approved'],
  };
  for (const [decision, [from, to]] of Object.entries(allowed) as [
    VettingDecision,
    [VettingStatus, VettingStatus],
  ][]) {
    it(`${decision}: only ${from} → ${to}`, () => {
      for (const status of statuses) {
        expect(vettingTransition(status, decision), status).toBe(status === from ? to : null);
      }
    });
  }
});

describe('changesListing', () => {
  it.each([
    ['pending', 'approved', true],
    ['approved', 'suspended', true],
    ['suspended', 'approved', true],
    ['pending', 'rejected', false],
  ] as const)('%s → %s: %s', (from, to, expected) => {
    expect(changesListing(from, to)).toBe(expected);
  });
});

describe('suspendRefusal', () => {
  const user = {
    id: 'u1',
    role: 'customer' as const,
    status: 'active' as const,
    deletedAt: null as Date | null,
  };
  it.each([
    ['an active customer', user, null],
    ['an active pro', { ...user, role: 'vendor' as const }, null],
    ['oneself', { ...user, id: 'admin-1', role: 'admin' as const }, 'self'],
    ['another admin', { ...user, role: 'admin' as const }, 'admin'],
    ['a deleted account', { ...user, deletedAt: new Date() }, 'deleted'],
    ['a suspended account', { ...user, status: 'suspended' as const }, 'already_suspended'],
  ])('%s → %s', (_name, target, expected) => {
    expect(suspendRefusal('admin-1', target)).toBe(expected);
  });
});

describe('refunds', () => {
  it('counts queued refunds as gone and never goes below zero', () => {
    expect(refundableAmount({ amount: 10_500, amountRefunded: 0, pendingRefunds: 0 })).toBe(10_500);
    expect(refundableAmount({ amount: 10_500, amountRefunded: 4_000, pendingRefunds: 1_000 })).toBe(
      5_500,
    );
    expect(refundableAmount({ amount: 10_500, amountRefunded: 10_500, pendingRefunds: 500 })).toBe(
      0,
    );
  });

  it.each([
    [5_500, undefined, 5_500],
    [5_500, 5_500, 5_500],
    [5_500, 1, 1],
    [5_500, 5_501, 'too_much'],
    [0, undefined, 'nothing_left'],
    [0, 1, 'nothing_left'],
  ] as const)('left %d, asked %s → %s', (left, requested, expected) => {
    expect(refundAmount(left, requested)).toBe(expected);
  });
});

describe('utcDay', () => {
  it('is the UTC calendar day, whatever the hour', () => {
    expect(utcDay(new Date('2030-03-10T23:59:59.999Z'))).toEqual({
      start: new Date('2030-03-10T00:00:00.000Z'),
      end: new Date('2030-03-11T00:00:00.000Z'),
    });
    expect(utcDay(new Date('2030-12-31T00:00:00.000Z')).end).toEqual(
      new Date('2031-01-01T00:00:00.000Z'),
    );
  });
});

describe('normaliseReference', () => {
  it('trims and upper-cases what was typed', () => {
    expect(normaliseReference('  vt-7k2m ')).toBe('VT-7K2M');
  });
});
