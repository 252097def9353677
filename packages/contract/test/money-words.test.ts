import { describe, expect, it } from 'vitest';
import { formatMoneyWords, isOnlyAuthorised, paymentWords, totalLabel } from '../src/money-words';

const base = { amount: 16800, currency: 'USD', vendorName: 'Demo Plumbing Co.' };

describe('paymentWords', () => {
  it('says the card is only authorised until the pro accepts', () => {
    expect(paymentWords({ ...base, status: 'authorized' })).toBe(
      'Card authorised — charged when Demo Plumbing Co. accepts',
    );
    expect(paymentWords({ ...base, status: 'authorized', viewer: 'vendor' })).toBe(
      'Card authorised — charged when you accept',
    );
    expect(isOnlyAuthorised('authorized')).toBe(true);
    expect(totalLabel('authorized')).toBe('Total authorised');
  });

  it('says Paid once captured and Total paid beside it', () => {
    expect(paymentWords({ ...base, status: 'captured', amountRefunded: 0 })).toBe('Paid');
    expect(paymentWords({ ...base, status: 'succeeded' })).toBe('Paid');
    expect(totalLabel('captured')).toBe('Total paid');
  });

  it('says Refund pending while the provider has not confirmed', () => {
    expect(paymentWords({ ...base, status: 'refund_pending' })).toBe('Refund pending');
  });

  it('names the refunded amount of a partial refund, never plain Refunded', () => {
    expect(paymentWords({ ...base, status: 'refunded', amountRefunded: 8000 })).toBe(
      'Partly refunded $80.00 of $168.00',
    );
    expect(paymentWords({ ...base, status: 'captured', amountRefunded: 8000 })).toBe(
      'Partly refunded $80.00 of $168.00',
    );
  });

  it('says Refunded only when refunded in full', () => {
    expect(paymentWords({ ...base, status: 'refunded', amountRefunded: 16800 })).toBe('Refunded');
  });

  it("reads minor units with the currency's own digits (JPY has none, KWD three)", () => {
    expect(formatMoneyWords(500, 'JPY')).toBe('¥500');
    expect(formatMoneyWords(1500, 'KWD')).toMatch(/^KWD\s1\.500$/);
    expect(formatMoneyWords(16800, 'USD')).toBe('$168.00');
  });
});
