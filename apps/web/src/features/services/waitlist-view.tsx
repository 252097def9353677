import type { WaitlistEntry } from '@vetted/contract';
import { Alert, AlertDescription, AlertTitle, Button } from '@vetted/ui';
import { BellRing, CalendarHeart } from 'lucide-react';
import { Link } from 'wouter';
import { formatLongDateTime } from '../../lib/format';

/*
 * The waitlist on the service page: on a day with no free time, "Join the waitlist";
 * once joined, that the customer is on it; when a time frees up, the held offer with a link to
 * book it. Presentational; the container is `waitlist.tsx`, the stories
 * `waitlist-view.stories.tsx`.
 */

/** "10:15 AM" in `timeZone`. */
function timeOf(iso: string, timeZone: string) {
  return new Intl.DateTimeFormat(undefined, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/** "Tuesday 1 December" of a vendor-local `YYYY-MM-DD` (formatted at UTC noon: no zone shift). */
function dayOf(date: string) {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

export interface WaitlistDayActionProps {
  /** The fully booked day (vendor-local `YYYY-MM-DD`). */
  date: string;
  /** The customer's live entry for this day, if any. */
  entry?: WaitlistEntry;
  /** Signed out: a link to sign in instead of the button. */
  signInHref?: string | null;
  /** False for pros and admins: nothing is offered. */
  canJoin: boolean;
  /** True while joining or leaving. */
  busy?: boolean;
  onJoin: () => void;
  onLeave: () => void;
}

/**
 * Under "No free times on this day": join the day's waitlist, or — already on it — that a freed
 * time will be held for 15 minutes, with "Leave the waitlist".
 */
export function WaitlistDayAction({
  date,
  entry,
  signInHref,
  canJoin,
  busy,
  onJoin,
  onLeave,
}: WaitlistDayActionProps) {
  if (entry?.status === 'waiting') {
    return (
      <div className="flex flex-col items-center gap-2 text-sm">
        <p className="inline-flex items-center gap-1.5 font-medium text-success">
          <BellRing aria-hidden="true" className="size-4" /> You’re on the waitlist
        </p>
        <p className="max-w-xs text-muted">
          If a time frees up on {dayOf(date)}, we’ll hold it for you for 15 minutes and tell you
          right away.
        </p>
        <Button variant="link" onClick={onLeave} disabled={busy}>
          Leave the waitlist
        </Button>
      </div>
    );
  }
  if (entry) return null; // offered: shown above the picker
  if (signInHref) {
    return (
      <Button asChild variant="outline">
        <Link href={signInHref}>Sign in to join the waitlist</Link>
      </Button>
    );
  }
  if (!canJoin) return null;
  return (
    <div className="flex flex-col items-center gap-2">
      <Button variant="secondary" onClick={onJoin} loading={busy}>
        <BellRing aria-hidden="true" /> Join the waitlist
      </Button>
      <p className="max-w-xs text-xs text-muted">
        If someone cancels, the first person waiting gets the time.
      </p>
    </div>
  );
}

export interface WaitlistOffersProps {
  /** The customer's `offered` entries of this service. */
  offers: WaitlistEntry[];
  /** Where to book an offer's held time (the checkout of that slot). */
  checkoutHref: (entry: WaitlistEntry) => string;
}

/** A time held for the customer: when, until when, and "Book this time". */
export function WaitlistOffers({ offers, checkoutHref }: WaitlistOffersProps) {
  if (offers.length === 0) return null;
  return (
    <div className="flex flex-col gap-3" role="status">
      {offers.map((entry) =>
        entry.offer ? (
          <Alert key={entry.id} variant="success">
            <CalendarHeart aria-hidden="true" />
            <AlertTitle>A time freed up for you</AlertTitle>
            <AlertDescription>
              <p>
                {formatLongDateTime(entry.offer.startsAt, entry.service.timeZone)} is held for you
                until {timeOf(entry.offer.expiresAt, entry.service.timeZone)}. After that it goes to
                the next person waiting.
              </p>
              <div>
                <Button asChild size="sm">
                  <Link href={checkoutHref(entry)}>Book this time</Link>
                </Button>
              </div>
            </AlertDescription>
          </Alert>
        ) : null,
      )}
    </div>
  );
}
