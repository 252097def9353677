import { describe, expect, it } from 'vitest';
import {
  authorizeKey,
  captureKey,
  cardExpired,
  luhnValid,
  notPayableReason,
  reconcileAction,
  refundKey,
  voidKey,
} from '../src/domains/payments/policy';

describe('payment policy', () => {
  it('derives stable provider keys from the payment and the operation', () => {
    expect(authorizeKey('p1', 1)).toBe('payment:p1:authorize:1');
    expect(authorizeKey('p1', 2)).toBe('payment:p1:authorize:2');
    expect(captureKey('p1')).toBe('payment:p1:capture');
    expect(voidKey('p1', 'sbx_ch_1')).toBe('payment:p1:void:sbx_ch_1');
    expect(refundKey('p1', 3)).toBe('payment:p1:refund:3');
  });

  it.each([
    ['4242424242424242', true],
    ['4000000000000002', true],
    ['5555555555554444', true],
    ['4242424242424241', false],
    ['42424242', false],
    ['4242-4242-4242-4242', false],
  ])('Luhn %s → %s', (digits, valid) => {
    expect(luhnValid(digits)).toBe(valid);
  });

  it.each([
    // [expMonth, expYear, now, expired]
    [6, 2030, '2030-06-30T23:59:59Z', false],
    [6, 2030, '2030-07-01T00:00:00Z', true],
    [12, 2029, '2030-01-15T00:00:00Z', true],
    [1, 2031, '2030-12-31T00:00:00Z', false],
  ])('card %i/%i at %s expired: %s', (expMonth, expYear, now, expired) => {
    expect(cardExpired({ expMonth, expYear }, new Date(now))).toBe(expired);
  });

  it.each([
    ['pending_payment', null],
    ['paid', 'already_paid'],
    ['accepted', 'already_paid'],
    ['in_progress', 'already_paid'],
    ['completed', 'already_paid'],
    ['cancelled', 'order_not_payable'],
    ['declined', 'order_not_payable'],
    ['refunded', 'order_not_payable'],
  ] as const)('order %s: %s', (status, reason) => {
    expect(notPayableReason(status)).toBe(reason);
  });

  describe('reconcileAction', () => {
    const ref = 'sbx_ch_1';
    it.each([
      // charge state, payment (status, ref), order payable → action
      ['voided', { status: 'voided', providerRef: ref }, false, 'none'],
      ['refunded', null, false, 'none'],
      ['authorized', { status: 'authorized', providerRef: ref }, false, 'none'],
      ['captured', { status: 'captured', providerRef: ref }, false, 'none'],
      ['authorized', { status: 'voided', providerRef: ref }, false, 'none'],
      // A crash between the provider call and the commit: nothing recorded.
      ['authorized', { status: 'requires_payment', providerRef: null }, true, 'adopt'],
      ['authorized', { status: 'failed', providerRef: null }, true, 'adopt'],
      ['authorized', { status: 'requires_payment', providerRef: null }, false, 'void'],
      // Stripe: the payment holds the intent ref from the start.
      ['authorized', { status: 'requires_payment', providerRef: ref }, true, 'adopt'],
      // A second authorisation of a paid payment, or one nobody knows.
      ['authorized', { status: 'authorized', providerRef: 'sbx_ch_2' }, false, 'void'],
      ['authorized', null, false, 'void'],
      ['captured', { status: 'captured', providerRef: 'sbx_ch_2' }, false, 'refund'],
      ['partially_refunded', null, false, 'refund'],
    ] as const)(
      '%s charge, payment %o, payable %s → %s',
      (chargeState, payment, orderPayable, action) => {
        expect(reconcileAction({ chargeRef: ref, chargeState, payment, orderPayable })).toBe(
          action,
        );
      },
    );
  });
});
