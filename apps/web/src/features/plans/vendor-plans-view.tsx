import type { Plan } from '@vetted/contract';
import { Button, Card, CardContent, ConfirmDialog, FormField, Price, Textarea } from '@vetted/ui';
import * as React from 'react';
import { formatDateTime } from '../../lib/format';
import { PlansListView, type PlansListViewProps } from './plans-list-view';
import { FREQUENCY_WORDS } from './plan-words';

export interface VendorPlansViewProps
  extends Omit<PlansListViewProps, 'perspective' | 'emptyTitle' | 'emptyDescription'> {
  /** Accepts pending plan `id`; rejects with the API's error (reported by the caller). */
  onAccept: (id: string) => Promise<void>;
  /** Declines pending plan `id` with an optional reason shown to the customer. */
  onDecline: (id: string, reason: string | undefined) => Promise<void>;
}

/**
 * The pro's plans: those awaiting an answer first, each with Accept and Decline (with an
 * optional reason), then every plan as a list linking to its page.
 */
export function VendorPlansView({ onAccept, onDecline, ...list }: VendorPlansViewProps) {
  const pending = list.data?.filter((p) => p.status === 'pending') ?? [];
  return (
    <div className="flex flex-col gap-8">
      {pending.length > 0 ? (
        <section aria-labelledby="plans-pending" className="flex flex-col gap-3">
          <h2 id="plans-pending" className="text-lg font-semibold">
            Waiting for your answer
          </h2>
          <ul className="flex flex-col gap-3">
            {pending.map((plan) => (
              <li key={plan.id}>
                <PendingPlanCard plan={plan} onAccept={onAccept} onDecline={onDecline} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="plans-all" className="flex flex-col gap-3">
        <h2 id="plans-all" className="text-lg font-semibold">
          All plans
        </h2>
        <PlansListView
          {...list}
          perspective="vendor"
          emptyTitle="No plans yet"
          emptyDescription="When a customer books one of your services every week or every few weeks, the plan shows up here."
        />
      </section>
    </div>
  );
}

/** A plan awaiting the pro: who, what, how often, the first visit, and Accept / Decline. */
function PendingPlanCard({
  plan,
  onAccept,
  onDecline,
}: { plan: Plan } & Pick<VendorPlansViewProps, 'onAccept' | 'onDecline'>) {
  const [reason, setReason] = React.useState('');
  const [accepting, setAccepting] = React.useState(false);
  const accept = async () => {
    setAccepting(true);
    try {
      await onAccept(plan.id);
    } catch {
      // Reported by the caller; the buttons come back for another try.
    } finally {
      setAccepting(false);
    }
  };
  return (
    <Card data-plan={plan.id}>
      <CardContent className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex flex-col gap-1 text-sm">
          <span className="text-base font-semibold">
            {plan.customer.fullName} · {plan.service.title}
          </span>
          <span className="text-muted">
            {FREQUENCY_WORDS[plan.frequency]} at {plan.localTime} · from{' '}
            {formatDateTime(plan.startsAt, plan.timeZone, true)}
          </span>
          <span>
            <Price amount={plan.price.subtotal.amount} currency={plan.price.subtotal.currency} /> a
            visit · {plan.address}
          </span>
        </div>
        <div className="flex gap-2">
          <ConfirmDialog
            trigger={<Button variant="outline">Decline</Button>}
            title={`Decline ${plan.customer.fullName}'s plan?`}
            description="The first visit is declined and refunded in full, and no other visit is booked."
            confirmLabel="Decline plan"
            cancelLabel="Back"
            destructive
            onConfirm={() => onDecline(plan.id, reason.trim() || undefined)}
          >
            <FormField label="Reason (optional)" hint="Shown to the customer.">
              <Textarea
                rows={3}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
              />
            </FormField>
          </ConfirmDialog>
          <Button loading={accepting} onClick={() => void accept()}>
            Accept
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
