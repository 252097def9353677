import type { OrderDetail } from '@vetted/contract';
import { Card, CardContent, CardHeader, ORDER_STATUS } from '@vetted/ui';
import { formatDateTime } from '../../lib/format';

/**
 * The "Timeline" card of an order page (customer, pro and admin): its events newest first, each
 * with its label (the status reached, or "Tip" for the customer's tip), local date and time,
 * and note.
 */
export function OrderTimelineCard({ events }: { events: OrderDetail['events'] }) {
  const newestFirst = [...events].sort((a, b) => Date.parse(b.at) - Date.parse(a.at));
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Timeline</h2>
      </CardHeader>
      <CardContent>
        {newestFirst.length === 0 ? (
          <p className="text-sm text-muted">No updates yet.</p>
        ) : (
          <ol className="relative flex flex-col gap-5 border-l border-border pl-6">
            {newestFirst.map((event, i) => (
              <li key={`${event.status}-${event.at}`} className="relative">
                <span
                  aria-hidden="true"
                  className={`absolute top-1 -left-[31px] size-3 rounded-full ring-4 ring-surface-raised ${i === 0 ? 'bg-primary' : 'bg-neutral-400'}`}
                />
                <p className="font-medium">
                  {event.kind === 'tip'
                    ? 'Tip'
                    : (ORDER_STATUS[event.status]?.label ?? event.status)}
                </p>
                <p className="text-xs text-muted">
                  <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                </p>
                {event.note ? <p className="mt-1 text-sm">{event.note}</p> : null}
              </li>
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}
