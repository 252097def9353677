import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../src/db/schema';
import { hashPassword } from '../src/domains/auth/crypto';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
let token: string;
let userId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  userId = crypto.randomUUID();
  await ctx.app.db.insert(users).values({
    id: userId,
    role: 'customer',
    email: 'grace@example.test',
    fullName: 'Grace Hopper',
    phone: '+1 555 0100',
    passwordHash: await hashPassword('irrelevant-password'),
    emailVerifiedAt: new Date(),
    avatarKey: 'avatars/grace.webp',
  });
  token = (await ctx.app.auth.signAccessToken({ id: userId, role: 'customer' })).token;
});
afterAll(async () => ctx?.close());

const auth = () => ({ authorization: `Bearer ${token}` });

describe('GET /v1/me', () => {
  it('returns the signed-in user with the avatar URL', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/me', headers: auth() });
    expect(res.statusCode).toBe(200);
    const me = res.json().data;
    expect(me).toMatchObject({
      id: userId,
      role: 'customer',
      email: 'grace@example.test',
      fullName: 'Grace Hopper',
      phone: '+1 555 0100',
      avatarUrl: '/media/avatars/grace.webp',
      emailVerified: true,
      vendorId: null,
    });
    expect(Date.parse(me.createdAt)).not.toBeNaN();
    expect(me).not.toHaveProperty('passwordHash');
  });

  it('needs a session', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Session not found');
  });

  it('answers 401 for a token of a deleted account', async () => {
    const ghostId = crypto.randomUUID();
    await ctx.app.db.insert(users).values({
      id: ghostId,
      role: 'customer',
      email: 'ghost@example.test',
      fullName: 'Ghost',
      passwordHash: 'not-a-real-hash',
      emailVerifiedAt: new Date(),
    });
    const ghost = (await ctx.app.auth.signAccessToken({ id: ghostId, role: 'customer' })).token;
    await ctx.app.db.delete(users).where(eq(users.id, ghostId));
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${ghost}` },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('PATCH /v1/me', () => {
  it('updates the name and clears the phone', async () => {
    const res = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: auth(),
      payload: { fullName: '  Rear Admiral Hopper ', phone: null },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ fullName: 'Rear Admiral Hopper', phone: null });
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, userId));
    expect(row?.fullName).toBe('Rear Admiral Hopper');
    expect(row?.phone).toBeNull();
  });

  it('answers 400 with fields for invalid values and for an empty body', async () => {
    const bad = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: auth(),
      payload: { phone: 'call me' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ phone: 'Enter a valid phone number' });
    const empty = await ctx.app.inject({
      method: 'PATCH',
      url: '/v1/me',
      headers: auth(),
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toBe('Send at least one field to update');
  });
});
