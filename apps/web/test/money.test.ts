import { formatMoney } from '@vetted/ui';
import { describe, expect, it } from 'vitest';
import { minorDigits, toMajorText, toMinorUnits } from '../src/lib/money';
import { tipFormSchema } from '../src/features/orders/tip-view';

// Money strings use the currency's own minor digits (ISO 4217): JPY has none, KWD three.
// Intl separates a currency code from the number with a no-break space (U+00A0).
describe('money in minor units of the currency', () => {
  it('knows the minor digits of USD, JPY and KWD', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('formats JPY and KWD amounts with their own digits', () => {
    expect(formatMoney(1234, 'JPY', 'en-US')).toBe('¥1,234');
    expect(formatMoney(100, 'JPY', 'en-US')).toBe('¥100');
    expect(formatMoney(1234, 'KWD', 'en-US')).toBe('KWD\u00a01.234');
    expect(formatMoney(5000, 'KWD', 'en-US')).toBe('KWD\u00a05.000');
    expect(formatMoney(1250, 'USD', 'en-US')).toBe('$12.50');
  });

  it('turns typed amounts into minor units and back', () => {
    expect(toMinorUnits('500', 'JPY')).toBe(500);
    expect(toMinorUnits('500.5', 'JPY')).toBeNull();
    expect(toMinorUnits('1.25', 'KWD')).toBe(1250);
    expect(toMinorUnits('1.2505', 'KWD')).toBeNull();
    expect(toMajorText(500, 'JPY')).toBe('500');
    expect(toMajorText(1250, 'KWD')).toBe('1.250');
    expect(toMajorText(750, 'USD')).toBe('7.50');
  });
});

describe('tipFormSchema', () => {
  it('reads a JPY tip in whole yen', () => {
    const schema = tipFormSchema({ amount: 10_000, currency: 'JPY' });
    expect(schema.parse({ amount: '500' })).toEqual({ amount: 500 });
    expect(schema.safeParse({ amount: '500.50' }).success).toBe(false);
  });

  it('reads a KWD tip with three decimals', () => {
    const schema = tipFormSchema({ amount: 20_000, currency: 'KWD' });
    expect(schema.parse({ amount: '1.250' })).toEqual({ amount: 1250 });
    expect(schema.parse({ amount: '2' })).toEqual({ amount: 2000 });
    expect(schema.safeParse({ amount: '1.2505' }).success).toBe(false);
  });

  it('still reads a USD tip in cents', () => {
    const schema = tipFormSchema({ amount: 8_000, currency: 'USD' });
    expect(schema.parse({ amount: '7.50' })).toEqual({ amount: 750 });
    expect(schema.safeParse({ amount: 'abc' }).error?.issues[0]?.message).toBe(
      'Enter an amount like 5 or 7.50',
    );
  });
});
