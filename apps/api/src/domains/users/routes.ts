import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { UsersService } from './service';

/** `GET /v1/me` and `PATCH /v1/me`: the signed-in user's own profile. */
export default async function meRoutes(
  app: FastifyInstance,
  { users }: { users: UsersService },
): Promise<void> {
  route(app, endpoints.getMe, ({ user }) => users.getMe(user.id));
  route(app, endpoints.updateMe, ({ user, body }) => users.updateMe(user.id, body));
}
