import { CONTACT_MASKS } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import { maskContacts, maskFor } from '../src/domains/quotes/masking';

/*
 * Contact masking (domains/quotes/masking.ts), pure: phone numbers (national formats of the
 * given country, and international ones) and email addresses become `CONTACT_MASKS` texts;
 * everything else stays as written.
 */

const { phone: PHONE, email: EMAIL } = CONTACT_MASKS;

describe('maskContacts', () => {
  it.each([
    ['a UK mobile in national format', 'Call 07911 123456 after 5', 'GB', `Call ${PHONE} after 5`],
    ['a US number with its area code', 'Text (415) 555-2671 please', 'US', `Text ${PHONE} please`],
    [
      'an international number without a default country',
      'Ring +44 7911 123456.',
      null,
      `Ring ${PHONE}.`,
    ],
    [
      'an international number under another country',
      'Ring +33 6 12 34 56 78',
      'US',
      `Ring ${PHONE}`,
    ],
    ['an email address', 'Mail bob.smith@example.co.uk today', 'GB', `Mail ${EMAIL} today`],
  ])('masks %s', (_what, text, country, expected) => {
    expect(maskContacts(text, country)).toBe(expected);
  });

  it('masks every contact of a text, emails and phones alike, keeping the rest', () => {
    const text = 'Bob: ana@example.com, or 07911 123456 / +1 415 555 2671. Thanks!';
    expect(maskContacts(text, 'GB')).toBe(`Bob: ${EMAIL}, or ${PHONE} / ${PHONE}. Thanks!`);
  });

  it('treats a number inside an email address as part of the email', () => {
    expect(maskContacts('07911123456@example.com', 'GB')).toBe(EMAIL);
  });

  it.each([
    'The tap drips all night and the valve is stuck',
    'Two bedrooms, about 80 m2, on the 3rd floor',
    'Any day between 12/05 and 19/05 works, budget 1200',
  ])('leaves a text without contacts as written: %s', (text) => {
    expect(maskContacts(text, 'GB')).toBe(text);
  });

  it('leaves an empty text empty', () => {
    expect(maskContacts('', 'US')).toBe('');
  });

  it('ignores a country code libphonenumber does not know', () => {
    expect(maskContacts('Ring +44 7911 123456', 'XX')).toBe(`Ring ${PHONE}`);
  });
});

describe('maskFor', () => {
  const text = 'Reach me on +44 7911 123456 or me@example.com';

  it('masks for the other side before a booking', () => {
    expect(maskFor(text, { readerId: 'pro', writerId: 'customer', booked: false })).toBe(
      `Reach me on ${PHONE} or ${EMAIL}`,
    );
  });

  it('shows the writer their own text', () => {
    expect(maskFor(text, { readerId: 'customer', writerId: 'customer', booked: false })).toBe(text);
  });

  it('shows the text as written once a paid order joins the two', () => {
    expect(maskFor(text, { readerId: 'pro', writerId: 'customer', booked: true })).toBe(text);
  });
});
