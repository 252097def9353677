import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createCustomer,
  createVendor,
  multipartPayload,
  openDirect,
  paidOrder,
  say,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

/**
 * The access matrix: every conversation endpoint × {another customer, another pro, an
 * admin on a direct conversation, anonymous}. Outsiders get exactly the 404 of a random id (no
 * oracle telling "exists" from "not yours"); anonymous callers get 401; nothing changes.
 */

let ctx: TestContext;
let customer: TestUser;
let vendor: TestVendor;
let admin: TestUser;
let otherCustomer: TestUser;
let otherVendor: TestVendor;
let orderId: string;
/** The customer's direct conversation with the pro (one message each way, linked to an order). */
let direct: string;
/** The customer's support chat (one message). */
let support: string;
let directMessageId: string;
let png: Buffer;

beforeAll(async () => {
  ctx = await createTestContext();
  customer = await createCustomer(ctx, 'Cora Customer');
  vendor = await createVendor(ctx, { businessName: 'Drip Masters' });
  admin = await createAdmin(ctx, 'Ana Lopez');
  otherCustomer = await createCustomer(ctx, 'Ivan Intruder');
  otherVendor = await createVendor(ctx, { businessName: 'Nosy Pipes' });
  orderId = (await paidOrder(ctx, vendor, customer)).order.id;
  direct = await openDirect(ctx, customer, vendor);
  directMessageId = (await say(ctx, customer, direct, 'Private hello')).id;
  await say(ctx, vendor, direct, 'Private reply');
  const opened = await ctx.app.inject({
    method: 'POST',
    url: '/v1/conversations',
    headers: bearer(customer.token),
    payload: { kind: 'support', subject: 'Billing help' },
  });
  support = opened.json().data.id;
  await say(ctx, customer, support, 'My card was charged twice');
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#135fe1' } })
    .png()
    .toBuffer();
});
afterAll(async () => ctx?.close());

interface Endpoint {
  name: string;
  /**
   * What a random id gets when it is not the 404: an upload over the limit is refused while it
   * is read, before any conversation is looked up — the same 413 for every id, so no oracle.
   */
  random?: { status: number; body: unknown };
  /** Sends the request for conversation `id` as `user` (anonymous when null). */
  call(user: TestUser | null, id: string): Promise<LightMyRequestResponse>;
}

const auth = (user: TestUser | null) => (user ? bearer(user.token) : {});

const inject = (
  method: 'GET' | 'POST',
  url: string,
  user: TestUser | null,
  payload?: object,
  headers: Record<string, string> = {},
) => ctx.app.inject({ method, url, payload, headers: { ...auth(user), ...headers } });

/** Every endpoint that takes a conversation id (the send one in each of its forms). */
const endpoints: Endpoint[] = [
  { name: 'GET /conversations/:id', call: (u, id) => inject('GET', `/v1/conversations/${id}`, u) },
  {
    name: 'GET /conversations/:id/messages',
    call: (u, id) => inject('GET', `/v1/conversations/${id}/messages`, u),
  },
  {
    name: 'GET /conversations/:id/messages?before=',
    call: (u, id) =>
      inject('GET', `/v1/conversations/${id}/messages?before=${directMessageId}&limit=5`, u),
  },
  {
    name: 'POST /conversations/:id/messages (JSON)',
    call: (u, id) => inject('POST', `/v1/conversations/${id}/messages`, u, { body: 'intruder' }),
  },
  {
    name: 'POST /conversations/:id/messages (Idempotency-Key)',
    call: (u, id) =>
      inject(
        'POST',
        `/v1/conversations/${id}/messages`,
        u,
        { body: 'intruder' },
        { 'idempotency-key': 'intruder-key' },
      ),
  },
  {
    name: 'POST /conversations/:id/messages (empty body)',
    call: (u, id) => inject('POST', `/v1/conversations/${id}/messages`, u, { body: '' }),
  },
  {
    name: 'POST /conversations/:id/messages (multipart with an image)',
    call: async (u, id) => {
      const form = await multipartPayload({ body: 'intruder', images: [png] });
      return ctx.app.inject({
        method: 'POST',
        url: `/v1/conversations/${id}/messages`,
        headers: { ...auth(u), ...form.headers },
        payload: form.payload,
      });
    },
  },
  {
    name: 'POST /conversations/:id/messages (multipart with a 3 MB+ image)',
    random: {
      status: 413,
      body: {
        ok: false,
        error: { message: 'Image must be less than 3mb', code: 'image_too_large' },
      },
    },
    call: async (u, id) => {
      const big = Buffer.alloc(3 * 1024 * 1024 + 1);
      png.copy(big);
      const form = await multipartPayload({ body: 'intruder', images: [big] });
      return ctx.app.inject({
        method: 'POST',
        url: `/v1/conversations/${id}/messages`,
        headers: { ...auth(u), ...form.headers },
        payload: form.payload,
      });
    },
  },
  {
    name: 'POST /conversations/:id/read',
    call: (u, id) => inject('POST', `/v1/conversations/${id}/read`, u),
  },
  {
    name: 'POST /conversations/:id/typing',
    call: (u, id) => inject('POST', `/v1/conversations/${id}/typing`, u),
  },
  {
    name: 'POST /admin/conversations/:id/assign',
    call: (u, id) => inject('POST', `/v1/admin/conversations/${id}/assign`, u, {}),
  },
  {
    name: 'POST /admin/conversations/:id/resolve',
    call: (u, id) => inject('POST', `/v1/admin/conversations/${id}/resolve`, u),
  },
  {
    name: 'POST /admin/conversations/:id/reopen',
    call: (u, id) => inject('POST', `/v1/admin/conversations/${id}/reopen`, u),
  },
];

const NOT_FOUND = {
  ok: false,
  error: { message: 'Conversation not found', code: 'conversation_not_found' },
};

const ADMINS_ONLY = { ok: false, error: { message: 'Admins only', code: 'admin_only' } };

/**
 * What `user` gets for a random id: 404 "Conversation not found" — except on the support desk's
 * `/admin/` routes, which answer everyone but an admin 403 "Admins only" before looking anything
 * up (one guard for every `/v1/admin` route).
 */
function randomAnswer(endpoint: Endpoint, user: TestUser): { status: number; body: unknown } {
  if (endpoint.name.includes('/admin/') && user !== admin)
    return { status: 403, body: ADMINS_ONLY };
  return endpoint.random ?? { status: 404, body: NOT_FOUND };
}

/** Expects `user` to get, for `id`, the very answer a random id gets (see {@link randomAnswer}). */
async function expectSameAsRandom(endpoint: Endpoint, user: TestUser, id: string) {
  const res = await endpoint.call(user, id);
  const random = await endpoint.call(user, randomUUID());
  expect({ status: random.statusCode, body: random.json() }).toEqual(randomAnswer(endpoint, user));
  expect({ status: res.statusCode, body: res.json() }).toEqual({
    status: random.statusCode,
    body: random.json(),
  });
}

describe.each(endpoints)('$name', (endpoint) => {
  it('answers another customer with the 404 of a random id (direct and support)', async () => {
    await expectSameAsRandom(endpoint, otherCustomer, direct);
    await expectSameAsRandom(endpoint, otherCustomer, support);
  });

  it('answers another pro with the 404 of a random id (direct and support)', async () => {
    await expectSameAsRandom(endpoint, otherVendor, direct);
    await expectSameAsRandom(endpoint, otherVendor, support);
  });

  it('answers an admin with the 404 of a random id on a direct conversation', async () => {
    await expectSameAsRandom(endpoint, admin, direct);
  });

  it('answers 401 without a session, whatever the id', async () => {
    for (const id of [direct, support, randomUUID()]) {
      const res = await endpoint.call(null, id);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        ok: false,
        error: { message: 'Session not found', code: 'unauthorized' },
      });
    }
  });
});

describe('admin endpoints for the participants themselves', () => {
  it('answer the customer and the pro 403 "Admins only", as for a random id', async () => {
    for (const endpoint of endpoints.filter((e) => e.name.includes('/admin/'))) {
      await expectSameAsRandom(endpoint, customer, direct);
      await expectSameAsRandom(endpoint, customer, support);
      await expectSameAsRandom(endpoint, vendor, direct);
    }
  });
});

describe('collection endpoints', () => {
  it('answer 401 without a session', async () => {
    const list = await ctx.app.inject({ method: 'GET', url: '/v1/conversations' });
    const open = await ctx.app.inject({
      method: 'POST',
      url: '/v1/conversations',
      payload: { kind: 'support', subject: 'Anonymous help' },
    });
    for (const res of [list, open]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ message: 'Session not found', code: 'unauthorized' });
    }
  });

  it('lists no one else’s conversation', async () => {
    const ids = async (user: TestUser, query = '') => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/v1/conversations?pageSize=50${query}`,
        headers: bearer(user.token),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data.items as { id: string }[]).map((c) => c.id);
    };
    expect(await ids(otherCustomer)).toEqual([]);
    expect(await ids(otherVendor)).toEqual([]);
    expect(await ids(vendor)).toEqual([direct]);
    expect(await ids(customer)).toEqual(expect.arrayContaining([direct, support]));
    // Admins see support chats, never a direct conversation.
    expect(await ids(admin)).toEqual([support]);
    expect(await ids(admin, '&kind=direct')).toEqual([]);
    // Searching does not widen what one sees.
    expect(await ids(otherCustomer, '&q=Cora')).toEqual([]);
    expect(await ids(otherVendor, '&q=Billing')).toEqual([]);
  });

  it('does not let another customer or pro into the order’s conversation by orderId', async () => {
    for (const user of [otherCustomer, otherVendor, admin]) {
      const mine = await ctx.app.inject({
        method: 'POST',
        url: '/v1/conversations',
        headers: bearer(user.token),
        payload: { kind: 'direct', orderId },
      });
      const random = await ctx.app.inject({
        method: 'POST',
        url: '/v1/conversations',
        headers: bearer(user.token),
        payload: { kind: 'direct', orderId: randomUUID() },
      });
      expect(mine.statusCode).toBe(404);
      expect(mine.json()).toEqual({
        ok: false,
        error: { message: 'Order not found', code: 'order_not_found' },
      });
      expect(random.json()).toEqual(mine.json());
    }
  });

  it('refuses a pro opening a direct conversation with vendorId (403)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/conversations',
      headers: bearer(otherVendor.token),
      payload: { kind: 'direct', vendorId: vendor.vendorId },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });
});

describe('after the whole matrix', () => {
  it('left both conversations as they were', async () => {
    const get = (user: TestUser, url: string) =>
      ctx.app.inject({ method: 'GET', url, headers: bearer(user.token) });
    const messages = await get(customer, `/v1/conversations/${direct}/messages`);
    expect(messages.json().data.items.map((m: { body: string }) => m.body)).toEqual([
      'Private hello',
      'Private reply',
    ]);
    // Nobody's read marked anything read for the parties.
    expect((await get(customer, `/v1/conversations/${direct}`)).json().data.unreadCount).toBe(1);
    expect(messages.json().data.items[1].readAt).toBeNull();
    const supportView = (await get(admin, `/v1/conversations/${support}`)).json().data;
    expect(supportView).toMatchObject({ status: 'open', assignee: null, unreadCount: 1 });
    const supportMessages = await get(customer, `/v1/conversations/${support}/messages`);
    expect(supportMessages.json().data.items).toHaveLength(1);
    // No intruder's image reached storage (attachments are private; none are public).
    expect(existsSync(join(ctx.config.uploadDir, 'messages'))).toBe(false);
    expect(existsSync(join(ctx.config.privateUploadDir, 'messages'))).toBe(false);
  });
});
