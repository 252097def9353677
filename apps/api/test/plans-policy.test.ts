import { describe, expect, it } from 'vitest';
import { decidePlanAction, visitAt, visitStarts } from '../src/domains/plans/policy';

/*
 * The pure rules of plans (domains/plans/policy.ts): visit times in the job's local calendar,
 * so the time of day survives DST changes, and the plan's state machine.
 */

const weeklyNy = {
  startsAt: new Date('2027-03-01T14:00:00Z'), // Mon 09:00 EST
  localTime: '09:00',
  timeZone: 'America/New_York',
  frequency: 'weekly' as const,
  until: null,
};

const iso = (v: { startsAt: Date }[]) => v.map((x) => x.startsAt.toISOString());

describe('visit times', () => {
  it('keeps 09:00 New York across the 2027-03-14 spring-forward (14:00 UTC, then 13:00)', () => {
    const visits = visitStarts(
      weeklyNy,
      Date.parse('2027-03-01T00:00:00Z'),
      Date.parse('2027-03-23T00:00:00Z'),
    );
    expect(visits.map((v) => v.visit)).toEqual([1, 2, 3, 4]);
    expect(iso(visits)).toEqual([
      '2027-03-01T14:00:00.000Z',
      '2027-03-08T14:00:00.000Z',
      '2027-03-15T13:00:00.000Z',
      '2027-03-22T13:00:00.000Z',
    ]);
  });

  it('keeps 09:00 across the 2027-11-07 fall-back, every two weeks', () => {
    const plan = {
      ...weeklyNy,
      startsAt: new Date('2027-10-25T13:00:00Z'), // Mon 09:00 EDT
      frequency: 'biweekly' as const,
    };
    const visits = visitStarts(
      plan,
      Date.parse('2027-10-26T00:00:00Z'),
      Date.parse('2027-11-23T00:00:00Z'),
    );
    expect(visits.map((v) => v.visit)).toEqual([2, 3]);
    expect(iso(visits)).toEqual(['2027-11-08T14:00:00.000Z', '2027-11-22T14:00:00.000Z']);
  });

  it('stops at `until` and numbers visits from the first even far ahead', () => {
    const plan = {
      ...weeklyNy,
      frequency: 'every4weeks' as const,
      until: new Date('2027-06-01T00:00:00Z'),
    };
    const visits = visitStarts(
      plan,
      Date.parse('2027-04-01T00:00:00Z'),
      Date.parse('2028-01-01T00:00:00Z'),
    );
    expect(visits.map((v) => [v.visit, v.startsAt.toISOString()])).toEqual([
      [3, '2027-04-26T13:00:00.000Z'],
      [4, '2027-05-24T13:00:00.000Z'],
    ]);
  });

  it('finds the visit at an instant, and none off the schedule', () => {
    expect(visitAt(weeklyNy, new Date('2027-03-15T13:00:00Z'))?.visit).toBe(3);
    expect(visitAt(weeklyNy, new Date('2027-03-15T14:00:00Z'))).toBeNull();
  });
});

describe('plan state machine', () => {
  it.each([
    ['accept', 'vendor', 'pending', { ok: true, to: 'active' }],
    ['accept', 'customer', 'pending', { ok: false, reason: 'wrong_actor', by: 'vendor' }],
    ['accept', 'vendor', 'active', { ok: false, reason: 'invalid_state' }],
    ['decline', 'vendor', 'pending', { ok: true, to: 'declined' }],
    ['pause', 'customer', 'active', { ok: true, to: 'paused' }],
    ['pause', 'customer', 'paused', { ok: false, reason: 'invalid_state' }],
    ['resume', 'customer', 'paused', { ok: true, to: 'active' }],
    ['skip', 'customer', 'paused', { ok: true, to: 'paused' }],
    ['skip', 'vendor', 'active', { ok: false, reason: 'wrong_actor', by: 'customer' }],
    ['cancel', 'vendor', 'active', { ok: true, to: 'cancelled' }],
    ['cancel', 'customer', 'cancelled', { ok: false, reason: 'invalid_state' }],
  ] as const)('%s by %s from %s', (action, role, status, verdict) => {
    expect(decidePlanAction(action, role, status)).toEqual(verdict);
  });
});
