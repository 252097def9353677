import { z } from 'zod';

/** The three roles of spec §3. Admin has no route rules in the spec; we design them (see @vetted/session). */
export const roleSchema = z.enum(['customer', 'vendor', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/**
 * The calendar dates a date or date-time may name: the years 2000 to 2100, inclusive. Nothing
 * a marketplace books or reports lies outside them, and a date far outside (`0000-01-01`,
 * `9999-12-31`) used to reach PostgreSQL and fail there ("time zone displacement out of range")
 * as a 500. Compared on the date as written (`YYYY-MM-DD`, before any offset is applied).
 */
export const DATE_RANGE = { first: '2000-01-01', last: '2100-12-31' } as const;

/** Message of a date or date-time outside {@link DATE_RANGE}. */
export const DATE_RANGE_MESSAGE = `must be between ${DATE_RANGE.first} and ${DATE_RANGE.last}`;

/**
 * Whether the date a `YYYY-MM-DD…` string starts with is within {@link DATE_RANGE} (four-digit
 * years compare as strings). A string of another shape passes: the format check reports it.
 */
export function isInDateRange(value: string): boolean {
  const date = value.slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return true;
  return date >= DATE_RANGE.first && date <= DATE_RANGE.last;
}

/**
 * ISO 8601 date-time string with offset, e.g. `2026-11-22T10:00:00.000Z`, whose date is within
 * {@link DATE_RANGE} (2000-01-01 to 2100-12-31); outside, a 400 says {@link DATE_RANGE_MESSAGE}.
 * Every date-time a client sends (a booking's `startsAt`, a reschedule) and every one the API
 * answers uses it.
 */
export const isoDateTime = z.iso
  .datetime({ offset: true })
  .refine(isInDateRange, { message: DATE_RANGE_MESSAGE });

/**
 * ISO calendar date `YYYY-MM-DD` within {@link DATE_RANGE} (2000-01-01 to 2100-12-31); outside, a
 * 400 says {@link DATE_RANGE_MESSAGE}. Every date a client sends (slots `from`, search `date`,
 * waitlist days, availability exceptions) uses it.
 */
export const isoDate = z.iso.date().refine(isInDateRange, { message: DATE_RANGE_MESSAGE });

export const uuid = z.uuid();

/** A UTF-16 surrogate that is not part of a pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Message of a text field that holds a NUL byte or a lone surrogate. */
export const UNSTORABLE_TEXT_MESSAGE = 'must not contain NUL bytes or invalid characters';

/**
 * True when `s` can be stored as PostgreSQL `text`: no NUL byte and no lone UTF-16 surrogate
 * (PostgreSQL refuses both, which used to surface as a 500).
 */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE.test(s);
}

/**
 * `text` closed as a sentence: a full stop appended unless it already ends in one (or in "!",
 * "?", "…"), so a name like "Demo Plumbing Co." ending a sentence reads "Co.", never "Co..".
 * Trailing spaces are dropped first.
 */
export function endSentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/**
 * The one string schema for every text field a client sends: a string PostgreSQL can
 * store. A NUL byte or a lone surrogate fails with a 400 naming the field. Chain `.trim()`,
 * `.min()`, `.max()` … on it as on `z.string()`.
 */
export const text = () =>
  z.string().refine(isStorableText, { message: UNSTORABLE_TEXT_MESSAGE, abort: true });

/**
 * Money as integer minor units (cents for USD) plus an ISO 4217 currency code.
 * ARCHITECTURE §3: never floats.
 */
export const moneySchema = z.object({
  amount: z.number().int().describe('Integer amount in minor currency units (e.g. cents)'),
  currency: z.string().length(3).describe('ISO 4217 currency code, e.g. USD'),
});
export type Money = z.infer<typeof moneySchema>;

/** Error body of spec §3: `{ ok: false, error: { message, code? } }`. */
export const apiErrorSchema = z.object({
  ok: z.literal(false),
  error: z.object({
    message: z.string(),
    code: z.string().optional(),
    /** Field-level problems of a 400, keyed by dotted path (`card.number`). */
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** Success body of spec §3: `{ ok: true, data }`. */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ ok: z.literal(true), data });
}

export type ApiSuccess<T> = { ok: true; data: T };
export type ApiResponse<T> = ApiSuccess<T> | ApiErrorBody;

/** Page query shared by every list endpoint. Page numbers start at 1. */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});

/** A page of results. `total` counts every match across pages. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  });
}
export type Paged<T> = {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
};
