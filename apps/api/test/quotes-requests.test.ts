import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { quoteLeads, vendorProfiles } from '../src/db/schema';
import { recomputeResponseTimes } from '../src/domains/vendors';
import { bearer, createCustomer, createVendor, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import {
  BOSTON_ADDRESS,
  bostonPro,
  call,
  clockAt,
  DAY,
  freeStarts,
  fromNow,
  HOUR,
  JOB,
  leadOf,
  nextWeek,
  paidBooking,
  png,
  postQuote,
  postRequest,
  quoteFor,
  quoteRequestForm,
  requestQuotes,
  requestsOf,
  sameDayAt,
  viewRequest,
} from './quotes-fixtures';

/*
 * Requests for quotes through HTTP on a real database with a fake clock: who a request reaches,
 * what it refuses, quotes (totals, slots, once per lead), declines, and the response time the
 * leads feed. Each test has its own category, pros and customer.
 */

let ctx: TestContext;
beforeAll(async () => {
  // The fake clock runs months ahead of the tokens' real issue time.
  ctx = await createTestContext({ accessTokenTtlS: 400 * 24 * 3600 });
});
afterAll(async () => ctx?.close());
afterEach(() => vi.useRealTimers());

/** The pro's leads as `GET /v1/vendor/leads` lists them. */
async function leadsOf(pro: TestVendor) {
  const res = await call(ctx, pro, 'GET', '/v1/vendor/leads');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { requestId: string; rank: number; direct: boolean; status: string }[];
}

describe('matching', () => {
  it('reaches the 5 best-rated approved pros of the category who serve the place, nobody else', async () => {
    clockAt('2027-03-01T14:00:00Z');
    const cat = 'qr-match';
    // Created in no particular order; the request ranks them by rating.
    const ratings = [4.0, 4.9, 4.2, 4.7, 4.5, 4.1];
    const pros: TestVendor[] = [];
    for (const ratingAverage of ratings) pros.push(await bostonPro(ctx, cat, { ratingAverage }));
    const [r40, r49, r42, r47, r45, r41] = pros as [
      TestVendor,
      TestVendor,
      TestVendor,
      TestVendor,
      TestVendor,
      TestVendor,
    ];
    const outOfRange = await createVendor(ctx, { category: cat, ratingAverage: 5 }); // New York
    const pending = await bostonPro(ctx, cat, { ratingAverage: 5, status: 'pending' });
    const otherCategory = await bostonPro(ctx, 'qr-match-other', { ratingAverage: 5 });
    const customer = await createCustomer(ctx, 'Mia Match');

    const request = await requestQuotes(ctx, customer, cat);
    const best = [r49, r47, r45, r42, r41];
    expect(request.status).toBe('open');
    expect(request.vendorId).toBeNull();
    expect(request.leads.map((l) => l.vendor.id)).toEqual(best.map((p) => p.vendorId));
    expect(request.leads.every((l) => l.status === 'new' && l.quote === null)).toBe(true);
    for (const [i, pro] of best.entries()) {
      expect(await leadsOf(pro)).toMatchObject([
        { requestId: request.id, rank: i + 1, direct: false },
      ]);
    }
    for (const left of [r40, outOfRange, pending, otherCategory]) {
      expect(await leadsOf(left)).toEqual([]);
    }
  });

  it('with vendorId reaches that pro alone', async () => {
    clockAt('2027-03-02T14:00:00Z');
    const cat = 'qr-direct';
    const asked = await bostonPro(ctx, cat, { ratingAverage: 3 });
    const better = await bostonPro(ctx, cat, { ratingAverage: 5 });
    const customer = await createCustomer(ctx, 'Dan Direct');
    const request = await requestQuotes(ctx, customer, cat, { vendorId: asked.vendorId });
    expect(request.vendorId).toBe(asked.vendorId);
    expect(request.leads.map((l) => l.vendor.id)).toEqual([asked.vendorId]);
    expect(await leadsOf(asked)).toMatchObject([{ requestId: request.id, rank: 1, direct: true }]);
    expect(await leadsOf(better)).toEqual([]);
  });

  it('answers 422 no_matching_pros and saves nothing when no pro of the category serves the place', async () => {
    clockAt('2027-03-03T14:00:00Z');
    const cat = 'qr-nobody';
    const farAway = await createVendor(ctx, { category: cat }); // New York, 300 km from Boston
    const customer = await createCustomer(ctx, 'Nora Nobody');
    const res = await postRequest(ctx, customer, { categorySlug: cat });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().error.code).toBe('no_matching_pros');
    expect(res.json().error.message.length).toBeGreaterThan(0);
    // Asked by name, the pro out of range is refused too.
    const named = await postRequest(ctx, customer, {
      categorySlug: cat,
      vendorId: farAway.vendorId,
    });
    expect(named.statusCode, named.body).toBeGreaterThanOrEqual(400);
    expect(named.statusCode).toBeLessThan(500);
    expect(await requestsOf(ctx, customer.id)).toEqual([]);
    expect(await leadsOf(farAway)).toEqual([]);
  });
});

describe('request validation', () => {
  it.each([
    [
      'a description under 20 characters',
      { description: 'Tap drips' },
      'description',
      'Describe the job in at least 20 characters',
    ],
    [
      '4 date ranges',
      { windows: [...nextWeek(), ...nextWeek(), ...nextWeek(), ...nextWeek()] },
      'windows',
      'Give at most 3 date ranges',
    ],
    [
      'a range ending before it starts',
      { windows: [{ from: fromNow(2 * DAY), to: fromNow(DAY) }] },
      'windows.0.to',
      'Each window must end after it starts',
    ],
  ])(
    'answers 400 naming the field for %s, and saves nothing',
    async (_case, body, field, message) => {
      clockAt('2027-03-04T14:00:00Z');
      await bostonPro(ctx, 'qr-valid');
      const customer = await createCustomer(ctx);
      const res = await postRequest(ctx, customer, { categorySlug: 'qr-valid', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('validation_error');
      expect(res.json().error.fields[field]).toBe(message);
      expect(await requestsOf(ctx, customer.id)).toEqual([]);
    },
  );

  const formFields = (cat: string) => ({
    categorySlug: cat,
    description: JOB,
    address: BOSTON_ADDRESS,
    windows: JSON.stringify(nextWeek()),
  });
  const postForm = async (token: string, fields: Record<string, string>, photos: Buffer[]) => {
    const form = await quoteRequestForm(fields, photos);
    return ctx.app.inject({
      method: 'POST',
      url: '/v1/quote-requests',
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  };

  it('takes multipart with 2 photos, stores both, and serves them to the customer and the pro only', async () => {
    clockAt('2027-03-05T14:00:00Z');
    const pro = await bostonPro(ctx, 'qr-photos');
    const customer = await createCustomer(ctx, 'Pia Photos');
    const outsider = await createCustomer(ctx, 'Ivan Intruder');
    const res = await postForm(customer.token, formFields('qr-photos'), [
      await png(1, 40),
      await png(2, 30),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json().data as Awaited<ReturnType<typeof requestQuotes>>;
    expect(created.photos.map((p) => [p.width, p.height])).toEqual([
      [40, 40],
      [30, 30],
    ]);
    expect((await viewRequest(ctx, pro, created.id)).photos).toHaveLength(2);
    for (const photo of created.photos) {
      for (const path of [photo.url, photo.thumbUrl]) {
        const url = new URL(path, 'http://localhost');
        const get = (token: string) =>
          ctx.app.inject({ method: 'GET', url: url.pathname + url.search, headers: bearer(token) });
        for (const reader of [customer, pro]) {
          const got = await get(reader.token);
          expect(got.statusCode, `${path} as ${reader.fullName}`).toBe(200);
          expect((await sharp(got.rawPayload).metadata()).format).toBe('webp');
        }
        expect((await get(outsider.token)).statusCode).toBe(404);
      }
    }
  });

  it('refuses 7 photos, a file that is not an image and an image over 3 MB, saving nothing', async () => {
    clockAt('2027-03-06T14:00:00Z');
    await bostonPro(ctx, 'qr-bad-photos');
    const customer = await createCustomer(ctx);
    const fields = formFields('qr-bad-photos');
    const photo = await png();

    const seven = await postForm(customer.token, fields, Array(7).fill(photo));
    expect([400, 413], seven.body).toContain(seven.statusCode);
    expect(seven.json().error.message).toContain('6');

    const notAnImage = await postForm(customer.token, fields, [
      photo,
      Buffer.from('%PDF-1.7 not an image'),
    ]);
    expect(notAnImage.statusCode, notAnImage.body).toBe(400);
    expect(notAnImage.json().error.code).toBe('unsupported_image_type');

    const big = Buffer.alloc(3 * 1024 * 1024 + 1);
    photo.copy(big);
    const tooLarge = await postForm(customer.token, fields, [big]);
    expect(tooLarge.statusCode, tooLarge.body).toBe(413);
    // Spec §5 wording.
    expect(tooLarge.json().error).toEqual({
      message: 'Image must be less than 3mb',
      code: 'image_too_large',
    });

    expect(await requestsOf(ctx, customer.id)).toEqual([]);
  });
});

describe('quotes', () => {
  it('totals the line items with the fee on top, and takes one quote per lead', async () => {
    clockAt('2027-03-08T14:00:00Z');
    const pro = await bostonPro(ctx, 'qr-total');
    const customer = await createCustomer(ctx, 'Tom Total');
    const request = await requestQuotes(ctx, customer, 'qr-total');
    const slots = await freeStarts(ctx, pro, 90, 3);
    const res = await postQuote(ctx, pro, request.id, {
      lineItems: [
        { description: 'Replace the valve', amount: 12_000 },
        { description: 'Parts', amount: 3_550 },
      ],
      slots,
      durationMinutes: 90,
    });
    expect(res.statusCode, res.body).toBe(201);
    // 12 000 + 3 550 = 15 550; fee 5 % (BOOKING_FEE_BPS 500) = 777.5, rounded half up to 778.
    expect(res.json().data).toMatchObject({
      requestId: request.id,
      total: { amount: 15_550, currency: 'USD' },
      price: {
        subtotal: { amount: 15_550, currency: 'USD' },
        fee: { amount: 778, currency: 'USD' },
        total: { amount: 16_328, currency: 'USD' },
      },
      slots,
      status: 'open',
      counter: null,
    });
    const seen = leadOf(await viewRequest(ctx, customer, request.id), pro);
    expect(seen).toMatchObject({ status: 'quoted', quote: { total: { amount: 15_550 } } });

    const again = await postQuote(ctx, pro, request.id, {
      lineItems: [{ description: 'Cheaper', amount: 9_000 }],
      slots: slots.slice(0, 1),
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(leadOf(await viewRequest(ctx, customer, request.id), pro)?.quote?.total.amount).toBe(
      15_550,
    );
  });

  it('refuses a slot outside the pro’s hours or on a booking, naming it; a decline’s reason reaches the customer', async () => {
    clockAt('2027-03-09T14:00:00Z');
    const pro = await bostonPro(ctx, 'qr-slots'); // open 08:00–20:00 New York
    const customer = await createCustomer(ctx, 'Sam Slots');
    const request = await requestQuotes(ctx, customer, 'qr-slots');
    const starts = await freeStarts(ctx, pro, 120, 4);
    // Far enough apart that the booking below overlaps `taken` only.
    const good = starts[0]!;
    const taken = starts[3]!;
    const lateEvening = sameDayAt(taken, '22:00', 'America/New_York');
    // Someone books (and pays) the pro's one-hour service an hour into the two-hour job.
    await paidBooking(
      ctx,
      await createCustomer(ctx),
      pro,
      new Date(Date.parse(taken) + HOUR).toISOString(),
    );

    for (const bad of [lateEvening, taken]) {
      const res = await postQuote(ctx, pro, request.id, {
        lineItems: [{ description: 'Labour', amount: 20_000 }],
        slots: [good, bad],
        durationMinutes: 120,
      });
      expect([400, 409], `${bad}: ${res.body}`).toContain(res.statusCode);
      // Named by its place in the list or by the time itself.
      const { error } = res.json();
      expect(error.fields?.['slots.1'] !== undefined || error.message.includes(bad), res.body).toBe(
        true,
      );
    }
    expect(leadOf(await viewRequest(ctx, customer, request.id), pro)).toMatchObject({
      status: 'new',
      quote: null,
    });

    const declined = await call(ctx, pro, 'POST', `/v1/quote-requests/${request.id}/decline`, {
      reason: 'Fully booked until April',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json().data).toMatchObject({ requestId: request.id, status: 'declined' });
    expect(leadOf(await viewRequest(ctx, customer, request.id), pro)).toMatchObject({
      status: 'declined',
      declineReason: 'Fully booked until April',
      quote: null,
    });
  });
});

describe('response time from leads', () => {
  it('a pro who answered leads after 1 h and 3 h: median 120 minutes, all within 4 hours', async () => {
    const t0 = Date.parse('2027-05-03T13:00:00Z');
    const pro = await bostonPro(ctx, 'qr-response');
    const customer = await createCustomer(ctx, 'Rita Response');
    const ask = async (at: number) => {
      clockAt(new Date(at));
      return (await requestQuotes(ctx, customer, 'qr-response')).id;
    };
    const first = await ask(t0);
    clockAt(new Date(t0 + HOUR));
    await quoteFor(ctx, pro, first);
    const second = await ask(t0 + DAY);
    clockAt(new Date(t0 + DAY + 3 * HOUR));
    const declined = await call(ctx, pro, 'POST', `/v1/quote-requests/${second}/decline`, {
      reason: 'Too far',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const leads = await ctx.app.db
      .select()
      .from(quoteLeads)
      .where(eq(quoteLeads.vendorId, pro.vendorId));
    expect(
      leads.map((l) => (+l.respondedAt! - +l.createdAt) / 60_000).sort((x, y) => x - y),
    ).toEqual([60, 180]);

    const now = new Date(t0 + 3 * DAY);
    await ctx.app.db.transaction((tx) => recomputeResponseTimes(tx, now));
    const [row] = await ctx.app.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.id, pro.vendorId));
    // Median of 60 and 180 = 120; both within 4 h = 10 000 bps.
    expect(row).toMatchObject({
      responseMinutesMedian: 120,
      responseWithin4hBps: 10_000,
      responseSampleSize: 2,
    });
    const shown = async () =>
      (await call(ctx, null, 'GET', `/v1/vendors/${pro.vendorId}`)).json().data.responseTime;
    // Two answers are below the 3 the published figure needs.
    expect(await shown()).toBeNull();

    // A third lead answered after 2 h: 60, 120, 180 → median 120, shown.
    const third = await ask(t0 + 2 * DAY);
    clockAt(new Date(t0 + 2 * DAY + 2 * HOUR));
    await quoteFor(ctx, pro, third);
    await ctx.app.db.transaction((tx) => recomputeResponseTimes(tx, now));
    expect(await shown()).toEqual({
      medianMinutes: 120,
      within4hBps: 10_000,
      sampleSize: 3,
      label: 'Usually replies within 2 hours',
    });
  });
});
