import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getMe,
  latestCode,
  latestMail,
  loggedIn,
  mailsTo,
  PASSWORD,
  post,
  resetToken,
  signedUp,
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

const forgot = (email: string) => post(ctx, '/v1/auth/password/forgot', { email });
const reset = (challengeId: string, code: string, password = 'a brand new password') =>
  post(ctx, '/v1/auth/password/reset', { challengeId, code, password });

describe('POST /v1/auth/password/forgot', () => {
  it('answers the same for an address with and without an account; only the owner gets a code', async () => {
    const { email } = await signedUp(ctx);
    const nobody = uniqueEmail('nobody');
    const known = await forgot(email.toUpperCase());
    const unknown = await forgot(nobody);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    const shape = (data: Record<string, unknown>) => ({
      keys: Object.keys(data).sort(),
      purpose: data.purpose,
      ttl: Math.round((Date.parse(String(data.expiresAt)) - Date.now()) / 60_000),
    });
    expect(shape(unknown.json().data)).toEqual(shape(known.json().data));
    expect(known.json().data.purpose).toBe('password_reset');

    const mail = await latestMail(ctx, email);
    expect(mail.subject).toBe(`${mail.otp} is your Vetted password reset code`);
    expect(mail.text).toContain('10 minutes');
    expect(await mailsTo(ctx, nobody)).toEqual([]);

    // Wrong codes read the same on both challenges.
    const a = await reset(known.json().data.challengeId, wrongCode(mail.otp!));
    const b = await reset(unknown.json().data.challengeId, '123456');
    expect(a.statusCode).toBe(400);
    expect(b.statusCode).toBe(400);
    expect(b.json()).toEqual(a.json());
    expect(a.json().error).toEqual({
      message: 'Incorrect code. 4 attempts left',
      code: 'otp_invalid',
    });
  });

  it('refuses a malformed address with 400', async () => {
    const res = await forgot('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ email: 'Enter a valid email address' });
  });
});

describe('POST /v1/auth/password/reset', () => {
  it('sets the new password with the mailed code and ends every session of the account', async () => {
    const { email, session: first } = await signedUp(ctx);
    const second = await loggedIn(ctx, email);
    const challenge = (await forgot(email)).json().data;
    const code = await latestCode(ctx, email);

    const res = await reset(challenge.challengeId, code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, data: { passwordReset: true } });

    for (const s of [first, second]) {
      const me = await getMe(ctx, s.accessToken);
      expect(me.statusCode).toBe(401);
      expect(me.json().error.code).toBe('session_revoked');
      expect((await resetToken(ctx, s.refreshToken)).statusCode).toBe(401);
    }
    const old = await post(ctx, '/v1/auth/login', { email, password: PASSWORD });
    expect(old.statusCode).toBe(401);
    const fresh = await loggedIn(ctx, email, 'a brand new password');
    expect((await getMe(ctx, fresh.accessToken)).statusCode).toBe(200);

    const notice = (await mailsTo(ctx, email)).find(
      (m) => m.subject === 'Your Vetted password was changed',
    );
    expect(notice?.otp).toBeUndefined();

    // The code works once.
    const again = await reset(challenge.challengeId, code, 'yet another password');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('otp_used');
  });

  it('keeps reset and sign-in challenges apart', async () => {
    const { email } = await signedUp(ctx);
    const resetChallenge = (await forgot(email)).json().data.challengeId;
    const resetCode = await latestCode(ctx, email);
    const asLogin = await verify(ctx, resetChallenge, resetCode);
    expect(asLogin.statusCode).toBe(404);
    expect(asLogin.json().error.code).toBe('otp_not_found');

    const login = await post(ctx, '/v1/auth/login', { email, password: PASSWORD });
    const loginCode = await latestCode(ctx, email);
    const asReset = await reset(login.json().data.challengeId, loginCode);
    expect(asReset.statusCode).toBe(404);
    // Neither code was used up by the wrong door.
    expect((await reset(resetChallenge, resetCode)).statusCode).toBe(200);
  });

  it('answers 400 naming the field for a short password', async () => {
    const res = await reset('00000000-0000-4000-8000-000000000000', '123456', 'short');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      password: 'Password must be at least 8 characters',
    });
  });
});
