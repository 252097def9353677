import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { unauthorized } from '../../lib/errors';
import { route } from '../../lib/route';
import { AUTH_MESSAGES } from './messages';
import type { AuthDomainService } from './service';

/**
 * `/v1/auth/*` (spec §7): sign-up, login, one-time codes, password reset, refresh and
 * logout. Each route parses, calls one `auth` service function and replies. The credential
 * routes get a tighter per-IP limit (`AUTH_RATE_LIMIT_PER_MINUTE`).
 */
export default async function authRoutes(
  app: FastifyInstance,
  { auth }: { auth: AuthDomainService },
): Promise<void> {
  // Tighter per-IP limit on the credential routes (brute force, mail bombing).
  const limited = {
    config: { rateLimit: { max: app.config.authRateLimitPerMinute, timeWindow: 60_000 } },
  };

  route(app, endpoints.signup, ({ body }) => auth.signup(body), {
    successStatus: 201,
    ...limited,
  });
  route(app, endpoints.login, ({ body }) => auth.login(body), limited);
  route(app, endpoints.verifyOtp, ({ body }) => auth.verifyOtp(body), limited);
  route(app, endpoints.resendOtp, ({ body }) => auth.resendOtp(body.challengeId), limited);
  route(app, endpoints.forgotPassword, ({ body }) => auth.forgotPassword(body), limited);
  route(app, endpoints.resetPassword, ({ body }) => auth.resetPassword(body), limited);

  // Not the tight limit: refresh tokens are 256-bit (nothing to guess), and many users behind
  // one address refresh routinely. The global API limit still applies.
  route(app, endpoints.resetToken, ({ bearer }) => {
    // spec §7: the refresh token is the bearer credential.
    if (!bearer) throw unauthorized(AUTH_MESSAGES.sessionNotFound, 'unauthorized');
    return auth.refresh(bearer);
  });

  // The refresh token may come in the body or as the bearer; an access token as the bearer
  // (JWTs have dots, refresh tokens are base64url) ends its session too.
  route(app, endpoints.logout, ({ body, bearer }) =>
    auth.logout({
      refreshToken: body?.refreshToken ?? (bearer && !bearer.includes('.') ? bearer : null),
      accessToken: bearer?.includes('.') ? bearer : null,
    }),
  );
}
