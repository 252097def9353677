import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashRefreshToken } from '../src/services/auth/refresh-tokens';
import { otpChallenges, outbox, refreshTokens, users, vendorProfiles } from '../src/db/schema';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

const PASSWORD = 'correct horse battery';
let seq = 0;
const uniqueEmail = (tag: string) => `${tag}-${Date.now()}-${++seq}@example.test`;

/** The newest mail in the local outbox folder for `to`. */
function latestMail(to: string): {
  to: string;
  subject: string;
  text: string;
  html: string;
  otp: string;
  code: string;
} {
  const files = readdirSync(ctx.config.outboxDir)
    .filter((f) => f.endsWith(`-${to}.json`))
    .sort();
  const last = files.at(-1);
  if (!last) throw new Error(`no mail for ${to}`);
  return JSON.parse(readFileSync(join(ctx.config.outboxDir, last), 'utf8'));
}

function post(url: string, payload?: unknown, headers: Record<string, string> = {}) {
  return ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });
}

async function signup(email = uniqueEmail('user'), role: 'customer' | 'vendor' = 'customer') {
  const res = await post('/v1/auth/signup', {
    fullName: 'Ada Lovelace',
    email,
    password: PASSWORD,
    role,
  });
  expect(res.statusCode).toBe(201);
  return {
    email,
    challenge: res.json().data as {
      challengeId: string;
      expiresAt: string;
      resendAvailableAt: string;
    },
  };
}

async function verify(challengeId: string, code: string) {
  return post('/v1/auth/otp/verify', { challengeId, code });
}

/** A different 6-digit code than `code`. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function signedUp(role: 'customer' | 'vendor' = 'customer') {
  const { email, challenge } = await signup(uniqueEmail(role), role);
  const res = await verify(challenge.challengeId, latestMail(email).otp);
  expect(res.statusCode).toBe(200);
  return {
    email,
    session: res.json().data as {
      accessToken: string;
      refreshToken: string;
      expiresIn: string;
      role: string;
    },
  };
}

describe('signup', () => {
  it('mails an OTP to the outbox, and the verified code gives a working session', async () => {
    const { email, challenge } = await signup(uniqueEmail('ada'));
    expect(challenge.challengeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(challenge.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

    const mail = latestMail(email);
    expect(mail.to).toBe(email);
    expect(mail.otp).toMatch(/^\d{6}$/);
    expect(mail.code).toBe(mail.otp);
    expect(mail.subject).toContain(mail.otp);
    expect(mail.text).toContain(mail.otp);
    expect(mail.html).toContain(mail.otp);
    expect(mail.text).toContain('10 minutes');

    // Recorded and delivered in the outbox table too.
    const jobs = await ctx.app.db.select().from(outbox);
    expect(
      jobs.some((j) => (j.payload as { to: string }).to === email && j.deliveredAt !== null),
    ).toBe(true);

    // Not verified until the code is.
    const [before] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(before?.emailVerifiedAt).toBeNull();
    expect(before?.passwordHash).toMatch(/^\$argon2id\$/);

    const res = await verify(challenge.challengeId, mail.otp);
    expect(res.statusCode).toBe(200);
    const session = res.json().data;
    expect(session.role).toBe('customer');
    expect(typeof session.accessToken).toBe('string');
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(session.expiresIn)).toBeGreaterThan(Date.now());

    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      ok: true,
      data: {
        email,
        role: 'customer',
        fullName: 'Ada Lovelace',
        emailVerified: true,
        vendorId: null,
      },
    });
  });

  it('lower-cases the email and refuses a duplicate with 409', async () => {
    const email = uniqueEmail('dup');
    await signup(email);
    const res = await post('/v1/auth/signup', {
      fullName: 'Someone Else',
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      ok: false,
      error: { message: 'An account with this email already exists', code: 'email_taken' },
    });
  });

  it('creates a pending vendor profile for a vendor sign-up', async () => {
    const { email, session } = await signedUp('vendor');
    expect(session.role).toBe('vendor');
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    const [profile] = await ctx.app.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, user!.id));
    expect(profile?.vettingStatus).toBe('pending');
    expect(profile?.businessName).toBe('Ada Lovelace');
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    expect(me.json().data.vendorId).toBe(profile?.id);
  });

  it('answers 400 with fields for an invalid body', async () => {
    const res = await post('/v1/auth/signup', {
      fullName: 'A',
      email: 'not-an-email',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('validation_error');
    expect(body.error.fields).toMatchObject({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
      fullName: 'Enter your full name',
    });
  });
});

describe('OTP', () => {
  it('rejects a wrong code with 400 and counts the attempts down', async () => {
    const { email, challenge } = await signup();
    const code = latestMail(email).otp;
    const first = await verify(challenge.challengeId, wrongCode(code));
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toEqual({
      message: 'Incorrect code. 4 attempts left',
      code: 'otp_invalid',
    });
    const second = await verify(challenge.challengeId, wrongCode(code));
    expect(second.json().error.message).toBe('Incorrect code. 3 attempts left');
    // The right code still works after a couple of mistakes.
    expect((await verify(challenge.challengeId, code)).statusCode).toBe(200);
  });

  it('locks the challenge after 5 wrong codes, even for the right code', async () => {
    const { email, challenge } = await signup();
    const code = latestMail(email).otp;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await verify(challenge.challengeId, wrongCode(code))).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await verify(challenge.challengeId, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toEqual({
      message: 'Too many attempts. Request a new code',
      code: 'otp_locked',
    });
    const [row] = await ctx.app.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.id, challenge.challengeId));
    expect(row?.attempts).toBe(5);
    expect(row?.consumedAt).toBeNull();
  });

  it('refuses an expired code', async () => {
    const { email, challenge } = await signup();
    await ctx.app.db
      .update(otpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpChallenges.id, challenge.challengeId));
    const res = await verify(challenge.challengeId, latestMail(email).otp);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      message: 'This code has expired. Request a new one',
      code: 'otp_expired',
    });
  });

  it('accepts a code once only', async () => {
    const { email, challenge } = await signup();
    const code = latestMail(email).otp;
    expect((await verify(challenge.challengeId, code)).statusCode).toBe(200);
    const again = await verify(challenge.challengeId, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('otp_used');
  });

  it('lets only one of two concurrent verifications of one code succeed', async () => {
    const { email, challenge } = await signup();
    const code = latestMail(email).otp;
    const results = await Promise.all([
      verify(challenge.challengeId, code),
      verify(challenge.challengeId, code),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('answers 404 for an unknown challenge', async () => {
    const res = await verify('00000000-0000-4000-8000-000000000000', '123456');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('otp_not_found');
  });

  it('refuses a resend within the cooldown, then mails a new code that resets attempts and expiry', async () => {
    const { email, challenge } = await signup();
    const oldCode = latestMail(email).otp;
    const early = await post('/v1/auth/otp/resend', { challengeId: challenge.challengeId });
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('otp_cooldown');
    expect(early.json().error.message).toMatch(
      /^Please wait \d+ seconds? before requesting a new code$/,
    );

    // Burn some attempts and expire it, then move the last send past the cooldown.
    for (let i = 0; i < 5; i++) await verify(challenge.challengeId, wrongCode(oldCode));
    await ctx.app.db
      .update(otpChallenges)
      .set({ lastSentAt: new Date(Date.now() - 31_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpChallenges.id, challenge.challengeId));

    const res = await post('/v1/auth/otp/resend', { challengeId: challenge.challengeId });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.challengeId).toBe(challenge.challengeId);
    expect(Date.parse(data.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(data.resendAvailableAt) - Date.now()).toBeGreaterThan(25_000);
    const newCode = latestMail(email).otp;
    const [row] = await ctx.app.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.id, challenge.challengeId));
    expect(row?.attempts).toBe(0);
    if (newCode !== oldCode) {
      expect((await verify(challenge.challengeId, oldCode)).json().error.code).toBe('otp_invalid');
    }
    expect((await verify(challenge.challengeId, newCode)).statusCode).toBe(200);
  });
});

describe('login', () => {
  it('answers 401 with the same message for a wrong password and an unknown email', async () => {
    const { email } = await signedUp();
    const wrongPassword = await post('/v1/auth/login', { email, password: 'not the password' });
    const unknown = await post('/v1/auth/login', {
      email: uniqueEmail('nobody'),
      password: PASSWORD,
    });
    for (const res of [wrongPassword, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        ok: false,
        error: { message: 'Incorrect email or password', code: 'invalid_credentials' },
      });
    }
  });

  it('mails a login OTP whose code gives a session', async () => {
    const { email } = await signedUp();
    const res = await post('/v1/auth/login', {
      email: ` ${email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const challenge = res.json().data;
    expect(challenge.purpose).toBe('login');
    const mail = latestMail(email);
    expect(mail.subject).toContain('sign-in code');
    const verified = await verify(challenge.challengeId, mail.otp);
    expect(verified.statusCode).toBe(200);
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${verified.json().data.accessToken}` },
    });
    expect(me.json().data.email).toBe(email);
  });

  it('refuses a suspended account with 403', async () => {
    const { email } = await signedUp();
    await ctx.app.db.update(users).set({ status: 'suspended' }).where(eq(users.email, email));
    const res = await post('/v1/auth/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_suspended');
  });
});

describe('sessions', () => {
  const resetToken = (token?: string) =>
    post('/v1/auth/reset-token', undefined, token ? { authorization: `Bearer ${token}` } : {});

  it('rotates the refresh token; replaying the old one revokes the whole family', async () => {
    const { session } = await signedUp();
    const rotated = await resetToken(session.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const next = rotated.json().data;
    expect(next.refreshToken).not.toBe(session.refreshToken);
    expect(next.role).toBe('customer');
    expect(Date.parse(next.expiresIn)).toBeGreaterThan(Date.now());
    const me = await ctx.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${next.accessToken}` },
    });
    expect(me.statusCode).toBe(200);

    // The new token works once more…
    const again = await resetToken(next.refreshToken);
    expect(again.statusCode).toBe(200);
    const third = again.json().data;

    // …but replaying a rotated token is reuse: 401 and the family is gone.
    const replay = await resetToken(session.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual({
      message: 'Session expired, Please login again',
      code: 'refresh_reused',
    });
    const afterReplay = await resetToken(third.refreshToken);
    expect(afterReplay.statusCode).toBe(401);
    expect(afterReplay.json().error.message).toBe('Session expired, Please login again');
  });

  it('lets only one of two concurrent rotations of one token succeed', async () => {
    const { session } = await signedUp();
    const results = await Promise.all([
      resetToken(session.refreshToken),
      resetToken(session.refreshToken),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('answers 401 for a missing, unknown or expired refresh token', async () => {
    const missing = await resetToken();
    expect(missing.statusCode).toBe(401);
    expect(missing.json().error.message).toBe('Session not found');

    const unknown = await resetToken('x'.repeat(43));
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe('Session not found');

    const { session } = await signedUp();
    await ctx.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(session.refreshToken)));
    const expired = await resetToken(session.refreshToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error).toEqual({
      message: 'Session expired, Please login again',
      code: 'refresh_expired',
    });
  });

  it('answers 401 "Session not found" without a bearer and for a forged token', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/v1/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      ok: false,
      error: { message: 'Session not found', code: 'unauthorized' },
    });
    const forged = await ctx.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.message).toBe('Session not found');
  });

  it('answers 401 "Session expired, Please login again" for an expired access token', async () => {
    const { email } = await signedUp();
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user!.id)
      .setIssuer('vetted')
      .setAudience('vetted-api')
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(ctx.config.jwtSecret);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/me',
      headers: { authorization: `Bearer ${expired}` },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      message: 'Session expired, Please login again',
      code: 'token_expired',
    });
  });

  it('logout revokes the family and is idempotent', async () => {
    const { session } = await signedUp();
    const rotated = (await resetToken(session.refreshToken)).json().data;
    const out = await post('/v1/auth/logout', { refreshToken: rotated.refreshToken });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true, data: { loggedOut: true } });
    const after = await resetToken(rotated.refreshToken);
    expect(after.statusCode).toBe(401);
    expect(after.json().error.message).toBe('Session expired, Please login again');
    expect((await post('/v1/auth/logout', { refreshToken: rotated.refreshToken })).statusCode).toBe(
      200,
    );
    expect((await post('/v1/auth/logout', {})).statusCode).toBe(200);
  });
});

describe('auth rate limit', () => {
  it('limits the credential routes per IP more tightly than the API', async () => {
    // Clients are told apart by X-Forwarded-For, as behind a load balancer (TRUST_PROXY=true).
    const limited = await createTestContext({ authRateLimitPerMinute: 3, trustProxy: true });
    try {
      // A unique client address per run, so a shared Redis store starts from zero.
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${(seq % 250) + 1}`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/v1/auth/login',
          headers: { 'x-forwarded-for': ip },
          payload: { email: 'nobody@example.test', password: 'whatever-1' },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error.code).toBe('rate_limited');
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      // Other API routes keep the global limit.
      const health = await limited.app.inject({
        method: 'GET',
        url: '/v1/health',
        headers: { 'x-forwarded-for': ip },
      });
      expect(health.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 90_000);
});
