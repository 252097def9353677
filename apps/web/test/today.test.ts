import { describe, expect, it } from 'vitest';
import { todayIn } from '../src/lib/format';

// "Today" is the calendar day of a place, not of UTC: the same instant falls on different days
// on either side of midnight in New York and Tokyo.
describe('todayIn', () => {
  it('gives the day of each zone just before and after midnight in New York', () => {
    const before = Date.parse('2026-01-02T04:59:00Z'); // 23:59 Jan 1 in New York (EST)
    const after = Date.parse('2026-01-02T05:01:00Z'); // 00:01 Jan 2 in New York
    expect(todayIn('America/New_York', before)).toBe('2026-01-01');
    expect(todayIn('America/New_York', after)).toBe('2026-01-02');
    expect(todayIn('Asia/Tokyo', before)).toBe('2026-01-02');
    expect(todayIn('Asia/Tokyo', after)).toBe('2026-01-02');
  });

  it('gives the day of each zone just before and after midnight in Tokyo', () => {
    const before = new Date('2026-03-14T14:59:00Z'); // 23:59 Mar 14 in Tokyo (JST)
    const after = new Date('2026-03-14T15:01:00Z'); // 00:01 Mar 15 in Tokyo
    expect(todayIn('Asia/Tokyo', before)).toBe('2026-03-14');
    expect(todayIn('Asia/Tokyo', after)).toBe('2026-03-15');
    // New York (EDT since Mar 8) is still on Mar 14 at both instants; UTC as well.
    expect(todayIn('America/New_York', before)).toBe('2026-03-14');
    expect(todayIn('America/New_York', after)).toBe('2026-03-14');
    expect(todayIn('UTC', after)).toBe('2026-03-14');
  });

  it('pads month and day to two digits', () => {
    expect(todayIn('Pacific/Kiritimati', Date.parse('2026-12-31T10:00:00Z'))).toBe('2027-01-01');
    expect(todayIn('Pacific/Pago_Pago', Date.parse('2026-02-01T05:00:00Z'))).toBe('2026-01-31');
  });

  it('rejects a zone Intl does not know', () => {
    expect(() => todayIn('Mars/Olympus_Mons', 0)).toThrow(RangeError);
  });
});
