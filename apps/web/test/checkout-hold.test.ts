import { describe, expect, it } from 'vitest';
import { formatCountdown, holdDeadline } from '../src/features/checkout/slot-hold';

describe('the checkout hold countdown', () => {
  it('reads m:ss, rounding whole seconds up and stopping at 0:00', () => {
    expect(formatCountdown(581_000)).toBe('9:41');
    expect(formatCountdown(580_001)).toBe('9:41');
    expect(formatCountdown(5_000)).toBe('0:05');
    expect(formatCountdown(900_000)).toBe('15:00');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3_000)).toBe('0:00');
  });

  it('ends the hold by the device clock, never later than the granted 15 minutes after arrival', () => {
    const order = {
      createdAt: '2026-11-24T15:00:00.000Z',
      holdExpiresAt: '2026-11-24T15:15:00.000Z',
    };
    // Device clock in step with the server: the server's expiry.
    expect(holdDeadline(order, Date.parse('2026-11-24T15:00:00.300Z'))).toBe(
      Date.parse('2026-11-24T15:15:00.000Z'),
    );
    // Device clock 2 minutes behind: the order arrives at "14:58", so the hold ends at "15:13".
    expect(holdDeadline(order, Date.parse('2026-11-24T14:58:00.000Z'))).toBe(
      Date.parse('2026-11-24T15:13:00.000Z'),
    );
    // Device clock 2 minutes ahead: the server's expiry, read early (less time shown, not more).
    expect(holdDeadline(order, Date.parse('2026-11-24T15:02:00.000Z'))).toBe(
      Date.parse('2026-11-24T15:15:00.000Z'),
    );
    expect(holdDeadline({ ...order, holdExpiresAt: null }, 0)).toBeNull();
  });
});
