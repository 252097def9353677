import type { Order, Payment, ServiceDetail, ServiceQuote } from '@vetted/contract';
import { isOnlyAuthorised, paymentWords, totalLabel } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  FormField,
  Input,
  Price,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  Textarea,
} from '@vetted/ui';
import {
  CalendarClock,
  CheckCircle2,
  Clock,
  CreditCard,
  FlaskConical,
  Hourglass,
  Lock,
  MapPin,
  TimerOff,
} from 'lucide-react';
import * as React from 'react';
import { Link } from 'wouter';
import { formatDuration, formatLongDateTime } from '../../lib/format';

export type CheckoutStep = 'details' | 'payment' | 'done';

const STEPS: Array<{ key: CheckoutStep; label: string }> = [
  { key: 'details', label: 'Details' },
  { key: 'payment', label: 'Payment' },
  { key: 'done', label: 'Confirmed' },
];

/** Step indicator (an ordered list; the current step is `aria-current="step"`). */
export function CheckoutSteps({ step }: { step: CheckoutStep }) {
  const index = STEPS.findIndex((s) => s.key === step);
  return (
    <ol className="flex items-center gap-2 text-sm" aria-label="Checkout progress">
      {STEPS.map((s, i) => (
        <li
          key={s.key}
          className="flex items-center gap-2"
          aria-current={i === index ? 'step' : undefined}
        >
          <span
            className={
              i < index
                ? 'flex size-7 items-center justify-center rounded-pill bg-success text-success-fg'
                : i === index
                  ? 'flex size-7 items-center justify-center rounded-pill bg-primary font-semibold text-primary-fg'
                  : 'flex size-7 items-center justify-center rounded-pill border border-border text-muted'
            }
          >
            {i < index ? <CheckCircle2 aria-hidden="true" className="size-4" /> : i + 1}
            <span className="sr-only">{i < index ? ' (done)' : ''}</span>
          </span>
          <span className={i === index ? 'font-medium' : 'sr-only text-muted sm:not-sr-only'}>
            {s.label}
          </span>
          {i < STEPS.length - 1 ? (
            <span aria-hidden="true" className="mx-1 h-px w-4 bg-border sm:w-10" />
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export interface OrderSummaryCardProps {
  service?: ServiceDetail;
  startsAt: string;
  /** IANA zone of the vendor; times are shown in it. */
  timeZone?: string;
  /** The created order (gives fee and total); before that only the service price is known. */
  order?: Order | null;
  /** The server's price of this slot before an order exists (minor units); shown until `order`. */
  quote?: ServiceQuote | null;
  isLoading?: boolean;
}

/** Order summary: service, vendor, date/time in the vendor's zone, price breakdown. */
export function OrderSummaryCard({
  service,
  startsAt,
  timeZone,
  order,
  quote,
  isLoading,
}: OrderSummaryCardProps) {
  if (isLoading || !service) {
    return (
      <Card role="status" aria-busy="true" aria-label="Loading order summary">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </Card>
    );
  }
  const subtotal =
    order?.subtotal ??
    (quote ? { amount: quote.subtotal, currency: quote.currency } : service.price);
  // Before "Place order" the fee and total come from the quote, so nothing changes after it.
  const fee = order?.fee ?? (quote ? { amount: quote.bookingFee, currency: quote.currency } : null);
  const total = order?.total ?? (quote ? { amount: quote.total, currency: quote.currency } : null);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <span className="text-lg">Order summary</span>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex gap-3">
          {service.coverImageUrl ? (
            <img
              src={service.coverImageUrl}
              alt=""
              className="size-16 shrink-0 rounded-md object-cover"
            />
          ) : null}
          <div className="min-w-0">
            <p className="font-semibold">{service.title}</p>
            <p className="text-sm text-muted">{service.vendor.businessName}</p>
          </div>
        </div>
        <dl className="flex flex-col gap-2 text-sm">
          <div className="flex items-start gap-2">
            <dt>
              <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
              <span className="sr-only">When</span>
            </dt>
            <dd>{formatLongDateTime(startsAt, timeZone)}</dd>
          </div>
          <div className="flex items-start gap-2">
            <dt>
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
              <span className="sr-only">Duration</span>
            </dt>
            <dd>{formatDuration(service.durationMinutes)}</dd>
          </div>
          {order ? (
            <div className="flex items-start gap-2">
              <dt>
                <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted" />
                <span className="sr-only">Address</span>
              </dt>
              <dd className="break-words">{order.address}</dd>
            </div>
          ) : null}
        </dl>
        <dl className="flex flex-col gap-2 border-t border-border pt-4 text-sm">
          <div className="flex justify-between">
            <dt className="text-muted">Service</dt>
            <dd>
              <Price amount={subtotal.amount} currency={subtotal.currency} />
            </dd>
          </div>
          <div className="flex justify-between">
            <dt className="text-muted">Booking fee</dt>
            <dd>
              {fee ? (
                <Price amount={fee.amount} currency={fee.currency} />
              ) : (
                <Skeleton className="h-4 w-12" aria-label="Loading booking fee" />
              )}
            </dd>
          </div>
          <div className="flex justify-between border-t border-border pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd>
              {total ? (
                <Price amount={total.amount} currency={total.currency} />
              ) : (
                <Skeleton className="h-4 w-16" aria-label="Loading total" />
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}

export interface DetailsValues {
  address: string;
  notes: string;
  /** The saved place the address was filled from, while its text is unchanged. */
  placeId?: string;
}

/** Where the job is, as chosen so far: a saved place (with its address) or a typed address. */
export interface CheckoutLocation {
  placeId?: string;
  address: string;
}

/**
 * The service-area check of the chosen address (`GET /v1/services/{id}/service-area`) as the
 * details step shows it: `refused` carries the server's sentence ("Demo Plumbing Co. doesn't
 * serve London, GB (3,271 mi away)") and blocks "Place order"; `unknown` (no town found in the
 * address) carries what to add and blocks nothing.
 */
export type AreaCheckState =
  | { status: 'checking' }
  | { status: 'served' }
  | { status: 'refused'; message: string }
  | { status: 'unknown'; message: string };

/** A saved place offered as the job address. */
export interface CheckoutPlace {
  id: string;
  /** The place's name, e.g. "Home". */
  label: string;
  /** The one-line address put in the field, e.g. "12 Harbour Road, Boston 02110". */
  address: string;
}

export interface DetailsStepProps {
  /** `address` starts as the default place's; it fills the field once, if still empty. */
  defaultValues: DetailsValues;
  errors?: Partial<Record<keyof DetailsValues, string>>;
  submitting?: boolean;
  onSubmit: (values: DetailsValues) => void;
  /** The customer's saved places, the default first; picking one fills the address. */
  places?: CheckoutPlace[];
  /** Called whenever the address changes: a saved place picked, a key typed, the default filled. */
  onLocationChange?: (location: CheckoutLocation) => void;
  /** The service-area check of the current address; a refusal disables "Place order". */
  area?: AreaCheckState | null;
}

/** Step 1: where the job is (typed, or one of the saved places) and notes for the pro. */
export function DetailsStep({
  defaultValues,
  errors,
  submitting,
  onSubmit,
  places,
  onLocationChange,
  area,
}: DetailsStepProps) {
  const addressInput = React.useRef<HTMLInputElement>(null);
  const placeOf = (address: string) => places?.find((p) => p.address && p.address === address)?.id;
  const [placeId, setPlaceId] = React.useState(() => placeOf(defaultValues.address));
  // The saved places load after the form mounts: fill the address once, unless already typed.
  // Either way the address in the field is reported, so its service area is checked at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the default address arrives
  React.useEffect(() => {
    const input = addressInput.current;
    if (!input) return;
    if (!input.value && defaultValues.address) {
      input.value = defaultValues.address;
      setPlaceId(placeOf(defaultValues.address));
    }
    if (input.value) onLocationChange?.({ placeId: placeOf(input.value), address: input.value });
  }, [defaultValues.address]);
  const offered = places?.filter((p) => p.address) ?? [];
  const refusal = area?.status === 'refused' ? area.message : undefined;
  return (
    <form
      noValidate
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        onSubmit({
          address: String(data.get('address') ?? ''),
          notes: String(data.get('notes') ?? ''),
          placeId,
        });
      }}
    >
      <h2 className="text-lg font-semibold">Job details</h2>
      {offered.length > 1 ? (
        <FormField label="Saved place" hint="Fills in the address below.">
          <Select
            value={placeId ?? ''}
            onValueChange={(id) => {
              setPlaceId(id);
              const place = offered.find((p) => p.id === id);
              if (place && addressInput.current) {
                addressInput.current.value = place.address;
                onLocationChange?.({ placeId: id, address: place.address });
              }
            }}
          >
            <SelectTrigger>
              <SelectValue placeholder="Choose one of your places" />
            </SelectTrigger>
            <SelectContent>
              {offered.map((p) => (
                <SelectItem key={p.id} value={p.id}>
                  {p.label} · {p.address}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </FormField>
      ) : null}
      <div className="flex flex-col gap-2">
        <FormField
          label="Address"
          hint="Where the pro should come, including flat or floor."
          // Outside the pro's area: said right at the address (an alert), like a field error.
          error={errors?.address ?? refusal}
          required
        >
          <Input
            ref={addressInput}
            name="address"
            autoComplete="street-address"
            defaultValue={defaultValues.address}
            onChange={(e) => {
              setPlaceId(undefined);
              onLocationChange?.({ address: e.currentTarget.value });
            }}
          />
        </FormField>
        <div aria-live="polite">
          {area?.status === 'unknown' ? (
            <p className="flex items-start gap-2 text-sm text-muted">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {area.message}
            </p>
          ) : null}
        </div>
      </div>
      <FormField
        label="Notes for the pro"
        hint="Optional: access, parking, what needs doing."
        error={errors?.notes}
      >
        <Textarea name="notes" rows={4} maxLength={1000} defaultValue={defaultValues.notes} />
      </FormField>
      <Button
        type="submit"
        size="lg"
        loading={submitting}
        disabled={refusal !== undefined}
        className="w-full sm:w-auto sm:self-end"
      >
        Place order
      </Button>
    </form>
  );
}

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
  if (expired || remaining <= 0) {
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

/** "Test mode" banner: no real money moves (sandbox provider). */
export function TestModeBanner() {
  return (
    <div
      role="note"
      className="flex items-start gap-3 rounded-md border border-warning/40 bg-warning-soft p-3 text-sm text-warning"
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <p>
        <strong>Test mode — no real money moves.</strong> Use 4242 4242 4242 4242, any future expiry
        date and any CVC. 4000 0000 0000 0002 is declined.
      </p>
    </div>
  );
}

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

export interface PaymentStepProps {
  /** False while the payment is being initialised. */
  ready: boolean;
  testMode: boolean;
  /** Payment could not be initialised: message + retry. */
  initError?: string | null;
  onRetryInit?: () => void;
  errors?: Partial<Record<keyof CardValues, string>>;
  /** A decline or other server message, shown above the button. */
  declineMessage?: string | null;
  submitting?: boolean;
  amount?: Order['total'];
  onSubmit: (values: CardValues) => void;
  /**
   * Hides the step's own "Payment" heading (e.g. inside a dialog that has its own title).
   * @defaultValue 2
   */
  headingLevel?: 2 | 3;
}

/** Groups card digits in fours: "4242 4242 4242 4242". */
export function formatCardNumber(value: string) {
  return value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "MM/YY" while typing. */
export function formatExpiry(value: string) {
  const digits = value.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Step 2: card form (sandbox), decline messages inline, retry allowed. */
export function PaymentStep({
  ready,
  testMode,
  initError,
  onRetryInit,
  errors,
  declineMessage,
  submitting,
  amount,
  onSubmit,
  headingLevel = 2,
}: PaymentStepProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const [number, setNumber] = React.useState('');
  const [expiry, setExpiry] = React.useState('');
  if (initError) {
    return (
      <div className="flex flex-col gap-4" role="alert">
        <Heading className="text-lg font-semibold">Payment</Heading>
        <p className="rounded-md border border-danger/30 bg-danger-soft p-3 text-sm text-danger">
          {initError}
        </p>
        {onRetryInit ? (
          <Button variant="outline" onClick={onRetryInit} className="self-start">
            Try again
          </Button>
        ) : null}
      </div>
    );
  }
  return (
    <form
      noValidate
      aria-busy={!ready}
      className="flex flex-col gap-5"
      onSubmit={(e) => {
        e.preventDefault();
        const data = new FormData(e.currentTarget);
        onSubmit({
          number,
          expiry,
          cvc: String(data.get('cvc') ?? ''),
          name: String(data.get('ccname') ?? ''),
        });
      }}
    >
      <div className="flex items-center justify-between gap-2">
        <Heading className="text-lg font-semibold">Card details</Heading>
        <span className="inline-flex items-center gap-1 text-xs text-muted">
          <Lock aria-hidden="true" className="size-3.5" /> Encrypted
        </span>
      </div>
      {testMode ? <TestModeBanner /> : null}
      <FormField label="Card number" error={errors?.number} required>
        <Input
          name="cardnumber"
          autoComplete="cc-number"
          inputMode="numeric"
          placeholder="1234 5678 9012 3456"
          value={number}
          onChange={(e) => setNumber(formatCardNumber(e.target.value))}
          disabled={!ready}
        />
      </FormField>
      <div className="grid grid-cols-2 gap-4">
        <FormField label="Expiry (MM/YY)" error={errors?.expiry} required>
          <Input
            name="exp"
            autoComplete="cc-exp"
            inputMode="numeric"
            placeholder="MM/YY"
            value={expiry}
            onChange={(e) => setExpiry(formatExpiry(e.target.value))}
            disabled={!ready}
          />
        </FormField>
        <FormField label="CVC" error={errors?.cvc} required>
          <Input
            name="cvc"
            autoComplete="cc-csc"
            inputMode="numeric"
            maxLength={4}
            placeholder="123"
            disabled={!ready}
          />
        </FormField>
      </div>
      <FormField label="Name on card" error={errors?.name} required>
        <Input name="ccname" autoComplete="cc-name" disabled={!ready} />
      </FormField>
      {declineMessage ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{declineMessage}</AlertDescription>
        </Alert>
      ) : null}
      <Button type="submit" size="lg" loading={submitting || !ready} className="w-full">
        <CreditCard aria-hidden="true" />
        {amount ? (
          <>
            Pay <Price amount={amount.amount} currency={amount.currency} />
          </>
        ) : (
          'Pay'
        )}
      </Button>
    </form>
  );
}

export interface ConfirmationViewProps {
  order: Order;
  payment?: Payment | null;
  timeZone?: string;
  orderHref: string;
}

/** Final step: the booking is placed; words follow the payment's state (money-words). */
export function ConfirmationView({ order, payment, timeZone, orderHref }: ConfirmationViewProps) {
  // A just-placed order's card is only held until the pro accepts: say so, never "paid".
  const status = payment?.status ?? 'authorized';
  const onlyAuthorised = isOnlyAuthorised(status);
  return (
    <div className="flex flex-col items-center gap-5 py-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-pill bg-success-soft text-success">
        <CheckCircle2 aria-hidden="true" className="size-9" />
      </span>
      <div className="flex flex-col gap-1">
        <h2 className="text-2xl font-bold tracking-tight">
          {onlyAuthorised ? 'Booking requested' : 'Booking confirmed'}
        </h2>
        <p className="text-muted">
          {onlyAuthorised
            ? `${order.vendor.businessName} will confirm your booking shortly. We have emailed your receipt.`
            : 'We have emailed your receipt.'}
        </p>
      </div>
      <dl className="grid w-full max-w-sm gap-2 rounded-lg border border-border p-4 text-left text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Reference</dt>
          <dd className="font-mono font-semibold">{order.reference}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">When</dt>
          <dd className="text-right">{formatLongDateTime(order.startsAt, timeZone)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">{totalLabel(status)}</dt>
          <dd className="font-semibold">
            <Price amount={order.total.amount} currency={order.total.currency} />
          </dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Payment</dt>
          <dd className="text-right">
            {paymentWords({
              status,
              amount: order.total.amount,
              amountRefunded: payment?.amountRefunded?.amount ?? 0,
              currency: order.total.currency,
              vendorName: order.vendor.businessName,
            })}
          </dd>
        </div>
        {payment?.cardLast4 ? (
          <div className="flex justify-between gap-4">
            <dt className="text-muted">Card</dt>
            <dd>
              •••• {payment.cardLast4}
              {payment.testMode ? ' (test mode)' : ''}
            </dd>
          </div>
        ) : null}
      </dl>
      <Button asChild size="lg">
        <Link href={orderHref}>View order</Link>
      </Button>
    </div>
  );
}
