import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../src/domains/notifications/service';
import { bearer, createCustomer, type TestUser } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  alice = await createCustomer(ctx, 'Alice');
  bob = await createCustomer(ctx, 'Bob');
  // Three for Alice (one transaction each so they get distinct times), one for Bob.
  for (const n of [1, 2, 3]) {
    await notify(ctx.app.db, [
      {
        userId: alice.id,
        type: 'test',
        title: `Note ${n}`,
        body: `Body ${n}`,
        link: `/user/history/order?id=${n}`,
      },
    ]);
  }
  await notify(ctx.app.db, [{ userId: bob.id, type: 'test', title: 'Bob note', body: 'Hi' }]);
  // The outbox worker turns them into rows.
  expect(await ctx.drain()).toBe(4);
});
afterAll(async () => ctx?.close());

const list = async (user: TestUser, query = '') => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/v1/notifications${query}`,
    headers: bearer(user.token),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

describe('notifications', () => {
  it('lists own notifications newest first, paged, with the unread count', async () => {
    const page = await list(alice, '?pageSize=2');
    expect(page.total).toBe(3);
    expect(page.totalPages).toBe(2);
    expect(page.unreadCount).toBe(3);
    expect(page.items.map((n: { title: string }) => n.title)).toEqual(['Note 3', 'Note 2']);
    expect(page.items[0].readAt).toBeNull();
    expect(page.items[0].link).toBe('/user/history/order?id=3');
    const bobs = await list(bob);
    expect(bobs.items.map((n: { title: string }) => n.title)).toEqual(['Bob note']);
  });

  it('marks one read (own only) and filters unread', async () => {
    const [newest] = (await list(alice)).items;
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/v1/notifications/${newest.id}/read`,
      headers: bearer(alice.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.readAt).not.toBeNull();
    const unread = await list(alice, '?unread=true');
    expect(unread.total).toBe(2);
    expect(unread.unreadCount).toBe(2);
    expect(unread.items.every((n: { readAt: null }) => n.readAt === null)).toBe(true);

    const notBobs = await ctx.app.inject({
      method: 'POST',
      url: `/v1/notifications/${newest.id}/read`,
      headers: bearer(bob.token),
    });
    expect(notBobs.statusCode).toBe(404);
    const unknown = await ctx.app.inject({
      method: 'POST',
      url: `/v1/notifications/${randomUUID()}/read`,
      headers: bearer(alice.token),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('marks all read', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/notifications/read-all',
      headers: bearer(alice.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ updated: 2 });
    expect((await list(alice)).unreadCount).toBe(0);
    expect((await list(bob)).unreadCount).toBe(1);
  });

  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/notifications' })).statusCode).toBe(
      401,
    );
  });
});
