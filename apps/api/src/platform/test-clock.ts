import { testClockBodySchema } from '@vetted/contract';
import { and, gt, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { outbox } from '../db/schema';

/**
 * `GET` / `PUT /v1/test/clock` (and end-to-end journeys: "after the hold (simulated
 * clock)"): reads or moves the clock every domain service reads (`app.clock`). Registered only
 * when `TEST_CLOCK` is on, which config.ts refuses with `NODE_ENV=production`; hidden from the
 * OpenAPI document. `PUT { now }` makes the clock read `now` at once and run on from there (an
 * offset to the wall clock, so timeouts and ordering still advance); answers
 * `{ ok: true, data: { now, offsetMs } }`. The database's own `now()` is not moved: domain code
 * passes the clock's time into its queries.
 *
 * `POST /v1/test/jobs/due` makes every job that is due by this clock but not yet by the
 * database's (a reminder the day before a booking, once the clock moved there) due now, so the
 * running workers deliver it; answers `{ ok: true, data: { due } }` (how many). Jobs are never
 * made due by moving the clock alone: journeys that move it do not get side effects they did not
 * ask for.
 */
export default async function testClockRoutes(app: FastifyInstance): Promise<void> {
  let offsetMs = 0;
  app.clock.now = () => new Date(Date.now() + offsetMs);
  const reading = () => ({ now: app.clock.now().toISOString(), offsetMs });

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get('/v1/test/clock', { schema: { hide: true } }, async () => ({
    ok: true as const,
    data: reading(),
  }));
  typed.put(
    '/v1/test/clock',
    { schema: { hide: true, body: testClockBodySchema } },
    async ({ body }) => {
      offsetMs = Date.parse(body.now) - Date.now();
      app.log.warn({ offsetMs }, 'test clock moved');
      return { ok: true as const, data: reading() };
    },
  );
  typed.post('/v1/test/jobs/due', { schema: { hide: true } }, async () => {
    const rows = await app.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.deliveredAt),
          isNull(outbox.failedAt),
          lte(outbox.dueAt, app.clock.now()),
          gt(outbox.dueAt, sql`now()`),
        ),
      );
    for (const { id } of rows) await app.jobs.makeDue(id);
    app.jobs.kick();
    return { ok: true as const, data: { due: rows.length } };
  });
}
