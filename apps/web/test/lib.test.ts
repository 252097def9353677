import { describe, expect, it } from 'vitest';
import { computeStats } from '../src/pages/vendor/dashboard-view';
import { formatCardNumber, formatExpiry } from '../src/pages/user/checkout-view';
import { orders } from '../src/fixtures';
import { safeRedirect } from '../src/lib/form';
import { addDays, distanceKm, formatDistance, formatDuration } from '../src/lib/format';

describe('safeRedirect', () => {
  it('keeps an in-app absolute path', () => {
    expect(safeRedirect('/user/history?x=1')).toBe('/user/history?x=1');
  });
  it('drops protocol-relative and backslash tricks', () => {
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('card formatting', () => {
  it('groups card digits in fours and drops non-digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42x42')).toBe('4242 4242');
  });
  it('formats the expiry as MM/YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('123099')).toBe('12/30');
  });
});

describe('format helpers', () => {
  it('adds days to a calendar date across a month end', () => {
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2026-12-05', -7)).toBe('2026-11-28');
  });
  it('formats durations and distances', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDistance(0.4)).toBe('400 m away');
    expect(formatDistance(null)).toBeUndefined();
  });
  it('computes great-circle distances', () => {
    // Dublin → London is about 464 km.
    expect(distanceKm({ lat: 53.35, lng: -6.26 }, { lat: 51.51, lng: -0.13 })).toBeCloseTo(464, -1);
  });
});

describe('vendor dashboard figures', () => {
  it('sums only completed orders and passes counts through', () => {
    const stats = computeStats(orders, 3, 2);
    expect(stats.newOrders).toBe(3);
    expect(stats.upcoming).toBe(2);
    const completed = orders.filter((o) => o.status === 'completed');
    expect(stats.earned).toEqual({
      amount: completed.reduce((s, o) => s + o.subtotal.amount, 0),
      currency: 'USD',
    });
  });
  it('has no earnings without orders', () => {
    expect(computeStats([], 0, 0).earned).toBeNull();
  });
});
