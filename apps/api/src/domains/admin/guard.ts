import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { unauthorized } from '../../lib/errors';
import { bearerOf } from '../../lib/route';
import { adminOnly } from './messages';

/** URL prefix of the admin console's API: every route under it is admins only. */
export const ADMIN_PREFIX = '/v1/admin/';

/** Whether the request matched a route of the admin API (by its registered pattern). */
export function isAdminRoute(request: FastifyRequest): boolean {
  return request.routeOptions.url?.startsWith(ADMIN_PREFIX) === true;
}

/**
 * The one guard of `/v1/admin/*`: an `onRequest` hook on every route whose
 * registered pattern starts with {@link ADMIN_PREFIX} — whichever domain registered it (the
 * console, payments, the support desk) — answers 401 "Session not found" without a valid
 * access token and 403 "Admins only" (`admin_only`) to a signed-in customer or pro, before the
 * body is read or validated. Matching the route's pattern, not the raw URL, means an encoded
 * or oddly cased path cannot reach an admin handler around it. test/admin-access.test.ts checks
 * every `/admin` entry of the contract's route table.
 */
export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request) => {
      if (!isAdminRoute(request)) return;
      const bearer = bearerOf(request);
      if (!bearer) throw unauthorized('Session not found');
      const caller = await app.auth.verifyAccessToken(bearer);
      if (caller.role !== 'admin') throw adminOnly();
    });
  },
  { name: 'admin-guard', dependencies: ['auth'] },
);
