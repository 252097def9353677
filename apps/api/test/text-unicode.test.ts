import { randomUUID } from 'node:crypto';
import {
  MESSAGE_MAX_LENGTH,
  REVIEW_REPLY_MAX_LENGTH,
  REVIEW_TEXT_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
} from '@vetted/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderEvents, orders } from '../src/db/schema';
import {
  bearer,
  createCustomer,
  createVendor,
  openDirect,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * Text with emoji, flags, combining marks and any other code points, sent to every free-text
 * field that feeds a notification preview (messages, reviews, review replies) and to support
 * subjects: each answers 2xx or 4xx, never 500, and a 2xx stores the text exactly as sent
 * (trimmed). The notification previews cut the text at 140 code units, on a grapheme boundary.
 */

/** Properties run this many times per field: enough to hit the preview cut, fast on PGlite. */
const RUNS = 40;
/** The contract's message of a text holding a NUL byte or a lone surrogate. */
const UNSTORABLE = 'must not contain NUL bytes or invalid characters';
/** Where a notification preview is cut (the domains' `PREVIEW_MAX_LENGTH`, code units). */
const PREVIEW = 140;

/** Whether `s` is well-formed UTF-16 without NUL: what PostgreSQL `text` and `jsonb` accept. */
const storable = (s: string) =>
  !s.includes('\u0000') && Buffer.from(s, 'utf8').toString('utf8') === s;

/** The reproductions of the 500: an emoji across the old cut at 139 code units. */
const AT_THE_CUT = `${'x'.repeat(138)}😀y`;
const ALL_EMOJI = '😀'.repeat(71);

/**
 * Any text up to about `limit` code units: whole graphemes (emoji sequences, flags, letters with
 * combining marks), any code points (lone surrogates and NUL included, which the contract
 * refuses), and ASCII that runs up to the preview cut or the field's limit and ends in graphemes.
 */
function unicodeText(limit: number): fc.Arbitrary<string> {
  const graphemes = (max: number) => fc.string({ unit: 'grapheme', minLength: 1, maxLength: max });
  const padded = (min: number, max: number) =>
    fc
      .tuple(fc.integer({ min: Math.max(0, min), max }), graphemes(6))
      .map(([n, tail]) => `${'x'.repeat(n)}${tail}`);
  return fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: Math.floor(limit / 8) }),
    fc.string({ unit: 'grapheme-composite', maxLength: Math.floor(limit / 8) }),
    fc.string({ unit: 'binary', maxLength: Math.floor(limit / 2) }),
    padded(PREVIEW - 16, PREVIEW + 2),
    padded(limit - 10, limit),
  );
}

let ctx: TestContext;
let vendor: TestVendor;
let nextSlot = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx);
});
afterAll(async () => ctx?.close());

const post = (token: string, url: string, payload: object) =>
  ctx.app.inject({ method: 'POST', url, headers: bearer(token), payload });

/**
 * A completed order of a fresh customer with `vendor`, written straight to the database (the
 * order flow has its own tests): what a review needs. Completed an hour ago, each on its own slot.
 */
async function completedOrder(): Promise<{ customer: TestUser; orderId: string }> {
  const customer = await createCustomer(ctx, 'Casey Customer');
  const orderId = randomUUID();
  nextSlot += 1;
  const startsAt = new Date(Date.UTC(2024, 0, 1) + nextSlot * 3_600_000);
  await ctx.app.db.insert(orders).values({
    id: orderId,
    reference: `VT-${orderId.slice(0, 8)}`,
    customerId: customer.id,
    vendorId: vendor.vendorId,
    serviceId: vendor.serviceId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    address: '12 Main Street, New York',
    subtotal: 10_000,
    fee: 0,
    total: 10_000,
    currency: 'USD',
    status: 'completed',
  });
  await ctx.app.db.insert(orderEvents).values({
    id: randomUUID(),
    orderId,
    status: 'completed',
    actorId: vendor.id,
    createdAt: new Date(ctx.app.clock.now().getTime() - 3_600_000),
  });
  return { customer, orderId };
}

/** A fresh customer's message `body` to the vendor; the answer. */
async function sendMessage(body: string) {
  const customer = await createCustomer(ctx);
  const conversationId = await openDirect(ctx, customer, vendor);
  return post(customer.token, `/v1/conversations/${conversationId}/messages`, { body });
}

/** The notifications of `user`, after every queued side effect was delivered. */
async function notificationsOf(user: TestUser) {
  await ctx.drain();
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/v1/notifications?pageSize=50',
    headers: bearer(user.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data.items as { type: string; body: string }[];
}

/** Every notification body is well-formed Unicode (a preview never holds half an emoji). */
function expectSafePreviews(items: { body: string }[]) {
  for (const { body } of items) expect(storable(body)).toBe(true);
}

/**
 * The answer a text field must get for `sent`, by the contract's rules: 400 naming the field for
 * unstorable text, too long or too short text (after trimming; zod counts code points, so an
 * emoji counts 1); else the 2xx status.
 */
function expectedStatus(sent: string, min: number, max: number, ok: number): number {
  if (!storable(sent)) return 400;
  const length = [...sent.trim()].length;
  return length > max || length < min ? 400 : ok;
}

describe('an emoji across the preview cut (138 × "x" + "😀y", 71 × "😀")', () => {
  it.each([
    ['138 × "x" + "😀y"', AT_THE_CUT, `${'x'.repeat(138)}…`],
    ['71 × "😀"', ALL_EMOJI, `${'😀'.repeat(69)}…`],
  ])(
    'a message of %s is sent and stored whole; its preview ends in whole graphemes',
    async (_n, text, preview) => {
      const res = await sendMessage(text);
      expect(res.statusCode).toBe(201);
      expect(res.json().data.body).toBe(text);
      expect(await notificationsOf(vendor)).toContainEqual(
        expect.objectContaining({ type: 'message.received', body: preview }),
      );
    },
  );

  it.each([
    ['138 × "x" + "😀y"', AT_THE_CUT, `${'x'.repeat(138)}…`],
    ['71 × "😀"', ALL_EMOJI, `${'😀'.repeat(69)}…`],
  ])('a review and a reply of %s are saved whole and notified', async (_n, text, preview) => {
    const { customer, orderId } = await completedOrder();
    const review = await post(customer.token, `/v1/orders/${orderId}/review`, { rating: 5, text });
    expect(review.statusCode).toBe(201);
    expect(review.json().data.text).toBe(text);
    const reply = await post(vendor.token, `/v1/reviews/${review.json().data.id}/reply`, { text });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data.reply.text).toBe(text);
    const toVendor = await notificationsOf(vendor);
    expect(
      toVendor.some((n) => n.type === 'review.created' && n.body.endsWith(`"${preview}"`)),
    ).toBe(true);
    expectSafePreviews(toVendor);
    const toCustomer = await notificationsOf(customer);
    expect(toCustomer).toContainEqual(
      expect.objectContaining({ type: 'review.replied', body: preview }),
    );
  });
});

describe('any Unicode text up to each field’s limit', () => {
  it('messages answer 201 with the text as sent, or 400; never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(unicodeText(MESSAGE_MAX_LENGTH), async (text) => {
        const res = await sendMessage(text);
        expect(res.statusCode).toBe(expectedStatus(text, 1, MESSAGE_MAX_LENGTH, 201));
        if (res.statusCode === 201) expect(res.json().data.body).toBe(text.trim());
        if (!storable(text)) expect(res.json().error.fields.body).toBe(UNSTORABLE);
      }),
      { numRuns: RUNS },
    );
    expectSafePreviews(await notificationsOf(vendor));
  }, 120_000);

  it('reviews and replies answer 2xx with the text as sent, or 400; never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        unicodeText(REVIEW_TEXT_MAX_LENGTH),
        unicodeText(REVIEW_REPLY_MAX_LENGTH),
        async (text, replyText) => {
          const { customer, orderId } = await completedOrder();
          const review = await post(customer.token, `/v1/orders/${orderId}/review`, {
            rating: 4,
            text,
          });
          expect(review.statusCode).toBe(expectedStatus(text, 0, REVIEW_TEXT_MAX_LENGTH, 201));
          if (review.statusCode !== 201) return;
          expect(review.json().data.text).toBe(text.trim());
          const reply = await post(vendor.token, `/v1/reviews/${review.json().data.id}/reply`, {
            text: replyText,
          });
          expect(reply.statusCode).toBe(expectedStatus(replyText, 1, REVIEW_REPLY_MAX_LENGTH, 200));
          if (reply.statusCode === 200) {
            expect(reply.json().data.reply.text).toBe(replyText.trim());
            expectSafePreviews(await notificationsOf(customer));
          }
        },
      ),
      { numRuns: RUNS },
    );
    expectSafePreviews(await notificationsOf(vendor));
  }, 180_000);

  it('support subjects answer 200 with the subject as sent, or 400; never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(unicodeText(SUPPORT_SUBJECT_MAX_LENGTH), async (subject) => {
        const customer = await createCustomer(ctx);
        const res = await post(customer.token, '/v1/conversations', { kind: 'support', subject });
        expect(res.statusCode).toBe(expectedStatus(subject, 3, SUPPORT_SUBJECT_MAX_LENGTH, 200));
        if (res.statusCode === 200) expect(res.json().data.subject).toBe(subject.trim());
      }),
      { numRuns: RUNS },
    );
  }, 120_000);
});
