import { describe, expect, it } from 'vitest';
import { isSlotAvailable, isSlotWindowStart, overlaps } from '../src/domains/scheduling';

const at = (iso: string) => new Date(iso);
const interval = (from: string, to: string) => ({ startsAt: at(from), endsAt: at(to) });

describe('isSlotWindowStart', () => {
  const now = at('2026-03-10T15:00:00Z');
  it.each([
    ['2026-03-10', true, 'today'],
    ['2026-03-04', true, '6 days 15 h back'],
    ['2026-03-03', false, '7 days 15 h back'],
  ])('%s → %s (%s)', (from, expected) => {
    expect(isSlotWindowStart(from, now)).toBe(expected);
  });

  it('allows up to 366 days ahead and refuses beyond', () => {
    expect(isSlotWindowStart('2027-03-11', now)).toBe(true);
    expect(isSlotWindowStart('2027-03-12', now)).toBe(false);
  });
});

describe('isSlotAvailable', () => {
  const now = at('2026-03-10T08:00:00Z');
  const slot = interval('2026-03-10T10:00:00Z', '2026-03-10T11:00:00Z');

  it('needs the 1-hour lead time', () => {
    expect(isSlotAvailable(slot, [], at('2026-03-10T09:00:00Z'))).toBe(true);
    expect(isSlotAvailable(slot, [], at('2026-03-10T09:00:00.001Z'))).toBe(false);
  });

  it('is taken by an overlapping order, not by one that only touches it', () => {
    expect(
      isSlotAvailable(slot, [interval('2026-03-10T10:30:00Z', '2026-03-10T11:30:00Z')], now),
    ).toBe(false);
    expect(
      isSlotAvailable(slot, [interval('2026-03-10T11:00:00Z', '2026-03-10T12:00:00Z')], now),
    ).toBe(true);
    expect(
      isSlotAvailable(slot, [interval('2026-03-10T09:00:00Z', '2026-03-10T10:00:00Z')], now),
    ).toBe(true);
  });

  it('treats intervals as half-open', () => {
    expect(overlaps(slot, interval('2026-03-10T10:59:59Z', '2026-03-10T12:00:00Z'))).toBe(true);
    expect(overlaps(slot, slot)).toBe(true);
  });
});
