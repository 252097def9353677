import { describe, expect, it } from 'vitest';
import { formatWhen, localDate, todayIn } from '../src/shared/time';

describe('shared time: "today" is the date in the vendor\'s zone', () => {
  // 04:30 UTC on 1 Dec: already 1 Dec in London, still 30 Nov in New York (UTC-5).
  const early = new Date('2026-12-01T04:30:00.000Z');
  // 23:30 UTC on 30 Nov: 30 Nov in London, already 1 Dec in Tokyo (UTC+9).
  const late = new Date('2026-11-30T23:30:00.000Z');

  it('the same instant is a different day on each side of midnight', () => {
    expect(todayIn('Europe/London', early)).toBe('2026-12-01');
    expect(todayIn('America/New_York', early)).toBe('2026-11-30');
    expect(todayIn('Europe/London', late)).toBe('2026-11-30');
    expect(todayIn('Asia/Tokyo', late)).toBe('2026-12-01');
  });

  it('the day turns at local midnight, not at UTC midnight', () => {
    // New York's midnight of 1 Dec is 05:00 UTC (EST).
    expect(localDate(new Date('2026-12-01T04:59:59.999Z'), 'America/New_York')).toBe('2026-11-30');
    expect(localDate(new Date('2026-12-01T05:00:00.000Z'), 'America/New_York')).toBe('2026-12-01');
    // Tokyo's midnight of 1 Dec is 15:00 UTC on 30 Nov.
    expect(localDate(new Date('2026-11-30T14:59:59.999Z'), 'Asia/Tokyo')).toBe('2026-11-30');
    expect(localDate(new Date('2026-11-30T15:00:00.000Z'), 'Asia/Tokyo')).toBe('2026-12-01');
  });

  it('follows daylight saving time (New York is UTC-4 in summer)', () => {
    expect(localDate(new Date('2026-07-01T03:59:00.000Z'), 'America/New_York')).toBe('2026-06-30');
    expect(localDate(new Date('2026-07-01T04:00:00.000Z'), 'America/New_York')).toBe('2026-07-01');
  });

  it('formats a time in the zone where the job happens', () => {
    expect(formatWhen(early, 'America/New_York')).toBe('Mon, Nov 30, 11:30 PM');
    expect(formatWhen(early, 'Europe/London')).toBe('Tue, Dec 1, 4:30 AM');
  });
});
