import { z } from 'zod';

/**
 * A pro's response time: how quickly they answer customers. Measured by the API's vendors
 * domain on a schedule (never per request) over {@link RESPONSE_TIME_POLICY}'s window; shown on
 * the pro page and in search results, and one factor of search relevance.
 */

const HOUR_MS = 60 * 60_000;

/**
 * The numbers of the measure: the last 90 days (ms); an answer within 4 hours counts as fast
 * (ms; the bar customers expect — two thirds of them want a reply within a few hours); below
 * 3 measured messages nothing is shown (too few to say "usually").
 */
export const RESPONSE_TIME_POLICY = {
  windowMs: 90 * 24 * HOUR_MS,
  fastAnswerMs: 4 * HOUR_MS,
  minSample: 3,
} as const;

/**
 * A pro's response time as screens show it: the median minutes to a first answer, the share of
 * customer messages answered within 4 hours (basis points, 10 000 = all), how many messages it
 * was measured on, and the sentence ("Usually replies within 2 hours").
 */
export const responseTimeSchema = z.object({
  medianMinutes: z.number().int().min(0),
  within4hBps: z.number().int().min(0).max(10_000),
  sampleSize: z.number().int().min(0),
  label: z.string(),
});
export type ResponseTime = z.infer<typeof responseTimeSchema>;

/**
 * "Usually replies within …" for a median of `medianMinutes`: 15 minutes, an hour, N hours
 * (rounded up, up to a day), a day, or a few days.
 */
export function responseTimeLabel(medianMinutes: number): string {
  if (medianMinutes <= 15) return 'Usually replies within 15 minutes';
  if (medianMinutes <= 60) return 'Usually replies within an hour';
  if (medianMinutes < 24 * 60)
    return `Usually replies within ${Math.ceil(medianMinutes / 60)} hours`;
  if (medianMinutes <= 24 * 60) return 'Usually replies within a day';
  return 'Usually replies within a few days';
}

/**
 * The shown response time of a pro's stored measure, or null when there is none or fewer than
 * {@link RESPONSE_TIME_POLICY}`.minSample` messages were measured.
 */
export function toResponseTime(stored: {
  medianMinutes: number | null;
  within4hBps: number | null;
  sampleSize: number;
}): ResponseTime | null {
  const { medianMinutes, within4hBps, sampleSize } = stored;
  if (medianMinutes === null || within4hBps === null) return null;
  if (sampleSize < RESPONSE_TIME_POLICY.minSample) return null;
  return { medianMinutes, within4hBps, sampleSize, label: responseTimeLabel(medianMinutes) };
}
