import { endpoints } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/route';
import type { ReviewsService } from './service';

/**
 * Reviews: a customer reviews a completed order, anyone reads a pro's reviews, the
 * pro replies once. The list is not kept in the catalogue's response cache: a new review or
 * reply shows at once (`no-cache`: browsers revalidate, a 304 when nothing changed).
 */
export default async function reviewRoutes(
  app: FastifyInstance,
  { reviews }: { reviews: ReviewsService },
): Promise<void> {
  route(
    app,
    endpoints.createReview,
    ({ params, body, user }) => reviews.create(user, params.id, body),
    { successStatus: 201 },
  );
  route(app, endpoints.listVendorReviews, async ({ params, query, user, reply }) => {
    const page = await reviews.list(user, params.id, query);
    reply.header('cache-control', 'no-cache');
    return page;
  });
  route(app, endpoints.replyToReview, ({ params, body, user }) =>
    reviews.reply(user, params.id, body),
  );
}
