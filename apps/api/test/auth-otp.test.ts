import { Writable } from 'node:stream';
import { count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import {
  authSessions,
  otpChallenges,
  otpFailures,
  outbox,
  refreshTokens,
  users,
} from '../src/db/schema';
import { hashRefreshToken } from '../src/domains/auth/crypto';
import type { Clock } from '../src/domains/deps';
import { OTP_ACCOUNT_WINDOW_MS } from '../src/domains/auth/policy';
import { createAuthService } from '../src/domains/auth/service';
import {
  latestCode,
  mailsTo,
  PASSWORD,
  post,
  resetClock,
  setClock,
  signedUp,
  signup,
  uniqueEmail,
  verify,
  wrongCode,
} from './auth-helpers';
import { createTestContext, type TestContext } from './helpers';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());
afterEach(() => resetClock(ctx));

/** Starts a login challenge for `email`; returns its id and mailed code. */
async function loginChallenge(email: string): Promise<{ id: string; code: string }> {
  const res = await post(ctx, '/v1/auth/login', { email, password: PASSWORD });
  expect(res.statusCode).toBe(200);
  return { id: res.json().data.challengeId, code: await latestCode(ctx, email) };
}

async function failuresOf(email: string): Promise<number> {
  const [row] = await ctx.app.db
    .select({ n: count() })
    .from(otpFailures)
    .where(eq(otpFailures.email, email));
  return row?.n ?? 0;
}

describe('at most 10 wrong codes per account per hour, across its challenges', () => {
  it('answers the 11th attempt with 429 and mails the owner; resends never reset the count', async () => {
    const { email } = await signedUp(ctx);
    const t0 = new Date();
    setClock(ctx, t0);

    const statuses: number[] = [];
    for (const challenge of [await loginChallenge(email), await loginChallenge(email)]) {
      for (let i = 1; i <= 5; i++) {
        statuses.push((await verify(ctx, challenge.id, wrongCode(challenge.code, i))).statusCode);
        if (i === 2) {
          // A resend halfway through changes nothing about the counts.
          await ctx.app.db
            .update(otpChallenges)
            .set({ lastSentAt: new Date(t0.getTime() - 31_000) })
            .where(eq(otpChallenges.id, challenge.id));
          const resend = await post(ctx, '/v1/auth/otp/resend', { challengeId: challenge.id });
          expect(resend.statusCode).toBe(200);
          challenge.code = await latestCode(ctx, email);
        }
      }
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 400, 400, 400, 400, 429]);
    expect(await failuresOf(email)).toBe(10);
    const mailsBefore = (await mailsTo(ctx, email)).length;

    // The 11th attempt, with a fresh challenge and even the right code: 429.
    const third = await loginChallenge(email);
    const eleventh = await verify(ctx, third.id, third.code);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error).toEqual({
      message: 'Too many wrong codes. Try again in 60 minutes',
      code: 'otp_account_locked',
    });
    const mails = await mailsTo(ctx, email);
    // +1 login code for the third challenge, +1 lock notice.
    expect(mails).toHaveLength(mailsBefore + 2);
    expect(mails.at(-1)?.subject).toBe('Too many wrong codes on your Vetted account');
    expect(mails.at(-1)?.text).toContain('10 wrong one-time codes');

    // Later attempts in the same lock: still 429, no second notice, nothing more counted.
    setClock(ctx, new Date(t0.getTime() + 20 * 60_000));
    const later = await verify(ctx, third.id, wrongCode(third.code));
    expect(later.statusCode).toBe(429);
    expect(later.json().error.message).toBe('Too many wrong codes. Try again in 40 minutes');
    expect(await mailsTo(ctx, email)).toHaveLength(mailsBefore + 2);
    expect(await failuresOf(email)).toBe(10);

    // An hour after the first wrong code the address may try again.
    setClock(ctx, new Date(t0.getTime() + OTP_ACCOUNT_WINDOW_MS + 1000));
    const fresh = await loginChallenge(email);
    expect((await verify(ctx, fresh.id, fresh.code)).statusCode).toBe(200);
  });

  it('counts concurrent guesses one by one: 40 parallel guesses check 10 codes', async () => {
    const { email } = await signedUp(ctx);
    const challenges: { id: string; code: string }[] = [];
    for (let i = 0; i < 8; i++) challenges.push(await loginChallenge(email));
    const guesses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        const c = challenges[i % challenges.length]!;
        return verify(ctx, c.id, wrongCode(c.code, 1 + Math.floor(i / challenges.length)));
      }),
    );
    const codes = guesses.map((g) => g.json().error.code as string);
    const checked = codes.filter((c) => c === 'otp_invalid' || c === 'otp_locked').length;
    // Measured figure of guesses per hour per account (was about 24,000).
    console.info(`OTP guesses checked per account per hour: ${checked} of 40 sent`);
    expect(checked).toBe(10);
    expect(await failuresOf(email)).toBe(10);
    expect(codes.filter((c) => c === 'otp_account_locked')).toHaveLength(30);
  });
});

describe('codes never in plain text in the database or the log', () => {
  it('keeps only an HMAC in the challenge, redacts the delivered mail row, and logs no code', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // A second instance on the same database whose log we read, at the most verbose level.
    const logged = await buildApp({
      config: ctx.config,
      database: ctx.database,
      logger: { level: 'trace', stream },
    });
    await logged.ready();
    try {
      const email = uniqueEmail('secret');
      const res = await logged.inject({
        method: 'POST',
        url: '/v1/auth/signup',
        payload: { fullName: 'Ada Lovelace', email, password: PASSWORD },
      });
      expect(res.statusCode).toBe(201);
      const { challengeId } = res.json().data;
      await logged.jobs.drain();
      const code = await latestCode(ctx, email);
      const verified = await logged.inject({
        method: 'POST',
        url: '/v1/auth/otp/verify',
        payload: { challengeId, code },
      });
      expect(verified.statusCode).toBe(200);

      const [challenge] = await ctx.app.db
        .select()
        .from(otpChallenges)
        .where(eq(otpChallenges.id, challengeId));
      expect(challenge?.codeHash).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(challenge)).not.toContain(code);
      const rows = await ctx.app.db.select().from(outbox);
      const mailRow = rows.find((r) => (r.payload as { to?: string }).to === email);
      expect(mailRow?.deliveredAt).not.toBeNull();
      expect(mailRow?.payload).toEqual({
        to: email,
        redacted: 'one-time code removed after delivery',
      });
      for (const row of rows) expect(JSON.stringify(row)).not.toContain(code);

      // The log saw the requests and the mail, never the code.
      const log = lines.join('');
      expect(log).toContain('/v1/auth/otp/verify');
      expect(log).toContain('written to the outbox folder');
      expect(log).not.toContain(code);
    } finally {
      await logged.close();
    }
  });
});

describe('unverified accounts expire after 24 hours', () => {
  it('deletes an address left unverified for 24 h (not earlier, not verified ones), freeing it', async () => {
    const t0 = new Date();
    setClock(ctx, t0);
    const squatted = uniqueEmail('squat');
    await signup(ctx, squatted, { fullName: 'Squatter' });
    const { email: verified, session: kept } = await signedUp(ctx);
    const { session: ended } = await signedUp(ctx);
    await post(ctx, '/v1/auth/logout', { refreshToken: ended.refreshToken });
    const sessionOf = async (refreshToken: string) => {
      const [row] = await ctx.app.db
        .select({ id: authSessions.id })
        .from(authSessions)
        .innerJoin(refreshTokens, eq(refreshTokens.familyId, authSessions.id))
        .where(eq(refreshTokens.tokenHash, hashRefreshToken(refreshToken)));
      return row?.id ?? null;
    };
    const endedId = await sessionOf(ended.refreshToken);
    expect(endedId).not.toBeNull();

    let now = t0;
    const clock: Clock = { now: () => now };
    const auth = createAuthService({
      db: ctx.app.db,
      clock,
      config: ctx.config,
      log: ctx.app.log,
      tokens: ctx.app.auth,
    });
    const exists = async (email: string) =>
      (await ctx.app.db.select().from(users).where(eq(users.email, email))).length === 1;

    now = new Date(t0.getTime() + 24 * 60 * 60_000 - 1000);
    await auth.cleanup();
    expect(await exists(squatted)).toBe(true);

    now = new Date(t0.getTime() + 24 * 60 * 60_000 + 1000);
    const result = await auth.cleanup();
    expect(result.unverifiedUsers).toBeGreaterThanOrEqual(1);
    expect(await exists(squatted)).toBe(false);
    expect(await exists(verified)).toBe(true);
    // A session revoked a day ago is gone; a live one stays and still refreshes.
    const left = await ctx.app.db.select().from(authSessions).where(eq(authSessions.id, endedId!));
    expect(left).toEqual([]);
    expect(await sessionOf(kept.refreshToken)).not.toBeNull();

    // Someone else can now sign up with it and verify it.
    setClock(ctx, now);
    const challenge = await signup(ctx, squatted, { fullName: 'Rightful Owner' });
    const res = await verify(ctx, challenge.challengeId, await latestCode(ctx, squatted));
    expect(res.statusCode).toBe(200);
  });
});
