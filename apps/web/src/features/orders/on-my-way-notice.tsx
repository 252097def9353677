import type { OrderOnMyWay } from '@vetted/contract';
import { Alert, AlertDescription, AlertTitle } from '@vetted/ui';
import { Truck } from 'lucide-react';
import { arrivalOf } from './on-my-way-window';

/** "10:42 AM": the time of day of `iso` in `timeZone` (the job's zone). */
function timeOfDay(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

export interface OnMyWayNoticeProps {
  /** The pro's latest "On my way" (`OrderDetail.onMyWay`). */
  onMyWay: OrderOnMyWay;
  perspective: 'customer' | 'vendor';
  /** The pro's business name, for the customer's sentence. */
  businessName: string;
  /** The job's (the pro's) IANA zone: the arrival time is shown in it. */
  timeZone?: string;
}

/**
 * The order page's card once the pro is on the way: "On the way — arriving around 10:42 AM"
 * (the time it was sent plus the ETA, in the job's zone). It appears live when the pro sends
 * it (the order frame revalidates the order), so it is a polite live region.
 */
export function OnMyWayNotice({
  onMyWay,
  perspective,
  businessName,
  timeZone,
}: OnMyWayNoticeProps) {
  const arrival = arrivalOf(onMyWay);
  const arrivalText = timeOfDay(arrival, timeZone);
  const sentText = timeOfDay(onMyWay.at, timeZone);
  return (
    <Alert variant="success" role="status">
      <Truck aria-hidden="true" />
      <AlertTitle>
        <h2 className="text-base">
          On the way — arriving around <time dateTime={arrival}>{arrivalText}</time>
        </h2>
      </AlertTitle>
      <AlertDescription>
        <p>
          {perspective === 'customer'
            ? `${businessName} set off at ${sentText}, about ${onMyWay.etaMinutes} min away.`
            : `You told the customer at ${sentText} that you are about ${onMyWay.etaMinutes} min away. Send it again to update your arrival time.`}
        </p>
      </AlertDescription>
    </Alert>
  );
}
