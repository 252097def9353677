import type { PlanVisit } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import { endOfDayIn } from '../src/features/plans/how-often-field';
import { isSkippable, planVisitWords } from '../src/features/plans/plan-words';

// A plan's last day ends at midnight in the pro's zone, whatever the offset that day.
describe('endOfDayIn', () => {
  it('ends the day at 23:59:59 local time in winter and in summer in New York', () => {
    expect(endOfDayIn('2026-01-15', 'America/New_York')).toBe('2026-01-16T04:59:59.000Z');
    expect(endOfDayIn('2026-07-15', 'America/New_York')).toBe('2026-07-16T03:59:59.000Z');
  });

  it('uses the offset after the change on a day the clocks go forward', () => {
    // 8 March 2026: New York moves from EST (-05:00) to EDT (-04:00) at 02:00.
    expect(endOfDayIn('2026-03-08', 'America/New_York')).toBe('2026-03-09T03:59:59.000Z');
  });

  it('handles UTC and zones east of it', () => {
    expect(endOfDayIn('2026-05-01', 'UTC')).toBe('2026-05-01T23:59:59.000Z');
    expect(endOfDayIn('2026-05-01', 'Asia/Tokyo')).toBe('2026-05-01T14:59:59.000Z');
  });
});

describe('planVisitWords', () => {
  it('says which visit of which plan an order is', () => {
    expect(planVisitWords(3, 'weekly')).toBe('Visit 3 of a weekly plan');
    expect(planVisitWords(1, 'biweekly')).toBe('Visit 1 of an every-2-weeks plan');
    expect(planVisitWords(2, 'every4weeks')).toBe('Visit 2 of an every-4-weeks plan');
  });
});

describe('isSkippable', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');
  const visit = (startsAt: string, status: PlanVisit['status']): PlanVisit => ({
    visit: 1,
    startsAt,
    orderId: null,
    status,
  });

  it('offers upcoming scheduled and booked visits only', () => {
    expect(isSkippable(visit('2026-11-26T15:00:00Z', 'scheduled'), now)).toBe(true);
    expect(isSkippable(visit('2026-11-26T15:00:00Z', 'accepted'), now)).toBe(true);
    expect(isSkippable(visit('2026-11-26T15:00:00Z', 'skipped'), now)).toBe(false);
    expect(isSkippable(visit('2026-11-26T15:00:00Z', 'cancelled'), now)).toBe(false);
    expect(isSkippable(visit('2026-11-19T15:00:00Z', 'accepted'), now)).toBe(false);
  });
});
