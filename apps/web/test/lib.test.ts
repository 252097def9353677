import { DOCUMENT_MAX_BYTES } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry } from '../src/features/checkout/payment-step';
import { documentFileProblem } from '../src/features/vendor-area/document-file';
import { currencyCodes } from '../src/features/vendor-area/service-form-schema';
import { safeRedirect } from '../src/lib/form';
import {
  addDays,
  distanceKm,
  formatBytes,
  formatDistance,
  formatDuration,
} from '../src/lib/format';

describe('safeRedirect', () => {
  it('keeps an in-app absolute path', () => {
    expect(safeRedirect('/user/history?x=1')).toBe('/user/history?x=1');
  });
  it('drops protocol-relative and backslash tricks', () => {
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(safeRedirect('/\\evil.example')).toBeNull();
    expect(safeRedirect('https://evil.example')).toBeNull();
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('card formatting', () => {
  it('groups card digits in fours and drops non-digits', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4242-42x42')).toBe('4242 4242');
  });
  it('formats the expiry as MM/YY while typing', () => {
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('123')).toBe('12/3');
    expect(formatExpiry('12/30')).toBe('12/30');
    expect(formatExpiry('123099')).toBe('12/30');
  });
});

describe('format helpers', () => {
  it('adds days to a calendar date across a month end', () => {
    expect(addDays('2026-11-28', 7)).toBe('2026-12-05');
    expect(addDays('2026-12-05', -7)).toBe('2026-11-28');
  });
  it('adds calendar days across a year end and a DST change', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    // US clocks go forward on 2026-03-08 and Europe's on 2026-03-29: a 23-hour day is still a day.
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
  });
  it('formats durations and distances', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDistance(0.4)).toBe('400 m away');
    expect(formatDistance(null)).toBeUndefined();
  });
  it('formats file sizes with spelled-out bytes and SI units', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(448)).toBe('448 bytes');
    expect(formatBytes(412_345)).toBe('412 kB');
    expect(formatBytes(2_400_000)).toBe('2.4 MB');
    // Never "1000 kB": a size just under a megabyte rolls over.
    expect(formatBytes(999_999)).toBe('1 MB');
  });
  it('computes great-circle distances', () => {
    // Dublin → London is about 464 km.
    expect(distanceKm({ lat: 53.35, lng: -6.26 }, { lat: 51.51, lng: -0.13 })).toBeCloseTo(464, -1);
  });
});

describe('currency choice', () => {
  it('offers the currencies in use today, not withdrawn ones or units of account', () => {
    const codes = currencyCodes('USD');
    for (const inUse of ['USD', 'EUR', 'GBP', 'JPY', 'XOF']) expect(codes).toContain(inUse);
    // Croatian kuna (euro since 2023), old leone and Zimbabwe dollar; IMF drawing right; test code.
    for (const gone of ['HRK', 'SLL', 'ZWL', 'XDR', 'XTS']) expect(codes).not.toContain(gone);
    // A service already priced in a withdrawn currency keeps it selectable.
    expect(currencyCodes('HRK')).toContain('HRK');
  });
});

describe('vetting document checks', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it('accepts a PDF, JPEG, PNG or WebP up to 10 MB', () => {
    expect(documentFileProblem(file('id.pdf', 'application/pdf'))).toBeNull();
    expect(documentFileProblem(file('id.jpg', 'image/jpeg', DOCUMENT_MAX_BYTES))).toBeNull();
    expect(documentFileProblem(file('id.png', 'image/png'))).toBeNull();
    expect(documentFileProblem(file('id.webp', 'image/webp'))).toBeNull();
  });
  it('falls back on the extension when the browser gives no type', () => {
    expect(documentFileProblem(file('scan.PDF', ''))).toBeNull();
    expect(documentFileProblem(file('scan.docx', ''))).toBe(
      'Choose a PDF, JPEG, PNG or WebP file.',
    );
  });
  it('refuses other types and files over 10 MB', () => {
    expect(documentFileProblem(file('id.gif', 'image/gif'))).toBe(
      'Choose a PDF, JPEG, PNG or WebP file.',
    );
    expect(documentFileProblem(file('id.pdf', 'application/pdf', DOCUMENT_MAX_BYTES + 1))).toMatch(
      /Documents can be up to 10 MB\.$/,
    );
  });
});
