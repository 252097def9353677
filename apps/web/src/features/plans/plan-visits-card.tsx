import type { Plan, PlanVisit } from '@vetted/contract';
import { Badge, Button, Card, CardContent, CardHeader, ConfirmDialog } from '@vetted/ui';
import { Link } from 'wouter';
import { formatDateTime } from '../../lib/format';
import { isSkippable, VISIT_STATUS_WORDS } from './plan-words';

export interface PlanVisitsCardProps {
  plan: Plan;
  /** "Now" (ms since epoch): visits after it can be skipped. */
  now: number;
  /** Offers "Skip" on upcoming visits (the customer, while the plan runs). */
  canSkip: boolean;
  /** Skips the visit starting at `startsAt`; rejects with the API's error (the dialog stays). */
  onSkip: (startsAt: string) => Promise<void>;
  /** The page of a visit's order. */
  orderHref: (orderId: string) => string;
}

/**
 * "Visits": past visits and the next ones (at most 8 ahead, from the API), each with its start
 * in the pro's time zone and its status; a visit with an order links to it; upcoming ones offer
 * "Skip" behind a confirmation that says what skipping does.
 */
export function PlanVisitsCard({ plan, now, canSkip, onSkip, orderHref }: PlanVisitsCardProps) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Visits</h2>
      </CardHeader>
      <CardContent>
        {plan.visits.length === 0 ? (
          <p className="text-sm text-muted">No visits yet.</p>
        ) : (
          <ol className="flex flex-col divide-y divide-border">
            {plan.visits.map((visit) => (
              <VisitRow
                key={visit.startsAt}
                visit={visit}
                timeZone={plan.timeZone}
                skippable={canSkip && isSkippable(visit, now)}
                onSkip={onSkip}
                orderHref={orderHref}
              />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function VisitRow({
  visit,
  timeZone,
  skippable,
  onSkip,
  orderHref,
}: {
  visit: PlanVisit;
  timeZone: string;
  skippable: boolean;
} & Pick<PlanVisitsCardProps, 'onSkip' | 'orderHref'>) {
  const when = formatDateTime(visit.startsAt, timeZone, true);
  return (
    <li
      data-visit={visit.visit}
      data-status={visit.status}
      className="flex flex-wrap items-center gap-x-3 gap-y-2 py-3"
    >
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="text-xs text-muted">Visit {visit.visit}</span>
        {visit.orderId ? (
          <Link href={orderHref(visit.orderId)} className="font-medium text-link underline">
            {when}
          </Link>
        ) : (
          <span className={visit.status === 'skipped' ? 'font-medium line-through' : 'font-medium'}>
            {when}
          </span>
        )}
      </span>
      <Badge variant={visit.status === 'skipped' ? 'secondary' : 'outline'}>
        {VISIT_STATUS_WORDS[visit.status]}
      </Badge>
      {skippable ? (
        <ConfirmDialog
          trigger={
            <Button size="sm" variant="outline" aria-label={`Skip visit ${visit.visit}`}>
              Skip
            </Button>
          }
          title={`Skip the visit of ${when}?`}
          description={
            visit.orderId
              ? 'This visit is already booked: it is cancelled under the cancellation policy, and the plan carries on with the next one.'
              : 'Nothing is charged for it, and the plan carries on with the next visit.'
          }
          confirmLabel="Skip visit"
          cancelLabel="Keep it"
          onConfirm={() => onSkip(visit.startsAt)}
        />
      ) : null}
    </li>
  );
}
