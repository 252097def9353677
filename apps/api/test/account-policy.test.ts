import { describe, expect, it } from 'vitest';
import { kindUsesChannel, preferenceKindOf } from '../src/domains/notifications/preferences';
import { deletedEmail, exportFileName, LIVE_ORDER_STATUSES } from '../src/domains/users/policy';

describe('preferenceKindOf (notification preferences)', () => {
  it.each([
    ['order.paid', 'bookings'],
    ['order.accepted', 'bookings'],
    ['order.reschedule_declined', 'bookings'],
    ['payment.refunded', 'bookings'],
    ['payment.tip', 'bookings'],
    ['waitlist.offered', 'bookings'],
    ['message.received', 'messages'],
    ['review.created', 'reviews'],
    ['review.replied', 'reviews'],
    ['reminder.upcoming', 'reminders'],
    ['reminder.summary', 'reminders'],
    ['account.security', null],
    ['orders', null],
  ])('%s → %s', (type, kind) => {
    expect(preferenceKindOf(type)).toBe(kind);
  });

  it('knows which channels each kind is sent on', () => {
    expect(kindUsesChannel('bookings', 'email')).toBe(true);
    expect(kindUsesChannel('messages', 'in_app')).toBe(true);
    expect(kindUsesChannel('reviews', 'email')).toBe(false);
  });
});

describe('account deletion and export rules', () => {
  it('gives each deleted account its own address under the reserved .invalid TLD', () => {
    const a = deletedEmail('0193a3c4-0000-7000-8000-000000000001');
    const b = deletedEmail('0193a3c4-0000-7000-8000-000000000002');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[^@\s]+@[a-z.]+\.invalid$/);
  });

  it('counts paid, accepted and started orders as live, not finished or unpaid ones', () => {
    expect([...LIVE_ORDER_STATUSES].sort()).toEqual(['accepted', 'in_progress', 'paid']);
  });

  it('names the export by its UTC date', () => {
    expect(exportFileName(new Date('2026-11-22T23:59:59.000Z'))).toBe(
      'vetted-data-2026-11-22.json',
    );
  });
});
