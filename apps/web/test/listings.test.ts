import type { Availability } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import { minorDigits, toMajorText, toMinorUnits } from '../src/lib/money';
import {
  availabilityFormSchema,
  availabilityFormValues,
} from '../src/features/vendor-area/availability-schema';
import { serviceFormSchema } from '../src/features/vendor-area/service-form-schema';

describe('money typed in major units', () => {
  it('reads the minor digits of a currency from Intl', () => {
    expect(minorDigits('USD')).toBe(2);
    expect(minorDigits('JPY')).toBe(0);
    expect(minorDigits('KWD')).toBe(3);
  });
  it('turns a typed price into exact minor units', () => {
    expect(toMinorUnits('49.99', 'USD')).toBe(4999);
    expect(toMinorUnits('50', 'USD')).toBe(5000);
    expect(toMinorUnits('0.1', 'USD')).toBe(10);
    expect(toMinorUnits(' 19.90 ', 'EUR')).toBe(1990);
    // 0.29 * 100 is 28.999… as a float; the digits are taken as they are.
    expect(toMinorUnits('0.29', 'USD')).toBe(29);
    expect(toMinorUnits('500', 'JPY')).toBe(500);
    expect(toMinorUnits('1.234', 'KWD')).toBe(1234);
  });
  it('refuses what is not a plain decimal of the currency', () => {
    expect(toMinorUnits('', 'USD')).toBeNull();
    expect(toMinorUnits('12,50', 'USD')).toBeNull();
    expect(toMinorUnits('1.999', 'USD')).toBeNull();
    expect(toMinorUnits('5.5', 'JPY')).toBeNull();
    expect(toMinorUnits('-5', 'USD')).toBeNull();
    expect(toMinorUnits('$5', 'USD')).toBeNull();
  });
  it('writes minor units back as the text a person types', () => {
    expect(toMajorText(6000, 'USD')).toBe('60.00');
    expect(toMajorText(5, 'USD')).toBe('0.05');
    expect(toMajorText(500, 'JPY')).toBe('500');
    expect(toMinorUnits(toMajorText(123456, 'USD'), 'USD')).toBe(123456);
  });
});

describe('service form schema', () => {
  const valid = {
    categorySlug: 'plumbing',
    title: 'Boiler service',
    description: 'Annual service of a gas boiler with a safety report.',
    price: { amount: '89.50', currency: 'usd' },
    durationMinutes: 90,
    active: true,
  };
  it('sends the typed price in minor units, in the contract body', () => {
    expect(serviceFormSchema.parse(valid)).toEqual({
      ...valid,
      price: { amount: 8950, currency: 'USD' },
    });
  });
  it("applies the contract's price and duration rules to the converted values", () => {
    const low = serviceFormSchema.safeParse({
      ...valid,
      price: { amount: '0.50', currency: 'USD' },
    });
    expect(low.success).toBe(false);
    expect(low.error?.issues[0]).toMatchObject({
      path: ['price', 'amount'],
      message: 'Price must be at least 1.00',
    });
    const odd = serviceFormSchema.safeParse({ ...valid, durationMinutes: 50 });
    expect(odd.error?.issues[0]?.message).toBe('Duration must be a multiple of 15 minutes');
  });
  it('names the price field for text that is not a price', () => {
    const result = serviceFormSchema.safeParse({
      ...valid,
      price: { amount: '12,50', currency: 'USD' },
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['price', 'amount'],
      message: 'Enter a price such as 50 or 49.99',
    });
  });
});

describe('availability form', () => {
  const saved: Availability = {
    timeZone: 'Europe/London',
    weekly: [
      { weekday: 2, start: '13:00', end: '24:00' },
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 2, start: '08:00', end: '12:00' },
    ],
    exceptions: [
      { date: '2026-12-25', closed: true },
      { date: '2026-12-24', ranges: [{ start: '18:00', end: '24:00' }] },
    ],
    minNoticeMinutes: 60,
    bufferMinutes: 15,
    horizonDays: 30,
  };

  it('shows ranges sorted, midnight as 00:00, exceptions as date/closed/ranges', () => {
    const form = availabilityFormValues(saved);
    expect(form.weekly).toEqual([
      { weekday: 1, start: '09:00', end: '12:00' },
      { weekday: 2, start: '08:00', end: '12:00' },
      { weekday: 2, start: '13:00', end: '00:00' },
    ]);
    expect(form.exceptions).toEqual([
      { date: '2026-12-25', closed: true, ranges: [] },
      { date: '2026-12-24', closed: false, ranges: [{ start: '18:00', end: '00:00' }] },
    ]);
  });

  it('sends back the contract body it was given (in the sorted order)', () => {
    const body = availabilityFormSchema.parse(availabilityFormValues(saved));
    expect(body).toEqual({
      ...saved,
      weekly: [
        { weekday: 1, start: '09:00', end: '12:00' },
        { weekday: 2, start: '08:00', end: '12:00' },
        { weekday: 2, start: '13:00', end: '24:00' },
      ],
    });
  });

  it('refuses an open exception without hours and a date used twice', () => {
    const form = availabilityFormValues(saved);
    const result = availabilityFormSchema.safeParse({
      ...form,
      exceptions: [
        { date: '2026-12-31', closed: false, ranges: [] },
        { date: '2026-12-25', closed: true, ranges: [] },
        { date: '2026-12-25', closed: true, ranges: [] },
      ],
    });
    const messages = result.error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(messages).toContainEqual([
      'exceptions.0.ranges',
      'Add opening hours, or mark the day closed',
    ]);
    expect(messages).toContainEqual(['exceptions.2.date', 'Another exception has this date']);
  });

  it('refuses a range that ends before it starts, on its end', () => {
    const result = availabilityFormSchema.safeParse({
      ...availabilityFormValues(saved),
      weekly: [{ weekday: 3, start: '17:00', end: '09:00' }],
    });
    expect(result.error?.issues[0]).toMatchObject({
      path: ['weekly', 0, 'end'],
      message: 'End must be after start',
    });
  });
});
