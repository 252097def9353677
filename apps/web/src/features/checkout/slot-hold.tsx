import type { Order } from '@vetted/contract';
import { Button } from '@vetted/ui';
import { Hourglass, TimerOff } from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';

/**
 * When an order's hold ends on this device's clock (ms since the epoch), or null when it holds
 * nothing. The server's `holdExpiresAt` is read against the device clock, but never later than
 * `receivedAt` (when the order arrived here) plus the hold the server granted (`holdExpiresAt −
 * createdAt`, `HOLD_MS`): a device clock running behind the server's cannot stretch the hold;
 * one running ahead shows less time, never more.
 */
export function holdDeadline(
  order: Pick<Order, 'holdExpiresAt' | 'createdAt'>,
  receivedAt: number,
): number | null {
  if (!order.holdExpiresAt) return null;
  const expires = Date.parse(order.holdExpiresAt);
  return Math.min(expires, receivedAt + (expires - Date.parse(order.createdAt)));
}

/** Remaining time as `m:ss` ("9:41", "0:05"); whole seconds rounded up, never below 0:00. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The current time (ms) from `now`, read again every second while `active`. */
function useTicking(now: () => number, active: boolean): number {
  const [at, setAt] = React.useState(now);
  React.useEffect(() => {
    if (!active) return;
    setAt(now());
    const timer = setInterval(() => setAt(now()), 1000);
    return () => clearInterval(timer);
  }, [now, active]);
  return at;
}

export interface SlotHoldProps {
  /** When the hold ends, ms since the epoch on this device's clock (see {@link holdDeadline}). */
  deadline: number;
  /** Where to pick another time once the hold ended (the service's slot picker). */
  pickAnotherHref: string;
  /** The payment form: shown while the slot is held, removed once the hold ended. */
  children: React.ReactNode;
  /** Called once when the hold has ended (also when it had already ended at mount). */
  onExpire?: () => void;
  /**
   * The time source, read every second.
   * @defaultValue Date.now
   */
  now?: () => number;
}

/**
 * The payment step's hold: "Slot held for 9:41" ticking each second (`role="timer"`, not
 * announced every second) with what happens when it runs out, and a polite announcement once a
 * minute ("Slot held for 9 minutes", whole minutes left). At zero the payment form goes away: the slot is released,
 * and a link leads to pick another time.
 */
export function SlotHold({
  deadline,
  pickAnotherHref,
  children,
  onExpire,
  now = Date.now,
}: SlotHoldProps) {
  const [expired, setExpired] = React.useState(() => deadline <= now());
  const at = useTicking(now, !expired);
  const remaining = deadline - at;
  React.useEffect(() => {
    if (!expired && remaining <= 0) setExpired(true);
  }, [expired, remaining]);
  const expiredOnce = React.useRef(false);
  React.useEffect(() => {
    if (expired && !expiredOnce.current) {
      expiredOnce.current = true;
      onExpire?.();
    }
  }, [expired, onExpire]);
  if (expired || remaining <= 0) return <HoldEnded pickAnotherHref={pickAnotherHref} />;
  // Whole minutes left, so the announcement never promises more than the timer shows.
  const minutes = Math.floor(remaining / 60_000);
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3 rounded-md border border-border bg-surface-muted p-3 text-sm">
        <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
        <div className="flex flex-col gap-1">
          <p role="timer" className="font-medium">
            Slot held for{' '}
            <span className="font-mono tabular-nums">{formatCountdown(remaining)}</span>
          </p>
          <p className="text-muted">
            If the time runs out, the slot is released and you can pick another time.
          </p>
        </div>
      </div>
      {/* Announced when the minute changes, not every second. */}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {minutes < 1
          ? 'Slot held for less than a minute'
          : `Slot held for ${minutes === 1 ? '1 minute' : `${minutes} minutes`}`}
      </p>
      {children}
    </div>
  );
}

/** The hold ran out (an alert): nothing was charged, and a link to pick another time. */
function HoldEnded({ pickAnotherHref }: { pickAnotherHref: string }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-4">
      <div className="flex items-start gap-3">
        <TimerOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-danger" />
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">Your hold on this time has ended</h2>
          <p className="text-sm text-muted">
            The slot was released and nothing was charged. Pick another time to book.
          </p>
        </div>
      </div>
      <Button asChild size="lg">
        <Link href={pickAnotherHref}>Pick another time</Link>
      </Button>
    </div>
  );
}

export interface HeldPaymentProps {
  order: Order;
  /** When `order` arrived here (device clock, ms since the epoch); see {@link holdDeadline}. */
  receivedAt: number;
  /** Where to pick another time once the hold ended. */
  pickAnotherHref: string;
  /** Called once when the hold has ended. */
  onExpire: () => void;
  /** The payment form. */
  children: React.ReactNode;
}

/** The payment form under the order's slot hold countdown (none when the order holds nothing). */
export function HeldPayment({
  order,
  receivedAt,
  pickAnotherHref,
  onExpire,
  children,
}: HeldPaymentProps) {
  const deadline = holdDeadline(order, receivedAt);
  if (deadline === null) return <>{children}</>;
  return (
    <SlotHold deadline={deadline} pickAnotherHref={pickAnotherHref} onExpire={onExpire}>
      {children}
    </SlotHold>
  );
}
