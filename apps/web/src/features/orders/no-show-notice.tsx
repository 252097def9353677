import { formatMoneyWords, type OrderDetail, type OrderNoShow } from '@vetted/contract';
import { Alert, AlertDescription, AlertTitle, Button } from '@vetted/ui';
import { UserX } from 'lucide-react';
import { useReached } from '../../lib/hooks/use-reached';
import { toast } from '../../lib/toast';
import { useEndpointMutation } from '../../lib/use-endpoint';
import { api } from '../../lib/vetted-api';
import { NoShowDisputeDialog } from './no-show-dispute-dialog';
import { useRevalidateOrders } from './use-orders';

/** "Tue, Dec 1, 4:20 PM": `iso` in `timeZone` (the job's zone). */
function when(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

export interface NoShowNoticeProps {
  noShow: OrderNoShow;
  perspective: 'customer' | 'vendor';
  /** The order's total (what a pro's no-show refunds). */
  total: OrderDetail['total'];
  businessName: string;
  /** True once the refund succeeded (the order is `refunded`); until then it is on its way. */
  refunded?: boolean;
  /** The job's IANA zone: times are shown in it. */
  timeZone?: string;
  /** Sends a dispute (the customer's, within the window); absent: no dispute button. */
  onDispute?: (reason: string) => Promise<void>;
  /** Clock (ms epoch); injectable for stories. */
  now?: () => number;
}

/** The sentences of the card: its title and what happened to the money, for this side. */
function wording(p: NoShowNoticeProps): { title: string; body: string } {
  const { noShow, perspective } = p;
  const total = formatMoneyWords(p.total.amount, p.total.currency);
  if (noShow.by === 'vendor') {
    return perspective === 'customer'
      ? {
          title: `You reported that ${p.businessName} didn't come`,
          body: `${p.refunded ? `Full refund of ${total} made` : `Full refund of ${total} on its way`}, booking fee included. It counts on the pro's reliability record.`,
        }
      : {
          title: 'The customer reported that you didn’t come',
          body: `They get a full refund of ${total}. It counts on your reliability record for 90 days; contact support if this is wrong.`,
        };
  }
  const fee = noShow.fee ? formatMoneyWords(noShow.fee.amount, noShow.fee.currency) : '';
  return perspective === 'customer'
    ? {
        title: `Marked as a no-show: a fee of ${fee} was charged`,
        body: `${p.businessName} marked you as not there. ${
          p.refunded
            ? 'The rest of your payment was refunded'
            : 'The rest of your payment is on its way back to your card'
        }; the booking fee is kept.`,
      }
    : {
        title: 'You marked the customer as not there',
        body: `They were charged a no-show fee of ${fee}, which is paid to you.`,
      };
}

/**
 * The order page's card after a no-show, for either side: what happened (`noShow.by`), the fee
 * or the refund, and for the customer of a fee the dispute: "Dispute this fee" until
 * `disputableUntil` (it goes by itself at that instant), then "Disputed" once sent.
 */
export function NoShowNotice(props: NoShowNoticeProps) {
  const { noShow, perspective, timeZone, onDispute, now = Date.now } = props;
  const until = noShow.disputableUntil ? Date.parse(noShow.disputableUntil) : null;
  const closed = useReached(until === null ? null : until + 1, now);
  const { title, body } = wording(props);
  const mayDispute =
    perspective === 'customer' && noShow.by === 'customer' && !noShow.disputedAt && !closed;
  const fee = noShow.fee ? formatMoneyWords(noShow.fee.amount, noShow.fee.currency) : '';
  return (
    <Alert variant="warning" role="status">
      <UserX aria-hidden="true" />
      <AlertTitle>
        <h2 className="text-base">{title}</h2>
      </AlertTitle>
      <AlertDescription className="flex flex-col gap-3">
        <p>
          {body} Recorded <time dateTime={noShow.at}>{when(noShow.at, timeZone)}</time>.
        </p>
        {noShow.disputedAt ? (
          <p>
            {perspective === 'customer' ? 'You disputed' : 'The customer disputed'} the fee on{' '}
            <time dateTime={noShow.disputedAt}>{when(noShow.disputedAt, timeZone)}</time>; Vetted
            support is looking into it.
          </p>
        ) : null}
        {mayDispute && onDispute && noShow.disputableUntil ? (
          <div className="flex flex-wrap items-center gap-3">
            <NoShowDisputeDialog
              fee={fee}
              trigger={<Button variant="outline">Dispute this fee</Button>}
              onSubmit={({ reason }) => onDispute(reason)}
            />
            <span className="text-sm">
              Until{' '}
              <time dateTime={noShow.disputableUntil}>
                {when(noShow.disputableUntil, timeZone)}
              </time>
            </span>
          </div>
        ) : null}
      </AlertDescription>
    </Alert>
  );
}

/**
 * {@link NoShowNotice} of a loaded order, its dispute sent with `POST /orders/:id/no-show/dispute`
 * and the answer stored as the order page's `getOrder` data (the same SWR key, no re-read);
 * the order lists are refreshed in the background.
 */
export function OrderNoShowCard({
  order,
  perspective,
  timeZone,
}: {
  order: OrderDetail & { noShow: OrderNoShow };
  perspective: 'customer' | 'vendor';
  timeZone?: string;
}) {
  const { trigger } = useEndpointMutation(
    'getOrder',
    { params: { id: order.id } },
    { populateCache: true, revalidate: false },
  );
  const revalidateOrders = useRevalidateOrders();
  return (
    <NoShowNotice
      noShow={order.noShow}
      perspective={perspective}
      total={order.total}
      refunded={order.status === 'refunded'}
      businessName={order.vendor.businessName}
      timeZone={timeZone}
      onDispute={async (reason) => {
        await trigger(() => api.orders.disputeNoShow(order.id, { reason }));
        void revalidateOrders();
        toast.success('Sent to Vetted support: they will answer in a support chat');
      }}
    />
  );
}
