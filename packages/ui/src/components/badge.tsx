import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/utils';

const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1 rounded-pill border px-2.5 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-fg',
        secondary: 'border-transparent bg-surface-muted text-fg',
        success: 'border-transparent bg-success-soft text-success',
        warning: 'border-transparent bg-warning-soft text-warning',
        danger: 'border-transparent bg-danger-soft text-danger',
        info: 'border-transparent bg-info-soft text-info',
        outline: 'border-border text-fg',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

type BadgeProps = React.ComponentProps<'span'> &
  VariantProps<typeof badgeVariants> & {
    /**
     * Renders the child element with badge styles.
     * @defaultValue false
     */
    asChild?: boolean;
  };

/** A small status or count label. */
function Badge({ className, variant, asChild = false, ...props }: BadgeProps) {
  const Comp = asChild ? Slot.Root : 'span';
  return (
    <Comp
      data-slot="badge"
      data-variant={variant ?? 'default'}
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    />
  );
}

/** Order states as sent by the API. */
type OrderStatus =
  | 'pending_payment'
  | 'paid'
  | 'accepted'
  | 'in_progress'
  | 'completed'
  | 'cancelled'
  | 'declined'
  | 'refunded';

/** Human label and badge colour of each order state. */
const ORDER_STATUS: Record<
  OrderStatus,
  { label: string; variant: NonNullable<BadgeProps['variant']> }
> = {
  pending_payment: { label: 'Awaiting payment', variant: 'warning' },
  paid: { label: 'Awaiting acceptance', variant: 'info' },
  accepted: { label: 'Accepted', variant: 'info' },
  in_progress: { label: 'In progress', variant: 'default' },
  completed: { label: 'Completed', variant: 'success' },
  cancelled: { label: 'Cancelled', variant: 'secondary' },
  declined: { label: 'Declined', variant: 'danger' },
  refunded: { label: 'Refunded', variant: 'outline' },
};

type OrderStatusBadgeProps = Omit<BadgeProps, 'variant' | 'children' | 'asChild'> & {
  /** The order's status; shown with its human label ("Awaiting payment", "In progress", …). */
  status: OrderStatus;
  /** Words shown instead of the status's own label, e.g. "Partly refunded" for `refunded`. */
  label?: string;
};

/** A Badge showing an order status in words, coloured by state. */
function OrderStatusBadge({ status, label, ...props }: OrderStatusBadgeProps) {
  const entry = ORDER_STATUS[status];
  return (
    <Badge data-slot="order-status-badge" data-status={status} variant={entry.variant} {...props}>
      {label ?? entry.label}
    </Badge>
  );
}

export { Badge, badgeVariants, ORDER_STATUS, OrderStatusBadge };
export type { BadgeProps, OrderStatus, OrderStatusBadgeProps };
