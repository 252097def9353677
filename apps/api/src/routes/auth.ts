import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { endpoints, OTP_TTL_MS } from '@vetted/contract';
import { otpChallenges, users, vendorProfiles } from '../db/schema';
import { AppError, conflict, forbidden, unauthorized } from '../lib/errors';
import { route } from '../lib/route';
import { isUniqueViolation } from '../services/auth/errors';
import {
  consumeOtpChallenge,
  createOtpChallenge,
  type OtpPurpose,
  refreshOtpChallenge,
  toOtpChallenge,
} from '../services/auth/otp';
import { hashPassword, verifyAgainstDummy, verifyPassword } from '../services/auth/passwords';
import { revokeFamilyOfToken, rotateRefreshToken } from '../services/auth/refresh-tokens';
import { buildSession, startSession } from '../services/auth/session';
import { otpMail } from '../services/mail';

const EMAIL_TAKEN = 'An account with this email already exists';
const INVALID_CREDENTIALS = 'Incorrect email or password';
const SUSPENDED = 'Your account is suspended. Contact support';

/**
 * Auth (ARCHITECTURE §2, spec §3/§7): password + mailed OTP → session of a short-lived jose
 * access token and an opaque, rotating refresh token.
 */
export default async function authRoutes(app: FastifyInstance): Promise<void> {
  const { config } = app;
  // Tighter per-IP limit on the credential routes (brute force, mail bombing).
  const limited = {
    config: { rateLimit: { max: config.authRateLimitPerMinute, timeWindow: 60_000 } },
  };

  async function mailCode(
    to: string,
    fullName: string,
    code: string,
    purpose: OtpPurpose,
    expiresAt: Date,
  ): Promise<void> {
    // A failed delivery stays in the outbox and is retried; the challenge itself is valid.
    await app.mail.send({
      ...otpMail({
        to,
        fullName,
        code,
        purpose,
        ttlMinutes: Math.round(OTP_TTL_MS / 60_000),
        publicUrl: config.publicUrl,
      }),
      expiresAt: expiresAt.toISOString(),
    });
  }

  route(
    app,
    endpoints.signup,
    async ({ body }) => {
      const passwordHash = await hashPassword(body.password);
      const [existing] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, body.email))
        .limit(1);
      if (existing) throw conflict(EMAIL_TAKEN, 'email_taken');
      const userId = crypto.randomUUID();
      let started: Awaited<ReturnType<typeof createOtpChallenge>>;
      try {
        started = await app.db.transaction(async (tx) => {
          await tx.insert(users).values({
            id: userId,
            role: body.role,
            email: body.email,
            phone: body.phone ?? null,
            fullName: body.fullName,
            passwordHash,
          });
          if (body.role === 'vendor') {
            await tx.insert(vendorProfiles).values({
              id: crypto.randomUUID(),
              userId,
              businessName: body.fullName,
              vettingStatus: 'pending',
            });
          }
          return createOtpChallenge(tx, config.jwtSecret, {
            userId,
            email: body.email,
            purpose: 'signup',
          });
        });
      } catch (err) {
        // Two sign-ups with one email at once: the unique index decides.
        if (isUniqueViolation(err)) throw conflict(EMAIL_TAKEN, 'email_taken');
        throw err;
      }
      await mailCode(
        body.email,
        body.fullName,
        started.code,
        'signup',
        started.challenge.expiresAt,
      );
      return toOtpChallenge(started.challenge);
    },
    { successStatus: 201, ...limited },
  );

  route(
    app,
    endpoints.login,
    async ({ body }) => {
      const [user] = await app.db.select().from(users).where(eq(users.email, body.email)).limit(1);
      // Same message and (roughly) the same time whether the email or the password is wrong.
      const ok = user
        ? await verifyPassword(user.passwordHash, body.password)
        : await verifyAgainstDummy(body.password);
      if (!user || !ok) throw unauthorized(INVALID_CREDENTIALS, 'invalid_credentials');
      if (user.status !== 'active') throw forbidden(SUSPENDED, 'account_suspended');
      const started = await createOtpChallenge(app.db, config.jwtSecret, {
        userId: user.id,
        email: user.email,
        purpose: 'login',
      });
      await mailCode(user.email, user.fullName, started.code, 'login', started.challenge.expiresAt);
      return toOtpChallenge(started.challenge);
    },
    limited,
  );

  route(
    app,
    endpoints.verifyOtp,
    async ({ body }) => {
      const challenge = await consumeOtpChallenge(app.db, config.jwtSecret, body);
      const [user] = await app.db
        .select()
        .from(users)
        .where(eq(users.id, challenge.userId))
        .limit(1);
      if (!user)
        throw new AppError(
          404,
          'This verification request was not found. Start again',
          'otp_not_found',
        );
      if (user.status !== 'active') throw forbidden(SUSPENDED, 'account_suspended');
      // A correct code proves the mailbox, whether it came from sign-up or login.
      if (!user.emailVerifiedAt) {
        await app.db
          .update(users)
          .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
          .where(eq(users.id, user.id));
      }
      return startSession(app, app.db, { id: user.id, role: user.role });
    },
    limited,
  );

  route(
    app,
    endpoints.resendOtp,
    async ({ body }) => {
      const { challenge, code } = await refreshOtpChallenge(
        app.db,
        config.jwtSecret,
        body.challengeId,
      );
      const [user] = await app.db
        .select({ fullName: users.fullName })
        .from(users)
        .where(eq(users.id, challenge.userId))
        .limit(1);
      await mailCode(
        challenge.email,
        user?.fullName ?? '',
        code,
        challenge.purpose,
        challenge.expiresAt,
      );
      return toOtpChallenge(challenge);
    },
    limited,
  );

  route(
    app,
    endpoints.resetToken,
    async ({ bearer }) => {
      // spec §7: the refresh token is the bearer credential.
      if (!bearer) throw unauthorized('Session not found', 'unauthorized');
      const rotated = await rotateRefreshToken(app.db, {
        token: bearer,
        ttlS: config.refreshTokenTtlS,
      });
      return buildSession(app, rotated.user, rotated.token);
    },
    // Not the tight limit: refresh tokens are 256-bit random (nothing to guess), and many users
    // behind one address refresh routinely. The global API limit still applies.
  );

  route(app, endpoints.logout, async ({ body, request }) => {
    // Idempotent: an unknown or already revoked token still logs out. The refresh token may come
    // in the body or, like reset-token, as the bearer credential.
    const token = body?.refreshToken ?? bearerRefresh(request.headers.authorization);
    if (token) await revokeFamilyOfToken(app.db, token);
    return { loggedOut: true as const };
  });

  // Keep the challenge table small: consumed or long-expired challenges are useless.
  const sweep = setInterval(() => {
    app.db
      .delete(otpChallenges)
      .where(sql`${otpChallenges.expiresAt} < now() - interval '1 day'`)
      .catch((err: unknown) => app.log.warn({ err }, 'otp sweep failed'));
  }, 60 * 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}

/** A bearer value that is not a JWT (access tokens have dots; refresh tokens are base64url). */
function bearerRefresh(header: string | undefined): string | null {
  const token = header && /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
  return token && !token.includes('.') ? token : null;
}
