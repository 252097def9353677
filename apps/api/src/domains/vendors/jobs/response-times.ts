import type { Db } from '../../../db/client';
import { defineSchedule } from '../../../jobs/define';
import { recomputeResponseTimes } from '../response-times-repository';

/** What the response-time schedule runs with. */
export interface ResponseTimesDeps {
  db: Db;
  clock: { now(): Date };
}

/**
 * `vendors.response-times`: recomputes every pro's response time (median minutes to a first
 * answer, share within 4 hours) hourly at minute 17, once across all instances — screens and
 * search read the stored figures, never compute them per request.
 */
export const responseTimesSchedule = defineSchedule({
  name: 'vendors.response-times',
  cron: '17 * * * *',
  run: ({ db, clock }: ResponseTimesDeps) =>
    db.transaction((tx) => recomputeResponseTimes(tx, clock.now())),
});
