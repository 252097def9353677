/**
 * Every date a client sends is bounded to 2000-01-01 … 2100-12-31 by the contract
 * (`DATE_RANGE`): far dates used to reach PostgreSQL and answer 500 ("time zone displacement out
 * of range"). Each date-taking endpoint answers 400 naming the field for `9999-12-31` and
 * `0000-01-01`, and 2xx for a date inside.
 */
import { DATE_RANGE_MESSAGE } from '@vetted/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  availableSlots,
  bearer,
  book,
  createCustomer,
  createVendor,
  paidOrder,
  pay,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/** The two dates of the reports, as dates and as date-times. */
const FAR = [
  ['9999-12-31', '9999-12-31T23:59:59Z'],
  ['0000-01-01', '0000-01-01T00:00:00Z'],
] as const;

let ctx: TestContext;
let vendor: TestVendor;

beforeAll(async () => {
  // TEST_CLOCK on: its `PUT /v1/test/clock` takes a date-time too.
  ctx = await createTestContext({ testClock: true });
  vendor = await createVendor(ctx);
});
afterAll(async () => ctx?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token?: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: token ? bearer(token) : {}, payload });

/** The answer is the contract's 400 for `field`, with the message naming the range. */
function expectOutOfRange(res: Awaited<ReturnType<typeof call>>, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const { error } = res.json();
  expect(error.code).toBe('validation_error');
  expect(error.fields[field]).toBe(DATE_RANGE_MESSAGE);
  expect(error.message).toBe(`${field}: must be between 2000-01-01 and 2100-12-31`);
}

/** The vendor-local date of a slot's day (its `date` in the slots answer). */
async function firstFreeDay(serviceId: string) {
  const res = await call('GET', `/v1/services/${serviceId}/slots?days=7`);
  const days = res.json().data.days as { date: string; slots: { available: boolean }[] }[];
  return days.find((d) => d.slots.some((s) => s.available))!.date;
}

describe.each(FAR)('a date of %s', (date, dateTime) => {
  it('GET /v1/services/{id}/slots?from= answers 400', async () => {
    expectOutOfRange(
      await call('GET', `/v1/services/${vendor.serviceId}/slots?from=${date}`),
      'from',
    );
  });

  it('GET /v1/vendors?date= answers 400', async () => {
    expectOutOfRange(await call('GET', `/v1/vendors?date=${date}`), 'date');
  });

  it('POST /v1/orders startsAt answers 400 and books nothing', async () => {
    const customer = await createCustomer(ctx);
    const res = await call('POST', '/v1/orders', customer.token, {
      serviceId: vendor.serviceId,
      startsAt: dateTime,
      address: '12 Main Street, New York',
    });
    expectOutOfRange(res, 'startsAt');
    const mine = await call('GET', '/v1/orders', customer.token);
    expect(mine.json().data.total).toBe(0);
  });

  it('POST /v1/orders/{id}/reschedule startsAt answers 400', async () => {
    const { customer, order } = await paidOrder(ctx, vendor);
    const res = await call('POST', `/v1/orders/${order.id}/reschedule`, customer.token, {
      startsAt: dateTime,
    });
    expectOutOfRange(res, 'startsAt');
  });

  it('POST and DELETE /v1/services/{id}/waitlist answer 400', async () => {
    const customer = await createCustomer(ctx);
    const url = `/v1/services/${vendor.serviceId}/waitlist`;
    expectOutOfRange(await call('POST', url, customer.token, { date }), 'date');
    expectOutOfRange(await call('DELETE', `${url}?date=${date}`, customer.token), 'date');
  });

  it('PUT /v1/vendor/availability exceptions answer 400', async () => {
    const current = (await call('GET', '/v1/vendor/availability', vendor.token)).json().data;
    const res = await call('PUT', '/v1/vendor/availability', vendor.token, {
      ...current,
      exceptions: [{ date, closed: true }],
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(Object.values(res.json().error.fields)).toContain(DATE_RANGE_MESSAGE);
  });

  it('PUT /v1/test/clock answers 400', async () => {
    expectOutOfRange(await call('PUT', '/v1/test/clock', undefined, { now: dateTime }), 'now');
  });
});

describe('a date inside the range', () => {
  it('slots answer 200 from today; the ends of the range get the slot picker’s own 400', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await call('GET', `/v1/services/${vendor.serviceId}/slots?from=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    for (const from of ['2000-01-01', '2100-12-31']) {
      const edge = await call('GET', `/v1/services/${vendor.serviceId}/slots?from=${from}`);
      expect(edge.statusCode, `${from}: ${edge.body}`).toBe(400);
      expect(edge.json().error.code).toBe('invalid_date');
    }
  });

  it('the vendor search answers 200 for a day', async () => {
    expect((await call('GET', '/v1/vendors?date=2030-06-15')).statusCode).toBe(200);
  });

  it('an order and a reschedule to free slots answer 201 and 200', async () => {
    const customer = await createCustomer(ctx);
    // Two days ahead: a booking may be moved until 24 h before its start.
    const later = (await availableSlots(ctx, vendor.serviceId, 7)).filter(
      (s) => Date.parse(s.startsAt) > Date.now() + 2 * 24 * 3_600_000,
    );
    const [first, second] = later;
    const created = await book(ctx, customer, vendor.serviceId, first!.startsAt);
    expect(created.statusCode, created.body).toBe(201);
    const order = created.json().data;
    expect((await pay(ctx, customer, order.id)).statusCode).toBe(200);
    const moved = await call('POST', `/v1/orders/${order.id}/reschedule`, customer.token, {
      startsAt: second!.startsAt,
    });
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('the waitlist of a fully booked day answers 201 to join and 200 to leave', async () => {
    // One slot a day (10:00–11:00 New York): booking it fills the day.
    const busy = await createVendor(ctx, {
      hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
        weekday,
        startMinute: 10 * 60,
        endMinute: 11 * 60,
      })),
    });
    const date = await firstFreeDay(busy.serviceId);
    await paidOrder(ctx, busy);
    const customer = await createCustomer(ctx);
    const url = `/v1/services/${busy.serviceId}/waitlist`;
    const joined = await call('POST', url, customer.token, { date });
    expect(joined.statusCode, joined.body).toBe(201);
    const left = await call('DELETE', `${url}?date=${date}`, customer.token);
    expect(left.statusCode, left.body).toBe(200);
  });

  it('availability exceptions answer 200', async () => {
    const current = (await call('GET', '/v1/vendor/availability', vendor.token)).json().data;
    const res = await call('PUT', '/v1/vendor/availability', vendor.token, {
      ...current,
      exceptions: [
        { date: '2099-12-24', closed: true },
        { date: '2031-01-02', ranges: [{ start: '09:00', end: '12:00' }] },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the test clock answers 200', async () => {
    const res = await call('PUT', '/v1/test/clock', undefined, { now: new Date().toISOString() });
    expect(res.statusCode, res.body).toBe(200);
  });
});
