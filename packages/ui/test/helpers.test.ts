import { describe, expect, it } from 'vitest';
import { pageItems } from '../src/components/pagination';
import { ERROR_NAVIGATION_DELAY_MS, errorMessageFor } from '../src/components/error-screen';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES, validateImageFile } from '../src/components/image-upload';
import { formatMoney } from '../src/components/price';
import { formatRelativeTime } from '../src/components/notification-item';
import { distanceUnitFor, formatDistance, formatDuration } from '../src/lib/card-parts';
import { numberFormat } from '../src/lib/number-format';
import { cn, initialsOf } from '../src/lib/utils';
import { THEME_STORAGE_KEY, themeInitScript } from '../src/components/theme';

describe('errorMessageFor (spec §2)', () => {
  it('maps 404, 500 and anything else to the spec messages', () => {
    expect(errorMessageFor(404)).toBe('Page Not Found in the Multiverse');
    expect(errorMessageFor(500)).toBe('Servers Took a Cosmic Nap');
    expect(errorMessageFor(403)).toBe('Oops! Something Warped Reality');
    expect(ERROR_NAVIGATION_DELAY_MS).toBe(300);
  });
});

describe('validateImageFile (spec §5)', () => {
  it('asks for a file when none is given', () => {
    expect(validateImageFile(null)).toBe('No image selected');
    expect(validateImageFile(undefined)).toBe(IMAGE_MESSAGES.missing);
  });
  it('refuses more than 3 MB, accepts exactly 3 MB', () => {
    expect(MAX_IMAGE_BYTES).toBe(3 * 1024 * 1024);
    expect(validateImageFile(new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'a.png'))).toBe(
      'Image must be less than 3mb',
    );
    expect(validateImageFile(new File([new Uint8Array(MAX_IMAGE_BYTES)], 'a.png'))).toBeNull();
  });
  it('honours a custom limit', () => {
    expect(validateImageFile(new File([new Uint8Array(11)], 'a.png'), 10)).toBe(
      IMAGE_MESSAGES.tooLarge,
    );
  });
});

describe('formatMoney', () => {
  it('reads amounts as minor units of the currency', () => {
    expect(formatMoney(12345, 'EUR', 'en-IE')).toBe('€123.45');
    expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
    expect(formatMoney(1234, 'KWD', 'en-US')).toMatch(/^KWD\s1\.234$/);
  });
});

describe('numberFormat', () => {
  it('builds one formatter per locale and options, and formats with them', () => {
    const oneDecimal = { minimumFractionDigits: 1, maximumFractionDigits: 1 };
    const first = numberFormat('de-DE', oneDecimal);
    expect(numberFormat('de-DE', { ...oneDecimal })).toBe(first);
    expect(first.format(4.25)).toBe('4,3');
    expect(numberFormat('en-US', oneDecimal)).not.toBe(first);
    expect(numberFormat('en-US', oneDecimal).format(4.25)).toBe('4.3');
    expect(numberFormat('de-DE')).not.toBe(first);
    expect(numberFormat('de-DE').format(1234)).toBe('1.234');
  });

  it('refuses what Intl refuses, and keeps nothing for it', () => {
    expect(() => numberFormat('en-US', { style: 'currency', currency: 'EU' })).toThrow(RangeError);
    expect(() => numberFormat('en-US', { style: 'currency', currency: 'EU' })).toThrow(RangeError);
  });
});

describe('pageItems', () => {
  it('shows first, last and neighbours with gaps', () => {
    expect(pageItems(1, 10)).toEqual([1, 2, 'gap', 10]);
    expect(pageItems(5, 10)).toEqual([1, 'gap', 4, 5, 6, 'gap', 10]);
    expect(pageItems(3, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-03-10T10:00:00Z');
  it('uses natural words', () => {
    expect(formatRelativeTime('2026-03-10T09:59:30Z', now, 'en')).toBe('now');
    expect(formatRelativeTime('2026-03-10T08:00:00Z', now, 'en')).toBe('2 hours ago');
    expect(formatRelativeTime('2026-03-09T10:00:00Z', now, 'en')).toBe('yesterday');
    expect(formatRelativeTime('2026-03-12T10:00:00Z', now, 'en')).toBe('in 2 days');
  });
});

describe('small helpers', () => {
  it('cn lets the last Tailwind class win', () => {
    expect(cn('px-2 py-1', false, 'px-4')).toBe('py-1 px-4');
  });
  it('initialsOf', () => {
    expect(initialsOf('Aoife Byrne')).toBe('AB');
    expect(initialsOf('  cher ')).toBe('C');
    expect(initialsOf('')).toBe('?');
  });
  it('formats distance and duration', () => {
    expect(formatDistance(0.35, 'en')).toBe('350 m');
    expect(formatDistance(2.44, 'en')).toBe('2.4 km');
    expect(formatDistance(2.44, 'en', 'mile')).toBe('1.5 mi');
    expect(formatDistance(0.05, 'en', 'mile')).toBe('0.1 mi');
    expect(formatDistance(40, 'en', 'mile')).toBe('25 mi');
    expect(distanceUnitFor('US')).toBe('mile');
    expect(distanceUnitFor('GB')).toBe('mile');
    expect(distanceUnitFor('IE')).toBe('kilometer');
    expect(distanceUnitFor(null)).toBe('kilometer');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(120)).toBe('2 h');
  });
  it('theme init script reads the spec §4 storage key', () => {
    expect(THEME_STORAGE_KEY).toBe('theme');
    expect(themeInitScript).toContain("localStorage.getItem('theme')");
  });
});
