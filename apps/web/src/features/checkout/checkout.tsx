import { isApiError, MESSAGES } from '@vetted/api-client';
import { createOrderBodySchema, type Order } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { Breadcrumbs, Card, Container } from '@vetted/ui';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { useLocation, useParams, useSearchParams } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { useRevalidateOrders } from '../orders';
import { useService, useServiceQuote } from '../services';
import { useVendor } from '../services';
import { api } from '../../lib/vetted-api';
import { errorMessage } from '../../lib/errors';
import { useAddresses } from '../account';
import { addressLine, locationOf, useSavedLocation } from '../../lib/location';
import { useCardPayment } from './payment';
import {
  type AreaCheckState,
  type CheckoutLocation,
  CheckoutSteps,
  ConfirmationView,
  type DetailsValues,
  DetailsStep,
  holdDeadline,
  OrderSummaryCard,
  SlotHold,
} from './checkout-view';
import { PaymentForm } from './payment-form';
import { MissingService } from '../services';
import { toast } from '../../lib/toast';
import { useEndpoint } from '../../lib/use-endpoint';
import { validateWith } from '../../lib/form';

/**
 * One idempotency key per checkout attempt (service + slot), kept in sessionStorage so a double
 * click, a retry after a network error or a reload never books twice.
 */
function useIdempotencyKey(scope: string) {
  return React.useMemo(() => {
    const storageKey = `vetted.checkout.${scope}`;
    try {
      const existing = window.sessionStorage.getItem(storageKey);
      if (existing) return existing;
      const key = crypto.randomUUID();
      window.sessionStorage.setItem(storageKey, key);
      return key;
    } catch {
      return crypto.randomUUID();
    }
  }, [scope]);
}

/** How long typing pauses before a typed address is checked (ms). */
const AREA_CHECK_DEBOUNCE_MS = 500;

/** The job details the customer types, checked by the contract's order body schema. */
const DETAILS_SCHEMA = createOrderBodySchema.pick({ address: true, notes: true });

/** One string per location, to tell whether a refusal is about the address now in the form. */
const locationKey = (l: CheckoutLocation) =>
  l.placeId ? `place:${l.placeId}` : `address:${l.address.trim()}`;

/**
 * The service-area check of the address in the form (`GET /v1/services/{id}/service-area`): a
 * saved place at once, a typed address once typing pauses ({@link AREA_CHECK_DEBOUNCE_MS}).
 * `refusal` is a 422 `outside_service_area` of booking, shown the same way while the address
 * it was about is still in the form. Null while there is nothing to check or the check failed
 * (booking checks again).
 */
function useAreaCheck(
  serviceId: string | null,
  location: CheckoutLocation | null,
  refusal: { key: string; message: string } | null,
): AreaCheckState | null {
  const [checked, setChecked] = React.useState(location);
  React.useEffect(() => {
    if (location?.placeId) {
      setChecked(location);
      return;
    }
    const timer = setTimeout(() => setChecked(location), AREA_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [location]);
  const address = checked?.address.trim() ?? '';
  const query = checked?.placeId
    ? { placeId: checked.placeId }
    : address.length >= 3
      ? { address: address.slice(0, 300) }
      : null;
  const swr = useEndpoint(
    'checkServiceArea',
    serviceId && query ? { params: { id: serviceId }, query } : null,
    { revalidateOnFocus: false },
  );
  if (!location) return null;
  if (refusal && refusal.key === locationKey(location)) {
    return { status: 'refused', message: refusal.message };
  }
  if (!checked || locationKey(checked) !== locationKey(location)) return { status: 'checking' };
  if (!query) return null;
  const data = swr.data;
  if (!data) return swr.error ? null : { status: 'checking' };
  if (data.served === false) return { status: 'refused', message: data.message ?? '' };
  if (data.served === null) return { status: 'unknown', message: data.message ?? '' };
  return { status: 'served' };
}

function forgetIdempotencyKey(scope: string) {
  try {
    window.sessionStorage.removeItem(`vetted.checkout.${scope}`);
  } catch {
    // Nothing stored.
  }
}

/** `/user/services/vendor/:id/service/checkout?serviceId=&startsAt=`: details → payment → done. */
export function CheckoutPage() {
  const { id } = useParams<{ id: string }>();
  const [params] = useSearchParams();
  const [, navigate] = useLocation();
  const serviceId = params.get('serviceId');
  const startsAt = params.get('startsAt');
  const service = useService(serviceId);
  const quote = useServiceQuote(serviceId, startsAt);
  const vendor = useVendor(id);
  const saved = useSavedLocation();
  const { data: places } = useAddresses();
  const scope = `${serviceId}:${startsAt}`;
  const idempotencyKey = useIdempotencyKey(scope);

  const [order, setOrder] = React.useState<Order | null>(null);
  /** When `order` arrived here (device clock, ms): the hold countdown's reference. */
  const [orderReceivedAt, setOrderReceivedAt] = React.useState(0);
  const [location, setLocation] = React.useState<CheckoutLocation | null>(null);
  const [refusal, setRefusal] = React.useState<{ key: string; message: string } | null>(null);
  const area = useAreaCheck(serviceId, location, refusal);
  const [step, setStep] = React.useState<'details' | 'payment' | 'done'>('details');
  const [placing, setPlacing] = React.useState(false);
  const [detailErrors, setDetailErrors] = React.useState<
    Partial<Record<keyof DetailsValues, string>>
  >({});
  const placingRef = React.useRef(false);
  const payment = useCardPayment({
    onPaid: (paidOrder) => {
      setOrder(paidOrder);
      forgetIdempotencyKey(scope);
      void revalidateOrders();
      setStep('done');
    },
  });
  const stepHeading = React.useRef<HTMLDivElement>(null);
  const { mutate } = useSWRConfig();
  const revalidateOrders = useRevalidateOrders();
  /** Slots of this service changed (booked, or taken by someone else): refetch every page. */
  const revalidateSlots = () =>
    mutate((key) => Array.isArray(key) && key[0] === `/services/${serviceId}/slots`);

  React.useEffect(() => {
    // Move focus to the new step so keyboard and screen-reader users land on it.
    if (step !== 'details') stepHeading.current?.focus();
  }, [step]);

  if (!serviceId || !startsAt) return <MissingService vendorId={id} />;

  if (service.error && !service.data) {
    return (
      <Container>
        <ErrorState
          title={MESSAGES.errorLoadingService}
          message={service.error.message}
          onRetry={() => service.mutate()}
        />
      </Container>
    );
  }

  const serviceHref = buildLink(ROUTES.user.vendorService, {
    params: { id },
    query: { serviceId },
  });
  const timeZone = vendor.data?.timeZone;

  const initialize = async (forOrder: Order) => {
    const p = await payment.initialize(forOrder);
    if (p && ['authorized', 'captured', 'succeeded'].includes(p.status)) setStep('done');
  };

  const placeOrder = async (values: DetailsValues) => {
    if (placingRef.current) return;
    const parsed = await validateWith(DETAILS_SCHEMA, {
      address: values.address,
      notes: values.notes || undefined,
    });
    if (parsed.errors) {
      setDetailErrors({ address: parsed.errors.address, notes: parsed.errors.notes });
      return;
    }
    // Checked again: a second submit may have started while this one was being validated.
    if (placingRef.current) return;
    setDetailErrors({});
    placingRef.current = true;
    setPlacing(true);
    try {
      const created = await api.orders.create(
        {
          serviceId,
          startsAt,
          address: parsed.data.address,
          notes: parsed.data.notes,
          placeId: values.placeId,
        },
        { idempotencyKey },
      );
      setOrder(created);
      setOrderReceivedAt(Date.now());
      setStep('payment');
      void revalidateSlots();
      void revalidateOrders();
      await initialize(created);
    } catch (error) {
      if (isApiError(error) && error.code === 409) {
        // The slot went while the person was filling the form: back to the picker.
        forgetIdempotencyKey(scope);
        void revalidateSlots();
        toast.error(error.message || 'That time was just booked. Please pick another slot.');
        navigate(serviceHref, { replace: true });
        return;
      }
      if (isApiError(error) && error.errorCode === 'outside_service_area') {
        // Said at the address (an alert), where the customer changes it; nothing was held.
        setRefusal({ key: locationKey(values), message: error.message });
        return;
      }
      if (isApiError(error) && error.fields) {
        setDetailErrors({ address: error.fields.address, notes: error.fields.notes });
      }
      toast.error(MESSAGES.errorCreatingOrder, { description: errorMessage(error) });
    } finally {
      placingRef.current = false;
      setPlacing(false);
    }
  };

  return (
    <Container className="flex flex-col gap-6">
      <Breadcrumbs
        items={[
          {
            label: service.data?.vendor.businessName ?? 'Pro',
            href: buildLink(ROUTES.user.vendor, { params: { id } }),
          },
          { label: service.data?.title ?? 'Service', href: serviceHref },
          { label: 'Checkout' },
        ]}
      />
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
        <CheckoutSteps step={step} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
        <Card className="p-5 sm:p-6">
          <div ref={stepHeading} className="outline-none" tabIndex={-1}>
            {step === 'details' ? (
              <DetailsStep
                defaultValues={{ address: saved ? addressLine(saved) : '', notes: '' }}
                places={places?.map((p) => ({
                  id: p.id,
                  label: p.label,
                  address: addressLine(locationOf(p)),
                }))}
                errors={detailErrors}
                submitting={placing}
                onSubmit={placeOrder}
                onLocationChange={setLocation}
                area={area}
              />
            ) : step === 'payment' && order ? (
              <HeldPayment
                order={order}
                receivedAt={orderReceivedAt}
                pickAnotherHref={serviceHref}
                // A new booking of this slot must not replay the expired order.
                onExpire={() => forgetIdempotencyKey(scope)}
              >
                <PaymentForm
                  payment={payment}
                  amount={order.total}
                  onRetryInit={() => initialize(order)}
                />
              </HeldPayment>
            ) : order ? (
              <ConfirmationView
                order={order}
                payment={payment.payment}
                timeZone={timeZone}
                orderHref={buildLink(ROUTES.user.historyOrder, { query: { id: order.id } })}
              />
            ) : null}
          </div>
        </Card>
        <div className="lg:sticky lg:top-24">
          <OrderSummaryCard
            service={service.data}
            isLoading={service.isLoading}
            startsAt={startsAt}
            timeZone={timeZone}
            order={order}
            quote={quote.data}
          />
        </div>
      </div>
    </Container>
  );
}

/** The payment form under the order's slot hold countdown (none when the order holds nothing). */
function HeldPayment({
  order,
  receivedAt,
  pickAnotherHref,
  onExpire,
  children,
}: {
  order: Order;
  receivedAt: number;
  pickAnotherHref: string;
  onExpire: () => void;
  children: React.ReactNode;
}) {
  const deadline = holdDeadline(order, receivedAt);
  if (deadline === null) return <>{children}</>;
  return (
    <SlotHold deadline={deadline} pickAnotherHref={pickAnotherHref} onExpire={onExpire}>
      {children}
    </SlotHold>
  );
}
