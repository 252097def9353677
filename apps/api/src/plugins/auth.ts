import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import type { Role } from '@vetted/contract';
import { AppError } from '../lib/errors';

/** The caller of an authenticated request, from the access token. */
export interface AuthUser {
  id: string;
  role: Role;
}

export interface AuthService {
  /** Signs an HS256 access token for `user`, valid `ttlS` seconds. Returns the JWT and its expiry. */
  signAccessToken(user: AuthUser): Promise<{ token: string; expiresAt: Date }>;
  /**
   * Verifies an access token. Throws AppError 401 `token_expired` ("Session expired, Please login
   * again", spec §8) when expired, 401 `invalid_token` when malformed or badly signed.
   */
  verifyAccessToken(token: string): Promise<AuthUser>;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: AuthService;
  }
}

const ISSUER = 'vetted';
const AUDIENCE = 'vetted-api';

/** Access tokens: short-lived JWTs signed with jose (ARCHITECTURE §2). */
export default fp(
  async (app: FastifyInstance, opts: { secret: Uint8Array; ttlS: number }) => {
    const service: AuthService = {
      async signAccessToken(user) {
        const expiresAt = new Date(Date.now() + opts.ttlS * 1000);
        const token = await new SignJWT({ role: user.role })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(user.id)
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
          .sign(opts.secret);
        return { token, expiresAt };
      },
      async verifyAccessToken(token) {
        try {
          const { payload } = await jwtVerify(token, opts.secret, {
            issuer: ISSUER,
            audience: AUDIENCE,
            algorithms: ['HS256'],
          });
          const role = payload.role;
          if (
            typeof payload.sub !== 'string' ||
            (role !== 'customer' && role !== 'vendor' && role !== 'admin')
          ) {
            throw new AppError(401, 'Session not found', 'invalid_token');
          }
          return { id: payload.sub, role };
        } catch (err) {
          if (err instanceof AppError) throw err;
          if (err instanceof joseErrors.JWTExpired) {
            throw new AppError(401, 'Session expired, Please login again', 'token_expired');
          }
          throw new AppError(401, 'Session not found', 'invalid_token');
        }
      },
    };
    app.decorate('auth', service);
  },
  { name: 'auth' },
);
