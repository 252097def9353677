import { MESSAGES } from '@vetted/api-client';
import type { OrderReschedule, Slots } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  Skeleton,
  SlotPicker,
} from '@vetted/ui';
import { CalendarClock, ChevronLeft, ChevronRight } from 'lucide-react';
import { ErrorState } from '../../components/error-state';
import { formatDateTime, formatLongDateTime } from '../../lib/format';
import { placeholders } from '../../lib/placeholders';

/*
 * Moving a booking: the customer's slot picker dialog and the notice of a new time on the order
 * page. Its container (`RescheduleAction`) is in `order-changes.tsx`; every state is storied in
 * `order-changes.stories.tsx`.
 */

export interface RescheduleDialogViewProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The booking's current start (ISO). */
  currentStartsAt: string;
  /** The pro's business name. */
  businessName: string;
  /** The vendor's IANA zone: times are shown in it. */
  timeZone: string;
  slots?: Slots;
  slotsLoading?: boolean;
  slotsError?: Error | null;
  onRetrySlots?: () => void;
  /** The chosen new start (ISO). */
  selected?: string;
  onSelect: (startsAt: string) => void;
  onPrevWeek: () => void;
  onNextWeek: () => void;
  /** False on the first week. */
  canGoBack: boolean;
  /** True while the move is sent. */
  submitting?: boolean;
  /** The API's refusal (e.g. the time was just taken), shown above the buttons. */
  error?: string | null;
  onConfirm: () => void;
}

/**
 * "Move this booking": the service's slot picker (the same one as the service page), the
 * current and the chosen time, and what happens next (the pro may decline the new time).
 */
export function RescheduleDialogView({
  open,
  onOpenChange,
  currentStartsAt,
  businessName,
  timeZone,
  slots,
  slotsLoading,
  slotsError,
  onRetrySlots,
  selected,
  onSelect,
  onPrevWeek,
  onNextWeek,
  canGoBack,
  submitting,
  error,
  onConfirm,
}: RescheduleDialogViewProps) {
  const current = formatLongDateTime(currentStartsAt, timeZone);
  return (
    <Dialog open={open} onOpenChange={(next) => !submitting && onOpenChange(next)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Move this booking</DialogTitle>
          <DialogDescription>
            Pick a new time. {businessName} is told and may decline it: your booking then goes back
            to {current} if that time is still free.
          </DialogDescription>
        </DialogHeader>
        <p className="text-sm">
          <span className="text-muted">Now: </span>
          <span className="font-medium">{current}</span>
        </p>
        {slotsError && !slots ? (
          <ErrorState
            title={MESSAGES.errorLoadingData}
            message={slotsError.message}
            onRetry={onRetrySlots}
          />
        ) : slotsLoading && !slots ? (
          <div className="flex flex-col gap-3" role="status" aria-label="Loading times">
            <Skeleton className="h-14 w-full" />
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-6">
              {placeholders(6).map((id) => (
                <Skeleton key={id} className="h-10" />
              ))}
            </div>
          </div>
        ) : slots ? (
          <SlotPicker
            key={slots.days[0]?.date}
            days={slots.days}
            timeZone={slots.timeZone}
            value={selected}
            onChange={onSelect}
          />
        ) : null}
        <div className="flex items-center justify-between">
          <Button variant="ghost" size="sm" onClick={onPrevWeek} disabled={!canGoBack}>
            <ChevronLeft aria-hidden="true" /> Previous week
          </Button>
          <Button variant="ghost" size="sm" onClick={onNextWeek}>
            Next week <ChevronRight aria-hidden="true" />
          </Button>
        </div>
        <p className="text-sm" aria-live="polite">
          {selected ? (
            <>
              <span className="text-muted">New time: </span>
              <span className="font-medium">{formatLongDateTime(selected, timeZone)}</span>
            </>
          ) : (
            <span className="text-muted">Pick a day and a start time.</span>
          )}
        </p>
        {error ? (
          <p role="alert" className="text-sm text-danger">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={submitting}>
            Keep current time
          </Button>
          <Button onClick={onConfirm} disabled={!selected} loading={submitting}>
            Move booking
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A new time the pro has not answered yet (`OrderDetail.reschedule`), on the order page: for the
 * customer, that the pro may decline it; for the pro, that they may confirm or decline it (the
 * buttons are in the page's actions).
 */
export function RescheduleNotice({
  reschedule,
  startsAt,
  perspective,
  businessName,
  customerName,
  timeZone,
}: {
  reschedule: OrderReschedule;
  startsAt: string;
  perspective: 'customer' | 'vendor';
  businessName: string;
  customerName: string;
  timeZone?: string;
}) {
  const from = formatDateTime(reschedule.previousStartsAt, timeZone);
  const to = formatDateTime(startsAt, timeZone);
  return (
    <Alert variant="warning">
      <CalendarClock aria-hidden="true" />
      <AlertTitle>
        <h2 className="text-base">
          {perspective === 'customer'
            ? 'New time sent to the pro'
            : 'The customer moved this booking'}
        </h2>
      </AlertTitle>
      <AlertDescription>
        {perspective === 'customer' ? (
          <p>
            You moved this booking from {from} to {to}. {businessName} may decline the new time:
            your booking then goes back to {from} if it is still free, or is cancelled with a full
            refund if it is not.
          </p>
        ) : (
          <p>
            {customerName} moved it from {from} to {to}. Confirm the new time, or decline it to go
            back to {from} — if that time is no longer free, the booking is cancelled with a full
            refund.
          </p>
        )}
      </AlertDescription>
    </Alert>
  );
}
