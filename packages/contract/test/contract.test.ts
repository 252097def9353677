import { describe, expect, it } from 'vitest';
import {
  confirmPaymentBodySchema,
  createOrderBodySchema,
  endpoints,
  endSentence,
  isSession,
  pickSession,
  routes,
  otpVerifyBodySchema,
  sessionSchema,
  signupBodySchema,
  vendorListQuerySchema,
} from '../src';

describe('endSentence', () => {
  it('adds a full stop only where the text does not end a sentence already', () => {
    expect(endSentence('Lee Plumbing')).toBe('Lee Plumbing.');
    expect(endSentence('Demo Plumbing Co.')).toBe('Demo Plumbing Co.');
    expect(endSentence('Yes!')).toBe('Yes!');
    expect(endSentence('Acme Inc. ')).toBe('Acme Inc.');
  });
});

describe('auth schemas', () => {
  it('normalises the sign-up email and defaults the role to customer', () => {
    const body = signupBodySchema.parse({
      fullName: 'Ada Lovelace',
      email: '  Ada@Example.COM ',
      password: 'correct horse',
    });
    expect(body.email).toBe('ada@example.com');
    expect(body.role).toBe('customer');
  });

  it('refuses a short password with a message a person can act on', () => {
    const result = signupBodySchema.safeParse({
      fullName: 'Ada',
      email: 'ada@example.com',
      password: 'short',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Password must be at least 8 characters');
  });

  it('accepts exactly six digits as an OTP', () => {
    expect(
      otpVerifyBodySchema.safeParse({ challengeId: crypto.randomUUID(), code: '012345' }).success,
    ).toBe(true);
    expect(
      otpVerifyBodySchema.safeParse({ challengeId: crypto.randomUUID(), code: '12345' }).success,
    ).toBe(false);
    expect(
      otpVerifyBodySchema.safeParse({ challengeId: crypto.randomUUID(), code: '12345a' }).success,
    ).toBe(false);
  });

  it('requires the session fields of spec §3', () => {
    const session = {
      accessToken: 'a',
      refreshToken: 'r',
      expiresIn: '2026-11-22T10:00:00.000Z',
      role: 'vendor',
    };
    expect(sessionSchema.parse(session)).toEqual(session);
    expect(sessionSchema.safeParse({ ...session, role: 'guest' }).success).toBe(false);
  });
});

describe('catalogue schemas', () => {
  it('coerces query strings and applies paging defaults', () => {
    const q = vendorListQuerySchema.parse({ lat: '40.7', lng: '-74', page: '2' });
    // Relevance (text blended with distance and rating) is the default order.
    expect(q).toMatchObject({ lat: 40.7, lng: -74, page: 2, pageSize: 20, sort: 'relevance' });
  });

  it('refuses lat without lng and radius without a point', () => {
    expect(vendorListQuerySchema.safeParse({ lat: '1' }).success).toBe(false);
    expect(vendorListQuerySchema.safeParse({ radiusKm: '5' }).success).toBe(false);
  });
});

describe('order and payment schemas', () => {
  it('has no price field a client could set', () => {
    const parsed = createOrderBodySchema.parse({
      serviceId: crypto.randomUUID(),
      startsAt: '2026-12-01T14:00:00.000Z',
      address: '1 Main Street',
      total: 1,
    } as never);
    expect(parsed).not.toHaveProperty('total');
  });

  it('strips spaces from card numbers and rejects letters', () => {
    const card = {
      number: '4242 4242 4242 4242',
      expMonth: '12',
      expYear: String(new Date().getUTCFullYear() + 1),
      cvc: '123',
      name: 'Ada L',
    };
    expect(confirmPaymentBodySchema.parse({ card }).card?.number).toBe('4242424242424242');
    // Stripe: Stripe.js confirmed the card in the browser; the body carries no card at all.
    expect(confirmPaymentBodySchema.parse({})).toEqual({});
    expect(
      confirmPaymentBodySchema.safeParse({ card: { ...card, number: '4242abcd' } }).success,
    ).toBe(false);
  });
});

describe('endpoint table', () => {
  it('names every path once per method', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('takes the refresh token as bearer on reset-token (spec §7)', () => {
    expect(endpoints.resetToken).toMatchObject({
      method: 'POST',
      path: '/auth/reset-token',
      auth: 'refresh',
    });
  });
});

describe('isSession (zod-free guard for browser bundles)', () => {
  const base = {
    accessToken: 'a',
    refreshToken: 'r',
    expiresIn: '2026-11-22T10:00:00.000Z',
    role: 'customer',
  };
  const samples: unknown[] = [
    base,
    { ...base, extra: 1 },
    { ...base, expiresIn: '2026-11-22T10:00:00Z' },
    { ...base, expiresIn: '2026-11-22T10:00Z' },
    { ...base, expiresIn: '2026-11-22T10:00:00+02:00' },
    { ...base, expiresIn: '2026-11-22T10:00:00.123456Z' },
    { ...base, expiresIn: '2026-11-22 10:00:00Z' },
    { ...base, expiresIn: '2026-11-22T10:00:00' },
    { ...base, expiresIn: '2026-13-40T10:00:00Z' },
    { ...base, expiresIn: 'tomorrow' },
    { ...base, expiresIn: 1795318359689 },
    { ...base, role: 'guest' },
    { ...base, role: 'admin' },
    { ...base, accessToken: '' },
    { ...base, refreshToken: undefined },
    { accessToken: 'a' },
    null,
    'session',
    [],
  ];

  it.each(samples.map((s) => [JSON.stringify(s), s]))(
    'agrees with sessionSchema on %s',
    (_, sample) => {
      expect(isSession(sample)).toBe(sessionSchema.safeParse(sample).success);
    },
  );

  it('keeps only the session fields, like the schema', () => {
    const value = { ...base, extra: 1 };
    expect(isSession(value)).toBe(true);
    if (isSession(value)) expect(pickSession(value)).toEqual(sessionSchema.parse(value));
  });
});

describe('routes', () => {
  it('is the method, path and auth of every endpoint, without schemas', () => {
    for (const [name, route] of Object.entries(routes)) {
      const endpoint = endpoints[name as keyof typeof endpoints];
      expect({ method: endpoint.method, path: endpoint.path, auth: endpoint.auth }).toEqual(route);
    }
    expect(Object.keys(routes)).toEqual(Object.keys(endpoints));
  });
});
