/**
 * VTIMEZONE components (RFC 5545 §3.6.5) for the IANA zones events are written in, so a calendar
 * client reads `DTSTART;TZID=America/New_York:…` with the zone's real rules. `ical-generator` has
 * no zone database and the zone libraries it suggests are not dependencies of the API; the
 * transitions come from the runtime's own database (Intl) through @date-fns/tz's `tzScan`.
 */
import { tzOffset, tzScan } from '@date-fns/tz';

const DAY_MS = 86_400_000;

/** `-0500` of an offset in minutes east of UTC. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${sign}${hh}${mm}`;
}

/** `20270314T020000`: the wall-clock time of `at` at `offset` minutes east of UTC. */
function localText(at: Date, offset: number): string {
  const t = new Date(at.getTime() + offset * 60_000).toISOString();
  return `${t.slice(0, 4)}${t.slice(5, 7)}${t.slice(8, 10)}T${t.slice(11, 13)}${t.slice(14, 16)}${t.slice(17, 19)}`;
}

/** One STANDARD or DAYLIGHT observance starting at `at`, from `from` to `to` (minutes). */
function observance(kind: 'STANDARD' | 'DAYLIGHT', at: Date, from: number, to: number): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${localText(at, from)}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(to)}`,
    `END:${kind}`,
  ];
}

/**
 * The VTIMEZONE of `timeZone` (an IANA id) covering the instants `from`…`to` with a year's margin
 * each side: one observance per offset change in that span (a change that moves clocks forward
 * is DAYLIGHT, back is STANDARD), after one for the offset in force at its start. A zone
 * without changes (Asia/Tokyo, UTC) gets one STANDARD observance. Lines joined by CRLF.
 */
export function vtimezone(timeZone: string, from: Date, to: Date): string {
  const start = new Date(from.getTime() - 366 * DAY_MS);
  const end = new Date(to.getTime() + 366 * DAY_MS);
  const changes = tzScan(timeZone, { start, end });
  const initial = tzOffset(timeZone, start);
  const firstKind = changes[0] && changes[0].change < 0 ? 'DAYLIGHT' : 'STANDARD';
  const lines = [
    'BEGIN:VTIMEZONE',
    `TZID:${timeZone}`,
    ...observance(firstKind, start, initial, initial),
  ];
  for (const c of changes) {
    const before = c.offset - c.change;
    lines.push(...observance(c.change > 0 ? 'DAYLIGHT' : 'STANDARD', c.date, before, c.offset));
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}
