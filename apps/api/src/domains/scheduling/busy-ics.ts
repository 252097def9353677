/**
 * Reading another calendar's busy time: the events of an iCalendar text (RFC 5545), recurring
 * ones expanded, as intervals over a window. Parsed with ical.js (independent of the
 * ical-generator that writes Vetted's own files). Pure: no I/O, no clock.
 */
import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import type { Interval } from './grid';
import { busyTooMany, icsUnreadable } from './messages';

/** A calendar that cannot be read into busy times; its message is for the pro. */
export class BusyImportError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BusyImportError';
  }
}

/** Most busy intervals one calendar may block over the horizon (~14 a day for a year). */
export const MAX_BUSY_INTERVALS = 5000;
/**
 * Most occurrences walked per recurring event, from its first one: a daily event started 50
 * years ago fits; a rule that never reaches the window is cut off rather than let run.
 */
const MAX_STEPS_PER_EVENT = 20_000;
/** Rules repeating every second or minute are no busy time anyone keeps: not expanded. */
const TOO_FREQUENT = new Set(['SECONDLY', 'MINUTELY']);

/** Where busy time is read: `[from, to)`, and the zone of dates and floating times. */
export interface BusyWindow {
  from: Date;
  to: Date;
  /** IANA zone (the pro's): all-day events and times without a zone are read in it. */
  timeZone: string;
}

/**
 * The instant of an ical.js time: a UTC or zoned time as it says (a `TZID` resolved by the
 * file's own VTIMEZONE); a date (all-day) or a floating time as that wall-clock time in
 * `timeZone`. A `TZID` the file does not define is read as floating.
 */
function instantOf(t: ICAL.Time, timeZone: string): number {
  const floating =
    t.isDate || t.zone === ICAL.Timezone.localTimezone || t.zone?.tzid === 'floating';
  if (!floating) return t.toUnixTime() * 1000;
  return new TZDate(t.year, t.month - 1, t.day, t.hour, t.minute, t.second, timeZone).getTime();
}

/** Whether an event blocks time: not cancelled, and not marked free (`TRANSP:TRANSPARENT`). */
function blocks(component: ICAL.Component): boolean {
  const status = String(component.getFirstPropertyValue('status') ?? '').toUpperCase();
  const transp = String(component.getFirstPropertyValue('transp') ?? '').toUpperCase();
  return status !== 'CANCELLED' && transp !== 'TRANSPARENT';
}

/** The VCALENDAR of `text`. @throws BusyImportError when it is not iCalendar */
function calendarOf(text: string): ICAL.Component {
  let jcal: unknown;
  try {
    jcal = ICAL.parse(text);
  } catch (cause) {
    throw new BusyImportError(icsUnreadable(), { cause });
  }
  // Several top-level components parse to an array of them: take the first calendar.
  const list = (Array.isArray(jcal) && Array.isArray(jcal[0]) ? jcal : [jcal]) as unknown[];
  for (const item of list) {
    const component = new ICAL.Component(item as unknown[]);
    if (component.name === 'vcalendar') return component;
  }
  throw new BusyImportError(icsUnreadable());
}

/** Adds the intervals of one event (its occurrences when it recurs) to `out`. */
function expandEvent(
  master: ICAL.Component,
  exceptions: ICAL.Component[],
  window: BusyWindow,
  out: Interval[],
): void {
  const event = new ICAL.Event(master, { exceptions });
  const from = window.from.getTime();
  const to = window.to.getTime();
  const add = (start: ICAL.Time, end: ICAL.Time, item: ICAL.Component) => {
    const startsAt = instantOf(start, window.timeZone);
    const endsAt = instantOf(end, window.timeZone);
    if (endsAt <= startsAt || endsAt <= from || startsAt >= to || !blocks(item)) return;
    out.push({ startsAt: new Date(startsAt), endsAt: new Date(endsAt) });
    if (out.length > MAX_BUSY_INTERVALS) throw new BusyImportError(busyTooMany(MAX_BUSY_INTERVALS));
  };
  if (!event.isRecurring()) {
    add(event.startDate, event.endDate, master);
    return;
  }
  const rule = master.getFirstPropertyValue('rrule') as ICAL.Recur | null;
  if (rule && TOO_FREQUENT.has(rule.freq)) return;
  const iterator = event.iterator();
  // A day of margin: an occurrence moved by an exception may start earlier than its rule's time.
  const stopAt = to + 86_400_000;
  for (let step = 0; step < MAX_STEPS_PER_EVENT; step++) {
    const next = iterator.next();
    if (!next || instantOf(next, window.timeZone) >= stopAt) return;
    const details = event.getOccurrenceDetails(next);
    add(details.startDate, details.endDate, details.item.component);
  }
}

/**
 * The busy intervals of iCalendar `text` over `window`: every VEVENT that is not cancelled nor
 * marked free (`TRANSP:TRANSPARENT`), recurring ones expanded (RRULE, RDATE, EXDATE, and
 * occurrences moved by a RECURRENCE-ID exception), overlapping `[from, to)`. Times are read as
 * {@link instantOf} says. Events without a length block nothing. Nothing but the times is read.
 * @throws BusyImportError when `text` is no iCalendar, or past {@link MAX_BUSY_INTERVALS}
 */
export function busyIntervals(text: string, window: BusyWindow): Interval[] {
  const calendar = calendarOf(text);
  const masters: ICAL.Component[] = [];
  const exceptions = new Map<string, ICAL.Component[]>();
  for (const vevent of calendar.getAllSubcomponents('vevent')) {
    if (!vevent.hasProperty('dtstart')) continue;
    if (!vevent.hasProperty('recurrence-id')) {
      masters.push(vevent);
      continue;
    }
    const uid = String(vevent.getFirstPropertyValue('uid') ?? '');
    exceptions.set(uid, [...(exceptions.get(uid) ?? []), vevent]);
  }
  const out: Interval[] = [];
  const related = new Set<string>();
  try {
    for (const master of masters) {
      const uid = String(master.getFirstPropertyValue('uid') ?? '');
      related.add(uid);
      expandEvent(master, exceptions.get(uid) ?? [], window, out);
    }
    // An exception whose series is not in the file is an event of its own.
    for (const [uid, list] of exceptions) {
      if (related.has(uid)) continue;
      for (const vevent of list) {
        const single = new ICAL.Component(vevent.toJSON());
        single.removeAllProperties('recurrence-id');
        calendar.addSubcomponent(single);
        expandEvent(single, [], window, out);
      }
    }
  } catch (err) {
    if (err instanceof BusyImportError) throw err;
    throw new BusyImportError(icsUnreadable(), { cause: err });
  }
  return out.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
}
