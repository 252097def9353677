import type { ChangeOrder, ChangeOrderStatus } from '@vetted/contract';
import {
  Badge,
  type BadgeProps,
  Card,
  CardContent,
  CardHeader,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  Gallery,
  Price,
} from '@vetted/ui';
import type * as React from 'react';
import { formatDateTime } from '../../lib/format';
import { moneyText } from './quote-words';

/*
 * Extras (change orders) on the order page: the pro's list with "Add an extra", the customer's
 * cards to approve or decline, and the approval's card step. Views take props; the containers
 * are in `change-order-actions.tsx`. Every figure is the API's (amount, fee, total).
 */

type Perspective = 'customer' | 'vendor';

/** How each extra's status reads, to the pro and to the customer, and its badge colour. */
export const CHANGE_ORDER_STATUS: Record<
  ChangeOrderStatus,
  { vendor: string; customer: string; variant: NonNullable<BadgeProps['variant']> }
> = {
  proposed: {
    vendor: "Awaiting the customer's approval",
    customer: 'Awaiting your approval',
    variant: 'warning',
  },
  approved: { vendor: 'Approved', customer: 'Approved', variant: 'success' },
  declined: { vendor: 'Declined', customer: 'Declined', variant: 'secondary' },
  cancelled: { vendor: 'Withdrawn', customer: 'Withdrawn', variant: 'outline' },
};

/** An extra's status as a badge, in `perspective`'s words. */
export function ChangeOrderStatusBadge({
  status,
  perspective,
}: {
  status: ChangeOrderStatus;
  perspective: Perspective;
}) {
  const entry = CHANGE_ORDER_STATUS[status];
  return (
    <Badge data-status={status} variant={entry.variant}>
      {entry[perspective]}
    </Badge>
  );
}

/** "Extra $120.00 + booking fee $6.00 = $126.00": what approving puts on the customer's card. */
export function extraPriceWords(extra: ChangeOrder): string {
  return `Extra ${moneyText(extra.amount)} + booking fee ${moneyText(extra.fee)} = ${moneyText(extra.total)}`;
}

/** The photos the pro attached to an extra, as a small gallery. */
function ExtraPhotos({ extra }: { extra: ChangeOrder }) {
  if (extra.photos.length === 0) return null;
  return (
    <Gallery
      className="max-w-md"
      images={extra.photos.map((p, i) => ({
        id: p.url,
        src: p.url,
        thumbSrc: p.thumbUrl,
        alt: `Photo ${i + 1} of the extra work`,
        width: p.width,
        height: p.height,
      }))}
    />
  );
}

/** One decided (or awaiting) extra as a row: description, amount for this reader, status. */
function ExtraRow({ extra, perspective }: { extra: ChangeOrder; perspective: Perspective }) {
  // The pro earns the amount; the customer pays the amount with the fee.
  const money = perspective === 'vendor' ? extra.amount : extra.total;
  return (
    <li data-change-order={extra.id} className="flex flex-col gap-2 py-3 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p className="min-w-0 flex-1 text-sm break-words">{extra.description}</p>
        <Price amount={money.amount} currency={money.currency} />
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted">
        <ChangeOrderStatusBadge status={extra.status} perspective={perspective} />
        <span>
          {extra.decidedAt
            ? formatDateTime(extra.decidedAt)
            : `Proposed ${formatDateTime(extra.createdAt)}`}
        </span>
      </div>
      {perspective === 'vendor' ? <ExtraPhotos extra={extra} /> : null}
    </li>
  );
}

export interface VendorChangeOrdersCardProps {
  /** The order's extras, oldest first. */
  changeOrders: ChangeOrder[];
  /** "Add an extra" (shown while the API allows proposing one: accepted or in progress). */
  addAction?: React.ReactNode;
}

/**
 * The pro's "Extras" card: each extra with its amount and status ("Awaiting the customer's
 * approval", "Approved", "Declined"), and "Add an extra" while the order allows it. Nothing
 * when there is no extra and none may be added.
 */
export function VendorChangeOrdersCard({ changeOrders, addAction }: VendorChangeOrdersCardProps) {
  if (changeOrders.length === 0 && !addAction) return null;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="text-base leading-snug font-semibold">Extras</h2>
        {addAction}
      </CardHeader>
      <CardContent>
        {changeOrders.length === 0 ? (
          <p className="text-sm text-muted">
            Found more work on site? Add it as an extra: nothing is charged until the customer
            approves it.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-border">
            {changeOrders.map((extra) => (
              <ExtraRow key={extra.id} extra={extra} perspective="vendor" />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

export interface CustomerChangeOrdersProps {
  /** The order's extras, oldest first. */
  changeOrders: ChangeOrder[];
  /** The pro's business name, who proposed them. */
  businessName: string;
  /** "Approve and authorise …" and "Decline" for an extra awaiting the customer. */
  actions: (extra: ChangeOrder) => React.ReactNode;
}

/**
 * The customer's extras: each one awaiting them as its own card (what, the pro's photos,
 * "Extra $X + booking fee $Y = $Z", then `actions`), and the decided ones listed with what
 * they cost. Nothing when the pro proposed none.
 */
export function CustomerChangeOrders({
  changeOrders,
  businessName,
  actions,
}: CustomerChangeOrdersProps) {
  if (changeOrders.length === 0) return null;
  const waiting = changeOrders.filter((c) => c.status === 'proposed');
  const decided = changeOrders.filter((c) => c.status !== 'proposed');
  return (
    <>
      {waiting.map((extra) => (
        <section
          key={extra.id}
          data-change-order={extra.id}
          aria-labelledby={`extra-${extra.id}`}
          className="flex flex-col gap-3 rounded-lg border border-warning/60 bg-surface-raised p-4 sm:p-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`extra-${extra.id}`} className="text-base font-semibold">
              {businessName} proposes an extra
            </h2>
            <ChangeOrderStatusBadge status={extra.status} perspective="customer" />
          </div>
          <p className="text-sm whitespace-pre-line break-words">{extra.description}</p>
          <ExtraPhotos extra={extra} />
          <p className="text-sm font-medium">{extraPriceWords(extra)}</p>
          <p className="text-xs text-muted">
            Nothing is charged unless you approve: your card is then held for the total and charged
            with the booking.
          </p>
          <div className="flex flex-wrap gap-2">{actions(extra)}</div>
        </section>
      ))}
      {decided.length > 0 ? (
        <Card>
          <CardHeader>
            <h2 className="text-base leading-snug font-semibold">Extras</h2>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col divide-y divide-border">
              {decided.map((extra) => (
                <ExtraRow key={extra.id} extra={extra} perspective="customer" />
              ))}
            </ul>
          </CardContent>
        </Card>
      ) : null}
    </>
  );
}

export interface ApproveExtraDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The extra being approved. */
  extra: ChangeOrder;
  /** The card step (the checkout's `PaymentForm` for the approval's payment). */
  paymentStep: React.ReactNode;
}

/** "Approve the extra": what it costs, then the same card step as checkout. */
export function ApproveExtraDialogView({
  open,
  onOpenChange,
  extra,
  paymentStep,
}: ApproveExtraDialogViewProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Approve the extra</DialogTitle>
          <DialogDescription>
            {extraPriceWords(extra)}. Your card is held for {moneyText(extra.total)} and charged
            with the booking.
          </DialogDescription>
        </DialogHeader>
        {paymentStep}
      </DialogContent>
    </Dialog>
  );
}
