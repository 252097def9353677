import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  availabilitySchema,
  createOrderBodySchema,
  DATE_RANGE,
  DATE_RANGE_MESSAGE,
  endpoints,
  isoDate,
  isoDateTime,
  rescheduleBodySchema,
  slotQuerySchema,
  testClockBodySchema,
  vendorListQuerySchema,
  waitlistDayBodySchema,
} from '../src';

const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);

describe('the date range (DATE_RANGE: 2000-01-01 to 2100-12-31)', () => {
  it.each(['2000-01-01', '2026-11-24', '2100-12-31'])('accepts the date %s', (date) => {
    expect(isoDate.safeParse(date).success).toBe(true);
  });

  it.each(['0000-01-01', '1999-12-31', '2101-01-01', '9999-12-31'])(
    'refuses the date %s with the range in the message',
    (date) => {
      expect(messages(isoDate.safeParse(date))).toEqual([['', DATE_RANGE_MESSAGE]]);
    },
  );

  it('says the range in words a person can act on', () => {
    expect(DATE_RANGE).toEqual({ first: '2000-01-01', last: '2100-12-31' });
    expect(DATE_RANGE_MESSAGE).toBe('must be between 2000-01-01 and 2100-12-31');
  });

  it.each(['2000-01-01T00:00:00Z', '2026-11-24T09:00:00.000Z', '2100-12-31T23:59:59-05:00'])(
    'accepts the date-time %s (the date as written counts)',
    (dateTime) => {
      expect(isoDateTime.safeParse(dateTime).success).toBe(true);
    },
  );

  it.each(['9999-12-31T23:59:59Z', '0000-01-01T00:00:00Z', '1999-12-31T23:59:59+01:00'])(
    'refuses the date-time %s',
    (dateTime) => {
      expect(messages(isoDateTime.safeParse(dateTime))).toEqual([['', DATE_RANGE_MESSAGE]]);
    },
  );

  it('reports a malformed value by its format only, not as out of range', () => {
    expect(messages(isoDate.safeParse('tomorrow'))).toEqual([['', 'Invalid ISO date']]);
    expect(messages(isoDateTime.safeParse('2026-11-24'))).toEqual([['', 'Invalid ISO datetime']]);
  });
});

describe('every date a client sends is bounded', () => {
  const far = { date: '9999-12-31', dateTime: '9999-12-31T23:59:59Z' };

  it.each([
    ['slots `from`', slotQuerySchema, { from: far.date }, 'from'],
    ['vendor search `date`', vendorListQuerySchema, { date: far.date }, 'date'],
    [
      'order `startsAt`',
      createOrderBodySchema,
      { serviceId: crypto.randomUUID(), startsAt: far.dateTime, address: '1 Main Street' },
      'startsAt',
    ],
    ['reschedule `startsAt`', rescheduleBodySchema, { startsAt: far.dateTime }, 'startsAt'],
    ['waitlist `date`', waitlistDayBodySchema, { date: far.date }, 'date'],
    ['test clock `now`', testClockBodySchema, { now: far.dateTime }, 'now'],
  ] as const)('%s', (_name, schema, input, field) => {
    expect(messages((schema as z.ZodType).safeParse(input))).toContainEqual([
      field,
      DATE_RANGE_MESSAGE,
    ]);
  });

  it('availability exceptions', () => {
    const result = availabilitySchema.safeParse({
      timeZone: 'America/New_York',
      weekly: [],
      exceptions: [{ date: far.date, closed: true }],
      minNoticeMinutes: 60,
      bufferMinutes: 0,
      horizonDays: 60,
    });
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(DATE_RANGE_MESSAGE);
  });

  /**
   * Every ISO date or date-time string schema inside `schema` (zod 4 definitions), with its path;
   * a new field that used `z.iso.date()` directly instead of the contract's `isoDate` shows here.
   */
  function dateSchemas(schema: unknown, path: string): [string, z.ZodType, string][] {
    const s = schema as { _zod?: { def: Record<string, unknown> } } | undefined;
    if (!s?._zod) return [];
    const def = s._zod.def as Record<string, unknown> & { type: string };
    switch (def.type) {
      case 'string':
        return def.format === 'date' || def.format === 'datetime'
          ? [[path, schema as z.ZodType, def.format]]
          : [];
      case 'object':
        return Object.entries(def.shape as Record<string, unknown>).flatMap(([k, v]) =>
          dateSchemas(v, `${path}.${k}`),
        );
      case 'array':
        return dateSchemas(def.element, `${path}[]`);
      case 'union':
        return (def.options as unknown[]).flatMap((o) => dateSchemas(o, path));
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'readonly':
      case 'catch':
        return dateSchemas(def.innerType, path);
      case 'pipe':
        return [...dateSchemas(def.in, path), ...dateSchemas(def.out, path)];
      case 'intersection':
        return [...dateSchemas(def.left, path), ...dateSchemas(def.right, path)];
      case 'record':
        return dateSchemas(def.valueType, `${path}{}`);
      default:
        return [];
    }
  }

  it('in the params, query and body of every endpoint', () => {
    const found = Object.entries(endpoints).flatMap(([name, e]) =>
      (['params', 'query', 'body'] as const).flatMap((part) =>
        dateSchemas((e as Record<string, unknown>)[part], `${name}.${part}`),
      ),
    );
    // The walk sees the fields this test knows of (it would pass vacuously otherwise).
    expect(found.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        'getServiceSlots.query.from',
        'createOrder.body.startsAt',
        'rescheduleOrder.body.startsAt',
        'updateAvailability.body.exceptions[].date',
      ]),
    );
    for (const [path, schema, format] of found) {
      const far = format === 'date' ? '9999-12-31' : '9999-12-31T23:59:59Z';
      const inside = format === 'date' ? '2030-01-01' : '2030-01-01T09:00:00Z';
      expect(messages(schema.safeParse(far)), path).toEqual([['', DATE_RANGE_MESSAGE]]);
      expect(schema.safeParse(inside).success, path).toBe(true);
    }
  });
});
