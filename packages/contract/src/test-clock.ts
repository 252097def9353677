import { z } from 'zod';
import { DATE_RANGE_MESSAGE, isInDateRange } from './common';

/**
 * `PUT /v1/test/clock` body (only on a server started with `TEST_CLOCK=1`, never in production):
 * the instant the server's clock should read now, ISO 8601 with an offset. The clock then runs on
 * from there; end-to-end journeys use it to reach a job's start time or a later refund band.
 */
export const testClockBodySchema = z.object({
  now: z.iso
    .datetime({
      offset: true,
      error: 'must be an ISO 8601 date-time, e.g. 2026-11-24T09:00:00Z',
    })
    .refine(isInDateRange, { message: DATE_RANGE_MESSAGE }),
});
export type TestClockBody = z.infer<typeof testClockBodySchema>;

/** The server clock: what it reads and how far (ms) it is ahead of the wall clock. */
export const testClockSchema = z.object({
  now: z.string(),
  offsetMs: z.number().int(),
});
export type TestClock = z.infer<typeof testClockSchema>;
