import { describe, expect, it } from 'vitest';
import {
  decideOtpAttempt,
  decideRefresh,
  decideSignup,
  failureWindowStart,
  hourBucket,
  minutesUntil,
  unverifiedCutoff,
} from '../src/domains/auth/policy';

const at = (iso: string) => new Date(iso);
const NOW = at('2026-03-01T12:00:00.000Z');

describe('decideRefresh', () => {
  const live = { revokedAt: null, replacedBy: null, expiresAt: at('2026-03-31T12:00:00Z') };

  it('rotates a live token and refuses an expired one', () => {
    expect(decideRefresh(live, false, NOW)).toBe('rotate');
    expect(decideRefresh({ ...live, expiresAt: NOW }, false, NOW)).toBe('expired');
  });

  it('re-answers a token rotated up to 30 s ago, and treats a later replay as theft', () => {
    const rotated = (iso: string) => ({ ...live, revokedAt: at(iso), replacedBy: 'next' });
    expect(decideRefresh(rotated('2026-03-01T12:00:00.000Z'), false, NOW)).toBe('grace');
    expect(decideRefresh(rotated('2026-03-01T11:59:30.000Z'), false, NOW)).toBe('grace');
    expect(decideRefresh(rotated('2026-03-01T11:59:29.999Z'), false, NOW)).toBe('reuse');
  });

  it('refuses a logged-out token and every token of a revoked session, even in the window', () => {
    expect(decideRefresh({ ...live, revokedAt: NOW }, false, NOW)).toBe('revoked');
    expect(decideRefresh(live, true, NOW)).toBe('revoked');
    expect(decideRefresh({ ...live, revokedAt: NOW, replacedBy: 'next' }, true, NOW)).toBe(
      'revoked',
    );
  });
});

describe('decideSignup', () => {
  it('creates for a new address, restarts an unverified one, decoys a verified or suspended one', () => {
    expect(decideSignup(null)).toBe('create');
    expect(decideSignup({ emailVerifiedAt: null, status: 'active' })).toBe('restart');
    expect(decideSignup({ emailVerifiedAt: NOW, status: 'active' })).toBe('decoy');
    expect(decideSignup({ emailVerifiedAt: null, status: 'suspended' })).toBe('decoy');
  });
});

describe('decideOtpAttempt', () => {
  const open = {
    failuresInWindow: 0,
    oldestFailureAt: null,
    consumed: false,
    attempts: 0,
    expiresAt: at('2026-03-01T12:10:00Z'),
    now: NOW,
  };

  it('checks the code of an open challenge while the address has fewer than 10 wrong codes', () => {
    expect(decideOtpAttempt(open)).toEqual({ kind: 'check' });
    expect(
      decideOtpAttempt({ ...open, failuresInWindow: 9, oldestFailureAt: at('2026-03-01T11:30Z') }),
    ).toEqual({ kind: 'check' });
  });

  it('locks the address at 10 wrong codes until an hour after the oldest, before anything else', () => {
    expect(
      decideOtpAttempt({
        ...open,
        failuresInWindow: 10,
        oldestFailureAt: at('2026-03-01T11:30:00Z'),
        consumed: true,
      }),
    ).toEqual({ kind: 'account_locked', retryAt: at('2026-03-01T12:30:00Z') });
  });

  it('then refuses a used, a locked (5 wrong codes) and an expired challenge, in that order', () => {
    expect(decideOtpAttempt({ ...open, consumed: true, attempts: 5, expiresAt: NOW })).toEqual({
      kind: 'used',
    });
    expect(decideOtpAttempt({ ...open, attempts: 5, expiresAt: NOW })).toEqual({ kind: 'locked' });
    expect(decideOtpAttempt({ ...open, attempts: 4, expiresAt: NOW })).toEqual({
      kind: 'expired',
    });
  });
});

describe('time helpers', () => {
  it('computes the windows of the rules', () => {
    expect(failureWindowStart(NOW)).toEqual(at('2026-03-01T11:00:00Z'));
    expect(unverifiedCutoff(NOW)).toEqual(at('2026-02-28T12:00:00Z'));
    expect(minutesUntil(at('2026-03-01T12:30:00Z'), NOW)).toBe(30);
    expect(minutesUntil(at('2026-03-01T12:00:01Z'), NOW)).toBe(1);
    expect(minutesUntil(at('2026-03-01T11:00:00Z'), NOW)).toBe(1);
    expect(hourBucket(at('2026-03-01T12:59:59Z'))).toBe(hourBucket(NOW));
    expect(hourBucket(at('2026-03-01T13:00:00Z'))).toBe(hourBucket(NOW) + 1);
  });
});
