/**
 * Pros' response times (the vendors domain owns `vendor_profiles`; the messages it measures are
 * the conversations domain's, read here). What counts, by the contract's `RESPONSE_TIME_POLICY`:
 * - an *ask* is a customer's message in a direct conversation that opens their turn (the first
 *   message, or one after the pro spoke), sent within the window;
 * - its *answer* is the pro's first message after it; the response time is the difference;
 * - a quote request's lead (the quotes domain's `quote_leads`, read here) is an ask too: made at
 *   its `createdAt`, answered at its `respondedAt` (the pro's quote or decline);
 * - the median is over answered asks; the fast share is answered within 4 hours ÷ every ask that
 *   was answered or has waited 4 hours (an ask younger than that, unanswered, is not judged yet).
 */
import { RESPONSE_TIME_POLICY } from '@vetted/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * Recomputes every pro's response time as of `now` in one transaction-safe pass: pros whose
 * figures came from asks that left the window are reset first, then every pro with asks gets
 * its median (whole minutes, rounded), fast share (basis points) and sample size. Pros without
 * asks are not rewritten. Answers the number of pros measured.
 */
export async function recomputeResponseTimes(db: DbOrTx, now: Date): Promise<number> {
  // Instants go as ISO text cast in SQL: both drivers (PGlite, postgres.js) take text alike.
  const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;
  const nowAt = at(now.getTime());
  const since = at(now.getTime() - RESPONSE_TIME_POLICY.windowMs);
  const judgedBefore = at(now.getTime() - RESPONSE_TIME_POLICY.fastAnswerMs);
  const fastSeconds = RESPONSE_TIME_POLICY.fastAnswerMs / 1000;
  await db.execute(sql`
    update vendor_profiles
    set response_minutes_median = null, response_within_4h_bps = null, response_sample_size = 0,
      response_computed_at = ${nowAt}
    where response_sample_size > 0 or response_minutes_median is not null`);
  const result = await db.execute(sql`
    with turns as (
      select c.id as conversation_id, c.vendor_id, c.vendor_user_id, c.user_id,
        m.sender_id, m.created_at,
        lag(m.sender_id) over (partition by m.conversation_id order by m.id) as previous_sender
      from messages m
      join conversations c on c.id = m.conversation_id
      where c.kind = 'direct' and c.vendor_id is not null
        and m.created_at >= ${since} and m.created_at <= ${nowAt}
    ), asks as (
      select t.vendor_id, t.created_at as asked_at,
        (select min(a.created_at) from messages a
          where a.conversation_id = t.conversation_id and a.sender_id = t.vendor_user_id
            and a.created_at >= t.created_at and a.created_at <= ${nowAt}) as answered_at
      from turns t
      where t.sender_id = t.user_id
        and (t.previous_sender is null or t.previous_sender <> t.user_id)
      union all
      select l.vendor_id, l.created_at as asked_at,
        case when l.responded_at <= ${nowAt} then l.responded_at end as answered_at
      from quote_leads l
      where l.created_at >= ${since} and l.created_at <= ${nowAt}
    ), figures as (
      select vendor_id,
        round(percentile_cont(0.5) within group (
          order by extract(epoch from answered_at - asked_at) / 60)
          filter (where answered_at is not null))::int as median_minutes,
        count(*) filter (where answered_at is not null or asked_at <= ${judgedBefore})::int as judged,
        count(*) filter (
          where answered_at is not null
            and extract(epoch from answered_at - asked_at) <= ${fastSeconds})::int as fast
      from asks
      group by vendor_id
    )
    update vendor_profiles vp
    set response_minutes_median = f.median_minutes,
      response_within_4h_bps = case when f.judged = 0 then null
        else round(f.fast * 10000.0 / f.judged)::int end,
      response_sample_size = f.judged,
      response_computed_at = ${nowAt}
    from figures f
    where vp.id = f.vendor_id
    returning vp.id`);
  // PGlite answers `{ rows }`, postgres.js the row list itself.
  const rows = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
  return rows.length;
}
