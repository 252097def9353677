import { MESSAGES } from '@vetted/api-client';
import type { Slots } from '@vetted/contract';
import { Button, Card, Skeleton, SlotPicker } from '@vetted/ui';
import type * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { formatLongDateTime } from '../../lib/format';
import { placeholders } from '../../lib/placeholders';
import { WeekNav, type WeekNavProps } from './week-nav';

export interface BookingCardProps extends WeekNavProps {
  /** The week's free times; undefined while the first answer loads. */
  slots?: Slots;
  slotsLoading?: boolean;
  /** Shown with a retry while there are no slots to show. */
  slotsError?: Error | null;
  onRetrySlots?: () => void;
  /** Chosen slot's `startsAt` (ISO date-time). */
  selected?: string;
  onSelect: (startsAt: string) => void;
  /** Checkout link for the chosen slot; null until a slot is chosen. */
  checkoutHref: string | null;
  /** Under a day without free times; called with the day and whether it has slots at all. */
  dayEmptyAction?: (date: string, hasSlots: boolean) => React.ReactNode;
  /** Above the slot picker, e.g. a time the waitlist holds for this customer. */
  waitlistOffers?: React.ReactNode;
}

/** The week's slot picker, or its loading placeholder or error (with retry). */
function SlotsArea({
  slots,
  slotsLoading,
  slotsError,
  onRetrySlots,
  selected,
  onSelect,
  dayEmptyAction,
}: Pick<
  BookingCardProps,
  | 'slots'
  | 'slotsLoading'
  | 'slotsError'
  | 'onRetrySlots'
  | 'selected'
  | 'onSelect'
  | 'dayEmptyAction'
>) {
  if (slotsError && !slots) {
    return (
      <ErrorState
        title={MESSAGES.errorLoadingData}
        message={slotsError.message}
        onRetry={onRetrySlots}
      />
    );
  }
  if (slotsLoading && !slots) {
    return (
      <div
        className="flex flex-col gap-3"
        role="status"
        aria-busy="true"
        aria-label="Loading times"
      >
        <Skeleton className="h-14 w-full" />
        <div className="grid grid-cols-3 gap-2">
          {placeholders(9).map((id) => (
            <Skeleton key={id} className="h-10" />
          ))}
        </div>
      </div>
    );
  }
  if (!slots) return null;
  return (
    <SlotPicker
      key={slots.days[0]?.date}
      days={slots.days}
      timeZone={slots.timeZone}
      value={selected}
      onChange={onSelect}
      dayEmptyAction={dayEmptyAction}
      // The picker's time grid goes to 6 columns at md; this card is ~400px wide on lg+.
      className="lg:[&_ul]:grid-cols-3"
    />
  );
}

/** The chosen time in the pro's zone (or a prompt), and "Continue to checkout" once chosen. */
function CheckoutFooter({
  selected,
  timeZone,
  checkoutHref,
}: {
  selected?: string;
  timeZone?: string;
  checkoutHref: string | null;
}) {
  return (
    <div className="border-t border-border pt-4" aria-live="polite">
      {selected ? (
        <p className="mb-3 text-sm">
          <span className="text-muted">Selected: </span>
          <span className="font-medium">{formatLongDateTime(selected, timeZone)}</span>
        </p>
      ) : (
        <p className="mb-3 text-sm text-muted">Pick a day and a start time.</p>
      )}
      {checkoutHref ? (
        <Button asChild size="lg" className="w-full">
          <Link href={checkoutHref}>Continue to checkout</Link>
        </Button>
      ) : (
        <Button size="lg" className="w-full" disabled>
          Continue to checkout
        </Button>
      )}
    </div>
  );
}

/**
 * "Choose a time": waitlist offers, the week's slot picker with previous / next week, the
 * chosen time and the way to checkout. Sticky beside the service on wide screens.
 */
export function BookingCard({
  onPrevWeek,
  onNextWeek,
  canGoBack,
  checkoutHref,
  waitlistOffers,
  ...slotProps
}: BookingCardProps) {
  return (
    <Card className="gap-4 lg:sticky lg:top-24">
      <h2 className="text-lg font-semibold">Choose a time</h2>
      {waitlistOffers}
      <SlotsArea {...slotProps} />
      <WeekNav onPrevWeek={onPrevWeek} onNextWeek={onNextWeek} canGoBack={canGoBack} />
      <CheckoutFooter
        selected={slotProps.selected}
        timeZone={slotProps.slots?.timeZone}
        checkoutHref={checkoutHref}
      />
    </Card>
  );
}
