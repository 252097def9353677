import { isApiError, MESSAGES } from '@vetted/api-client';
import { createOrderBodySchema, type Order, type Plan, type PlanFrequency } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { useLocation } from 'wouter';
import { errorMessage } from '../../lib/errors';
import { validateWith } from '../../lib/form';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';
import { useRevalidateOrders } from '../orders';
import { endOfDayIn } from '../plans';
import type { CheckoutStep } from './checkout-steps';
import type { CheckoutLocation, DetailsValues } from './details-step';
import { forgetIdempotencyKey, useIdempotencyKey } from './idempotency-key';
import { useCardPayment } from './payment';
import { type AreaRefusal, locationKey, useAreaCheck } from './use-area-check';

/** The job details the customer types, checked by the contract's order body schema. */
const DETAILS_SCHEMA = createOrderBodySchema.pick({ address: true, notes: true });

export interface UseCheckoutOptions {
  serviceId: string;
  /** The slot's start (ISO 8601), as the slot picker put it in the URL. */
  startsAt: string;
  /** The service's slot picker: where a customer whose slot was just taken is sent back. */
  serviceHref: string;
  /** The pro's IANA time zone: a plan's last day ends at midnight there. */
  timeZone?: string;
}

/**
 * The checkout's state and actions: details → `placeOrder` (creates the order under one
 * idempotency key per attempt, holding the slot) → card payment → done. Focus moves to
 * `stepRef` when the step changes. A slot taken meanwhile (409) sends the customer back to
 * `serviceHref` with a toast; an address outside the pro's area shows at the address (`area`).
 */
export function useCheckout({ serviceId, startsAt, serviceHref, timeZone }: UseCheckoutOptions) {
  const [, navigate] = useLocation();
  const scope = `${serviceId}:${startsAt}`;
  const idempotencyKey = useIdempotencyKey(scope);
  const [order, setOrder] = React.useState<Order | null>(null);
  /** The plan started instead of a one-time order ("How often?"), whose first visit is `order`. */
  const [plan, setPlan] = React.useState<Plan | null>(null);
  /** When `order` arrived here (device clock, ms): the hold countdown's reference. */
  const [orderReceivedAt, setOrderReceivedAt] = React.useState(0);
  const [location, setLocation] = React.useState<CheckoutLocation | null>(null);
  const [refusal, setRefusal] = React.useState<AreaRefusal | null>(null);
  const area = useAreaCheck(serviceId, location, refusal);
  const [step, setStep] = React.useState<CheckoutStep>('details');
  const [placing, setPlacing] = React.useState(false);
  const [detailErrors, setDetailErrors] = React.useState<
    Partial<Record<keyof DetailsValues, string>>
  >({});
  const placingRef = React.useRef(false);
  const revalidateOrders = useRevalidateOrders();
  const payment = useCardPayment({
    onPaid: (paidOrder) => {
      setOrder(paidOrder);
      forgetIdempotencyKey(scope);
      void revalidateOrders();
      setStep('done');
    },
  });
  const stepRef = React.useRef<HTMLDivElement>(null);
  const { mutate } = useSWRConfig();
  /** Slots of this service changed (booked, or taken by someone else): refetch every page. */
  const revalidateSlots = () =>
    mutate((key) => Array.isArray(key) && key[0] === `/services/${serviceId}/slots`);

  React.useEffect(() => {
    // Move focus to the new step so keyboard and screen-reader users land on it.
    if (step !== 'details') stepRef.current?.focus();
  }, [step]);

  const initialize = async (forOrder: Order) => {
    const p = await payment.initialize(forOrder);
    if (p && ['authorized', 'captured', 'succeeded'].includes(p.status)) setStep('done');
  };

  /** Booking failed: each known refusal said where the customer can act on it. */
  const placeFailed = (error: unknown, values: DetailsValues) => {
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
      const { address, notes, until } = error.fields;
      setDetailErrors({ address, notes, until });
    }
    toast.error(MESSAGES.errorCreatingOrder, { description: errorMessage(error) });
  };

  /**
   * "How often?" said repeat: `POST /v1/plans` on this slot, then its first visit's order, which
   * is paid here like any order (the API saves the card for the next visits).
   */
  const startPlan = async (
    frequency: PlanFrequency,
    details: { address: string; notes?: string },
    values: DetailsValues,
  ): Promise<Order> => {
    const started = await api.plans.create({
      serviceId,
      startsAt,
      frequency,
      until: values.until && timeZone ? endOfDayIn(values.until, timeZone) : undefined,
      address: details.address,
      notes: details.notes,
      placeId: values.placeId,
    });
    setPlan(started);
    if (!started.firstOrderId) throw new Error('The plan has no first visit to pay for.');
    return api.orders.get(started.firstOrderId);
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
      const created =
        values.frequency && values.frequency !== 'once'
          ? await startPlan(values.frequency, parsed.data, values)
          : await api.orders.create(
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
      placeFailed(error, values);
    } finally {
      placingRef.current = false;
      setPlacing(false);
    }
  };

  return {
    step,
    stepRef,
    /** The created order (then the paid one); null before "Place order". */
    order,
    /** The plan started, when the customer chose to repeat; its first visit is `order`. */
    plan,
    orderReceivedAt,
    placing,
    detailErrors,
    area,
    /** The details form's address changed: its service area is checked. */
    setLocation,
    placeOrder,
    /** The card payment of `order` ({@link useCardPayment}). */
    payment,
    /** "Try again" after the payment could not be initialised. */
    retryInit: () => (order ? initialize(order) : Promise.resolve()),
    /** The hold ran out: a new booking of this slot must not replay the expired order. */
    holdExpired: () => forgetIdempotencyKey(scope),
  };
}
