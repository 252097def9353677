import { testClockBodySchema } from '@vetted/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * `GET` / `PUT /v1/test/clock` (and end-to-end journeys: "after the hold (simulated
 * clock)"): reads or moves the clock every domain service reads (`app.clock`). Registered only
 * when `TEST_CLOCK` is on, which config.ts refuses with `NODE_ENV=production`; hidden from the
 * OpenAPI document. `PUT { now }` makes the clock read `now` at once and run on from there (an
 * offset to the wall clock, so timeouts and ordering still advance); answers
 * `{ ok: true, data: { now, offsetMs } }`. The database's own `now()` is not moved: domain code
 * passes the clock's time into its queries.
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
}
