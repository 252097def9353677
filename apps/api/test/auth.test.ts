import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { otpChallenges, outbox, users, vendorProfiles } from '../src/db/schema';
import {
  getMe,
  latestCode,
  latestMail,
  mailsTo,
  PASSWORD,
  post,
  signedUp,
  signup,
  TEST_BUSINESS,
  uniqueEmail,
  verify,
  wrongCode,
} from './auth-helpers';
import { ensureCategory } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

describe('signup', () => {
  it('mails an OTP through the outbox, and the verified code gives a working session', async () => {
    const email = uniqueEmail('ada');
    const challenge = await signup(ctx, email);
    expect(challenge.challengeId).toMatch(/^[0-9a-f-]{36}$/);
    expect(challenge.purpose).toBe('signup');
    expect(Date.parse(challenge.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);

    const mail = await latestMail(ctx, email);
    expect(mail.to).toBe(email);
    expect(mail.otp).toMatch(/^\d{6}$/);
    expect(mail.code).toBe(mail.otp);
    expect(mail.subject).toContain(mail.otp);
    expect(mail.text).toContain(mail.otp);
    expect(mail.html).toContain(mail.otp);
    expect(mail.text).toContain('10 minutes');

    // Delivered from the outbox table, whose row no longer holds the code.
    const jobs = await ctx.app.db.select().from(outbox);
    const job = jobs.find((j) => (j.payload as { to: string }).to === email);
    expect(job?.deliveredAt).not.toBeNull();
    expect(JSON.stringify(job?.payload)).not.toContain(mail.otp);

    const [before] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(before?.emailVerifiedAt).toBeNull();
    expect(before?.passwordHash).toMatch(/^\$argon2id\$/);

    const res = await verify(ctx, challenge.challengeId, mail.otp!);
    expect(res.statusCode).toBe(200);
    const session = res.json().data;
    expect(session.role).toBe('customer');
    expect(session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Access tokens live 15 minutes (ACCESS_TOKEN_TTL_S default 900).
    const ttlS = (Date.parse(session.expiresIn) - Date.now()) / 1000;
    expect(ttlS).toBeGreaterThan(880);
    expect(ttlS).toBeLessThanOrEqual(900);

    const me = await getMe(ctx, session.accessToken);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      ok: true,
      data: { email, role: 'customer', fullName: 'Ada Lovelace', emailVerified: true },
    });
  });

  it('creates a draft vendor profile with the business of a vendor sign-up', async () => {
    const { email, session } = await signedUp(ctx, 'vendor');
    expect(session.role).toBe('vendor');
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    const [profile] = await ctx.app.db
      .select()
      .from(vendorProfiles)
      .where(eq(vendorProfiles.userId, user!.id));
    expect(profile?.vettingStatus).toBe('draft');
    expect(profile?.businessName).toBe(TEST_BUSINESS.businessName);
    expect(profile?.timeZone).toBe('America/New_York');
    expect((await getMe(ctx, session.accessToken)).json().data.vendorId).toBe(profile?.id);
  });

  it('answers 400 with fields for an invalid body, and for a NUL byte names the field', async () => {
    const res = await post(ctx, '/v1/auth/signup', {
      fullName: 'A',
      email: 'not-an-email',
      password: 'short',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('validation_error');
    expect(res.json().error.fields).toMatchObject({
      email: 'Enter a valid email address',
      password: 'Password must be at least 8 characters',
      fullName: 'Enter your full name',
    });

    const email = uniqueEmail('nul');
    const nul = await post(ctx, '/v1/auth/signup', {
      fullName: 'Ada\u0000 Lovelace',
      email,
      password: PASSWORD,
    });
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json().error.fields)).toEqual(['fullName']);
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('leaves nothing written when the sign-up fails half-way (one transaction)', async () => {
    const email = uniqueEmail('atomic');
    // Make the last write of the use case (queueing the code's mail) fail.
    await ctx.app.db.execute(sql`
      create or replace function vetted_test_refuse_outbox() returns trigger language plpgsql as $$
      begin raise exception 'outbox refused by test'; end $$`);
    await ctx.app.db.execute(sql`
      create trigger vetted_test_refuse_outbox before insert on outbox
      for each row execute function vetted_test_refuse_outbox()`);
    try {
      await ensureCategory(ctx, TEST_BUSINESS.primaryCategorySlug);
      const res = await post(ctx, '/v1/auth/signup', {
        fullName: 'Half Written',
        email,
        password: PASSWORD,
        role: 'vendor',
        business: TEST_BUSINESS,
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.app.db.execute(sql`drop trigger vetted_test_refuse_outbox on outbox`);
    }
    expect(await ctx.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(
      await ctx.app.db.select().from(otpChallenges).where(eq(otpChallenges.email, email)),
    ).toEqual([]);
    // And the address is free for a sign-up that works.
    const challenge = await signup(ctx, email);
    expect(
      (await verify(ctx, challenge.challengeId, await latestCode(ctx, email))).statusCode,
    ).toBe(200);
  });
});

describe('sign-up and login do not reveal whether an address has an account', () => {
  it('answers a sign-up with a taken, verified address like a new one and mails its owner', async () => {
    const { email } = await signedUp(ctx);
    const before = (await mailsTo(ctx, email)).length;
    const fresh = await post(ctx, '/v1/auth/signup', {
      fullName: 'Someone Else',
      email: uniqueEmail('fresh'),
      password: PASSWORD,
    });
    const taken = await post(ctx, '/v1/auth/signup', {
      fullName: 'Someone Else',
      email: email.toUpperCase(),
      password: PASSWORD,
    });
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(201);
    const shape = (body: { ok: boolean; data: Record<string, unknown> }) => ({
      ok: body.ok,
      keys: Object.keys(body.data).sort(),
      purpose: body.data.purpose,
    });
    expect(shape(taken.json())).toEqual(shape(fresh.json()));
    expect(taken.json().data.email).toBe(email);

    // The owner learns about it; no code is sent and the account is untouched.
    const mails = await mailsTo(ctx, email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)?.subject).toBe('Someone tried to sign up to Vetted with your address');
    expect(mails.at(-1)?.otp).toBeUndefined();
    const [row] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    expect(row?.fullName).toBe('Ada Lovelace');

    // Its challenge behaves like a real one: wrong codes count down, and no code works.
    const decoy = taken.json().data.challengeId;
    const first = await verify(ctx, decoy, '123456');
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toEqual({
      message: 'Incorrect code. 4 attempts left',
      code: 'otp_invalid',
    });
    const resend = await post(ctx, '/v1/auth/otp/resend', { challengeId: decoy });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().error.code).toBe('otp_cooldown');

    // A second try within the hour does not mail the owner again.
    await post(ctx, '/v1/auth/signup', { fullName: 'Again', email, password: PASSWORD });
    expect(await mailsTo(ctx, email)).toHaveLength(before + 1);
  });

  it('restarts the verification of an unverified address: the new password and name count', async () => {
    const email = uniqueEmail('restart');
    const first = await signup(ctx, email, { fullName: 'First Name', password: 'first-password' });
    const oldCode = await latestCode(ctx, email);
    const second = await signup(ctx, email, {
      fullName: 'Second Name',
      password: 'second-password',
      role: 'vendor',
    });
    expect(second.challengeId).not.toBe(first.challengeId);
    const newCode = await latestCode(ctx, email);

    // The first challenge is over.
    const stale = await verify(ctx, first.challengeId, oldCode);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().error.code).toBe('otp_expired');

    const res = await verify(ctx, second.challengeId, newCode);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('vendor');
    expect((await getMe(ctx, res.json().data.accessToken)).json().data.fullName).toBe(
      'Second Name',
    );
    const wrong = await post(ctx, '/v1/auth/login', { email, password: 'first-password' });
    expect(wrong.statusCode).toBe(401);
    const right = await post(ctx, '/v1/auth/login', { email, password: 'second-password' });
    expect(right.statusCode).toBe(200);
  });

  it('answers a login with a wrong password and with an unknown address alike', async () => {
    const { email } = await signedUp(ctx);
    const wrongPassword = await post(ctx, '/v1/auth/login', { email, password: 'not the one' });
    const unknown = await post(ctx, '/v1/auth/login', {
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
});

describe('OTP', () => {
  it('rejects a wrong code with 400 and counts the attempts down', async () => {
    const email = uniqueEmail('otp');
    const challenge = await signup(ctx, email);
    const code = await latestCode(ctx, email);
    const first = await verify(ctx, challenge.challengeId, wrongCode(code));
    expect(first.statusCode).toBe(400);
    expect(first.json().error).toEqual({
      message: 'Incorrect code. 4 attempts left',
      code: 'otp_invalid',
    });
    const second = await verify(ctx, challenge.challengeId, wrongCode(code));
    expect(second.json().error.message).toBe('Incorrect code. 3 attempts left');
    expect((await verify(ctx, challenge.challengeId, code)).statusCode).toBe(200);
  });

  it('locks the challenge after 5 wrong codes, even for the right code and after a resend', async () => {
    const email = uniqueEmail('lock');
    const challenge = await signup(ctx, email);
    const code = await latestCode(ctx, email);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await verify(ctx, challenge.challengeId, wrongCode(code, i + 1))).statusCode);
    expect(statuses).toEqual([400, 400, 400, 400, 429]);
    const right = await verify(ctx, challenge.challengeId, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toEqual({
      message: 'Too many attempts. Start again to get a new code',
      code: 'otp_locked',
    });
    // A resend never resets the count.
    await ctx.app.db
      .update(otpChallenges)
      .set({ lastSentAt: new Date(Date.now() - 31_000) })
      .where(eq(otpChallenges.id, challenge.challengeId));
    const resend = await post(ctx, '/v1/auth/otp/resend', { challengeId: challenge.challengeId });
    expect(resend.statusCode).toBe(429);
    expect(resend.json().error.code).toBe('otp_locked');
    const [row] = await ctx.app.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.id, challenge.challengeId));
    expect(row?.attempts).toBe(5);
    expect(row?.consumedAt).toBeNull();
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail('expired');
    const challenge = await signup(ctx, email);
    await ctx.app.db
      .update(otpChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpChallenges.id, challenge.challengeId));
    const res = await verify(ctx, challenge.challengeId, await latestCode(ctx, email));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      message: 'This code has expired. Request a new one',
      code: 'otp_expired',
    });
  });

  it('accepts a code once only, also when two verifications race', async () => {
    const email = uniqueEmail('once');
    const challenge = await signup(ctx, email);
    const code = await latestCode(ctx, email);
    const results = await Promise.all([
      verify(ctx, challenge.challengeId, code),
      verify(ctx, challenge.challengeId, code),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const again = await verify(ctx, challenge.challengeId, code);
    expect(again.json().error.code).toBe('otp_used');
  });

  it('answers 404 for an unknown challenge', async () => {
    const res = await verify(ctx, '00000000-0000-4000-8000-000000000000', '123456');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('otp_not_found');
  });

  it('refuses a resend within the cooldown, then mails a new code with a new expiry', async () => {
    const email = uniqueEmail('resend');
    const challenge = await signup(ctx, email);
    const oldCode = await latestCode(ctx, email);
    const early = await post(ctx, '/v1/auth/otp/resend', { challengeId: challenge.challengeId });
    expect(early.statusCode).toBe(429);
    expect(early.json().error.code).toBe('otp_cooldown');
    expect(early.json().error.message).toMatch(
      /^Please wait \d+ seconds? before requesting a new code$/,
    );

    await verify(ctx, challenge.challengeId, wrongCode(oldCode));
    await ctx.app.db
      .update(otpChallenges)
      .set({ lastSentAt: new Date(Date.now() - 31_000), expiresAt: new Date(Date.now() - 1000) })
      .where(eq(otpChallenges.id, challenge.challengeId));

    const res = await post(ctx, '/v1/auth/otp/resend', { challengeId: challenge.challengeId });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.challengeId).toBe(challenge.challengeId);
    expect(Date.parse(data.expiresAt) - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(Date.parse(data.resendAvailableAt) - Date.now()).toBeGreaterThan(25_000);
    const newCode = await latestCode(ctx, email);
    const [row] = await ctx.app.db
      .select()
      .from(otpChallenges)
      .where(eq(otpChallenges.id, challenge.challengeId));
    // The wrong code before the resend still counts.
    expect(row?.attempts).toBe(1);
    if (newCode !== oldCode) {
      expect((await verify(ctx, challenge.challengeId, oldCode)).json().error.code).toBe(
        'otp_invalid',
      );
    }
    expect((await verify(ctx, challenge.challengeId, newCode)).statusCode).toBe(200);
  });
});

describe('login', () => {
  it('mails a login OTP whose code gives a session', async () => {
    const { email } = await signedUp(ctx);
    const res = await post(ctx, '/v1/auth/login', {
      email: ` ${email.toUpperCase()} `,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    const challenge = res.json().data;
    expect(challenge.purpose).toBe('login');
    const mail = await latestMail(ctx, email);
    expect(mail.subject).toContain('sign-in code');
    const verified = await verify(ctx, challenge.challengeId, mail.otp!);
    expect(verified.statusCode).toBe(200);
    expect((await getMe(ctx, verified.json().data.accessToken)).json().data.email).toBe(email);
  });

  it('refuses a suspended account with 403', async () => {
    const { email } = await signedUp(ctx);
    await ctx.app.db.update(users).set({ status: 'suspended' }).where(eq(users.email, email));
    const res = await post(ctx, '/v1/auth/login', { email, password: PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('account_suspended');
  });
});

describe('access tokens', () => {
  it('answers 401 "Session not found" without a bearer, for a forged token and for one without a session', async () => {
    const missing = await ctx.app.inject({ method: 'GET', url: '/v1/me' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({
      ok: false,
      error: { message: 'Session not found', code: 'unauthorized' },
    });
    const forged = await getMe(ctx, 'abc.def.ghi');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().error.message).toBe('Session not found');

    // Well signed, but no `sid`: every token must belong to a session that logout can end.
    const { email } = await signedUp(ctx);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    const noSession = await new SignJWT({ role: 'customer' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user!.id)
      .setIssuer('vetted')
      .setAudience('vetted-api')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(ctx.config.jwtSecret);
    const res = await getMe(ctx, noSession);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ message: 'Session not found', code: 'invalid_token' });
  });

  it('answers 401 "Session expired, Please login again" for an expired access token', async () => {
    const { email } = await signedUp(ctx);
    const [user] = await ctx.app.db.select().from(users).where(eq(users.email, email));
    const past = Math.floor(Date.now() / 1000) - 60;
    const expired = await new SignJWT({ role: 'customer', sid: crypto.randomUUID() })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user!.id)
      .setIssuer('vetted')
      .setAudience('vetted-api')
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(ctx.config.jwtSecret);
    const res = await getMe(ctx, expired);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({
      message: 'Session expired, Please login again',
      code: 'token_expired',
    });
  });
});

describe('auth rate limit', () => {
  it('limits the credential routes per IP more tightly than the API', async () => {
    // Clients are told apart by X-Forwarded-For, as behind a load balancer (TRUST_PROXY=true).
    const limited = await createTestContext({ authRateLimitPerMinute: 3, trustProxy: true });
    try {
      // A unique client address per run, so a shared Redis store starts from zero.
      const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/v1/auth/password/forgot',
          headers: { 'x-forwarded-for': ip },
          payload: { email: 'nobody@example.test' },
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error.code).toBe('rate_limited');
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const health = await limited.app.inject({
        method: 'GET',
        url: '/v1/health',
        headers: { 'x-forwarded-for': ip },
      });
      expect(health.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
