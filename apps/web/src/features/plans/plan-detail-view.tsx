import { CANCELLATION_POLICY, hoursText, type Plan, percentText } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Breadcrumbs,
  Button,
  Card,
  CardContent,
  CardHeader,
  ConfirmDialog,
  Price,
} from '@vetted/ui';
import { formatDate } from '../../lib/format';
import { PlanStatusBadge } from './plan-status-badge';
import { PlanVisitsCard } from './plan-visits-card';
import { FREQUENCY_WORDS, PLAN_PAYMENT_TEXT } from './plan-words';

export interface PlanDetailViewProps {
  plan: Plan;
  /** The customer may skip, pause and resume; either side may cancel. */
  perspective: 'customer' | 'vendor';
  /** "Now" (ms since epoch): visits after it can be skipped. */
  now: number;
  backHref: string;
  /** Each write rejects with the API's error (reported by the caller; dialogs stay open). */
  onSkip: (startsAt: string) => Promise<void>;
  onPause: () => Promise<void>;
  onResume: () => Promise<void>;
  onCancel: () => Promise<void>;
  /** A write is under way: the pause/resume button shows it. */
  busy?: boolean;
  orderHref: (orderId: string) => string;
}

/** Cancelling a plan: what happens, in the numbers of the published `CANCELLATION_POLICY`. */
const CANCEL_TEXT = `No new visits are booked. Visits already booked are cancelled under the refund policy: in full up to ${hoursText(CANCELLATION_POLICY.fullRefundNoticeMs)} before a visit, ${percentText(CANCELLATION_POLICY.lateRefundBps)} of the service price after that.`;

/** The pro cancelling: their booked visits are cancelled as any booking they cancel. */
const VENDOR_CANCEL_TEXT =
  'No new visits are booked, and the visits already booked are cancelled; the customer is told.';

/**
 * A plan's page: service and status, how often and when (the pro's local time and zone), the
 * price of each visit, the card visits are charged to, the address, the visits (skip), and the
 * plan's actions: Pause / Resume (customer) and Cancel plan (both), each behind a confirmation.
 */
export function PlanDetailView(props: PlanDetailViewProps) {
  const { plan, perspective, backHref } = props;
  const running = ['pending', 'active', 'paused'].includes(plan.status);
  const customer = perspective === 'customer';
  return (
    <div className="flex flex-col gap-6">
      <Breadcrumbs items={[{ label: 'Plans', href: backHref }, { label: plan.service.title }]} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{plan.service.title}</h1>
            <PlanStatusBadge status={plan.status} perspective={perspective} />
          </div>
          <p className="text-sm text-muted">
            {FREQUENCY_WORDS[plan.frequency]} at {plan.localTime} ({plan.timeZone}) ·{' '}
            {customer ? plan.vendor.businessName : plan.customer.fullName}
          </p>
        </div>
        {running ? <PlanActions {...props} /> : null}
      </div>
      {plan.status === 'pending' ? (
        <Alert variant="info">
          <AlertDescription>
            {customer
              ? `${plan.vendor.businessName} has not accepted the plan yet; the next visits are booked once they do.`
              : 'Accept or decline this plan from your plans list.'}
          </AlertDescription>
        </Alert>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[1fr_360px]">
        <PlanVisitsCard
          plan={plan}
          now={props.now}
          canSkip={customer && running}
          onSkip={props.onSkip}
          orderHref={props.orderHref}
        />
        <PlanFactsCard plan={plan} customer={customer} />
      </div>
    </div>
  );
}

/** The plan's facts: price per visit, card, address, last day, and what the card is used for. */
function PlanFactsCard({ plan, customer }: { plan: Plan; customer: boolean }) {
  const last4 = plan.card?.last4;
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base leading-snug font-semibold">Plan</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-3 text-sm">
          <div>
            <dt className="text-muted">Each visit</dt>
            <dd className="font-medium">
              <Price amount={plan.price.total.amount} currency={plan.price.total.currency} />
            </dd>
          </div>
          <div>
            <dt className="text-muted">Card</dt>
            <dd className="font-medium">
              {last4 ? `Card ending ${last4}` : 'Saved when the first visit is paid'}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Address</dt>
            <dd className="font-medium break-words">{plan.address}</dd>
          </div>
          <div>
            <dt className="text-muted">Until</dt>
            <dd className="font-medium">
              {plan.until ? formatDate(plan.until, plan.timeZone) : 'No end date'}
            </dd>
          </div>
        </dl>
        {customer ? <p className="mt-4 text-xs text-muted">{PLAN_PAYMENT_TEXT}</p> : null}
      </CardContent>
    </Card>
  );
}

/** Pause / Resume (the customer) and Cancel plan (both sides), the latter confirmed. */
function PlanActions({
  plan,
  perspective,
  busy,
  onPause,
  onResume,
  onCancel,
}: PlanDetailViewProps) {
  return (
    <div className="flex flex-wrap gap-2">
      {perspective === 'customer' && plan.status === 'active' ? (
        <Button variant="outline" loading={busy} onClick={() => void onPause().catch(() => {})}>
          Pause
        </Button>
      ) : null}
      {perspective === 'customer' && plan.status === 'paused' ? (
        <Button variant="outline" loading={busy} onClick={() => void onResume().catch(() => {})}>
          Resume
        </Button>
      ) : null}
      <ConfirmDialog
        trigger={<Button variant="destructive">Cancel plan</Button>}
        title="Cancel this plan?"
        description={perspective === 'customer' ? CANCEL_TEXT : VENDOR_CANCEL_TEXT}
        confirmLabel="Cancel plan"
        cancelLabel="Keep plan"
        destructive
        onConfirm={onCancel}
      />
    </div>
  );
}
