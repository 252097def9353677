import { describe, expect, it } from 'vitest';
import {
  breakdownOf,
  mayReview,
  publicAuthorName,
  REVIEW_WINDOW_MS,
} from '../src/domains/reviews/policy';

const completedAt = new Date('2026-03-01T15:00:00.000Z');
const at = (ms: number) => new Date(completedAt.getTime() + ms);
const DAY = 86_400_000;

describe('mayReview (one review per completed order, within 30 days)', () => {
  it.each([
    ['paid', null, false, at(DAY), { ok: false, reason: 'not_completed' }],
    ['in_progress', null, false, at(DAY), { ok: false, reason: 'not_completed' }],
    ['refunded', completedAt, false, at(DAY), { ok: false, reason: 'not_completed' }],
    ['completed', completedAt, false, at(0), { ok: true, deadline: at(30 * DAY) }],
    ['completed', completedAt, false, at(30 * DAY), { ok: true, deadline: at(30 * DAY) }],
    ['completed', completedAt, false, at(30 * DAY + 1), { ok: false, reason: 'window_closed' }],
    ['completed', completedAt, true, at(DAY), { ok: false, reason: 'already_reviewed' }],
    ['completed', completedAt, true, at(60 * DAY), { ok: false, reason: 'already_reviewed' }],
  ] as const)(
    '%s, completed %s, reviewed %s, at %s → %o',
    (status, done, reviewed, now, verdict) => {
      expect(mayReview({ status, completedAt: done, reviewed }, now)).toEqual(verdict);
    },
  );

  it('the window is 30 days of 24 hours, whatever the time zone does in between', () => {
    expect(REVIEW_WINDOW_MS).toBe(30 * 24 * 3_600_000);
  });
});

describe('publicAuthorName (first name + last initial)', () => {
  it.each([
    ['Casey Customer', 'Casey C.'],
    ['  Ana   María  López ', 'Ana L.'],
    ['bo lee', 'bo L.'],
    ['Cher', 'Cher'],
    ['Zoë 𝒜ckerman', 'Zoë 𝒜.'],
    ['   ', 'Customer'],
  ])('%j → %j', (full, shown) => {
    expect(publicAuthorName(full)).toBe(shown);
  });
});

describe('breakdownOf', () => {
  it('counts and averages the histogram, unrounded; zero without reviews', () => {
    expect(breakdownOf({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 })).toEqual({
      average: 0,
      count: 0,
      histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
    });
    expect(breakdownOf({ 1: 1, 2: 0, 3: 1, 4: 0, 5: 1 })).toMatchObject({ average: 3, count: 3 });
    expect(breakdownOf({ 1: 0, 2: 0, 3: 0, 4: 2, 5: 1 }).average).toBe(13 / 3);
  });
});
