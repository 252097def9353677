import { describe, expect, it } from 'vitest';
import { formatMoney, minorDigits } from '../src/shared/money';

// Intl puts a no-break space (U+00A0) between a currency code and the amount.
const NBSP = '\u00a0';

describe('shared money: each currency with its own minor digits', () => {
  it('knows the minor digits of USD, JPY and KWD', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });

  it('falls back to 2 digits for a code Intl refuses', () => {
    expect(minorDigits('not-a-currency')).toBe(2);
  });

  it('formats JPY with no minor unit: 500 minor units are ¥500', () => {
    expect(formatMoney(500, 'JPY')).toBe('¥500');
    expect(formatMoney(123_456, 'JPY')).toBe('¥123,456');
  });

  it('formats KWD with three minor digits: 1250 fils are KWD 1.250', () => {
    expect(formatMoney(1250, 'KWD')).toBe(`KWD${NBSP}1.250`);
    expect(formatMoney(1_234_567, 'KWD')).toBe(`KWD${NBSP}1,234.567`);
  });

  it('formats USD with two: 12345 cents are $123.45', () => {
    expect(formatMoney(12_345, 'USD')).toBe('$123.45');
  });
});
