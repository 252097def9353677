import { isApiError, MESSAGES } from '@vetted/api-client';
import {
  type ConfirmPaymentBody,
  confirmPaymentBodySchema,
  type Order,
  type Payment,
  type PaymentResult,
} from '@vetted/contract';
import * as React from 'react';
import { errorMessage } from '../../lib/errors';
import { validateWith } from '../../lib/form';
import { api } from '../../lib/vetted-api';
import { toast } from '../../lib/toast';
import type { CardValues } from './payment-step';
import type { ConfirmCard } from './stripe-payment-step';

/** Said when a card is refused without the provider's own reason. */
const DECLINED = 'Your card was declined. Try another card.';

/** The confirm body (`confirmPaymentBodySchema`) from the card form; MM/YY → month + 4-digit year. */
export function cardBody(values: CardValues): ConfirmPaymentBody {
  const [mm = '', yy = ''] = values.expiry.split('/');
  return {
    card: {
      number: values.number,
      expMonth: Number(mm) || 0,
      expYear: yy.length === 2 ? 2000 + Number(yy) : Number(yy) || 0,
      cvc: values.cvc.trim(),
      name: values.name,
    },
  };
}

/** Server/contract field paths → card form fields. */
export const CARD_FIELD: Record<string, keyof CardValues> = {
  'card.number': 'number',
  'card.expMonth': 'expiry',
  'card.expYear': 'expiry',
  'card.cvc': 'cvc',
  'card.name': 'name',
};

type CardErrors = Partial<Record<keyof CardValues, string>>;

/** Messages by contract field path (the schema's or the server's) on the card form's fields. */
function cardErrorsOf(fields: Record<string, string>): CardErrors {
  const errs: CardErrors = {};
  for (const [path, message] of Object.entries(fields)) {
    const key = CARD_FIELD[path];
    if (key) errs[key] ??= message;
  }
  return errs;
}

/**
 * Card payment of one order: initialise, then
 * - sandbox (`pay`): validate the card with the contract's schema and confirm with it;
 * - Stripe (`payWithStripe`): Stripe.js confirms the card with the payment's client secret in
 *   the browser, then our confirm endpoint is called with no card data.
 * Declines show inline and in a toast; retry is allowed.
 */
export function useCardPayment({ onPaid }: { onPaid: (order: Order, payment: Payment) => void }) {
  const [payment, setPayment] = React.useState<Payment | null>(null);
  const [initError, setInitError] = React.useState<string | null>(null);
  const [cardErrors, setCardErrors] = React.useState<CardErrors>({});
  const [decline, setDecline] = React.useState<string | null>(null);
  const [paying, setPaying] = React.useState(false);

  /**
   * Opens the payment `start` answers (a checkout's, or a tip's), ready to confirm;
   * resolves with it, or null after an error (shown inline and in a toast).
   */
  const initializeWith = async (start: () => Promise<Payment>): Promise<Payment | null> => {
    setInitError(null);
    setPayment(null);
    try {
      const p = await start();
      setPayment(p);
      return p;
    } catch (error) {
      toast.error(MESSAGES.errorInitializingPayment);
      setInitError(`${MESSAGES.errorInitializingPayment}: ${errorMessage(error)}`);
      return null;
    }
  };

  /** A decline or failure, inline above "Pay" and in a toast. */
  const declined = (message: string) => {
    setDecline(message);
    toast.error(message);
  };

  /** A confirm answer: paid (`onPaid`) or declined with the provider's reason. */
  const settle = (result: PaymentResult) => {
    // `authorized` (captured when the pro accepts); `succeeded` from older servers.
    if (result.payment.status === 'authorized' || result.payment.status === 'succeeded') {
      // No toast here: "Card authorised" comes once, as the server's notification (live).
      onPaid(result.order, result.payment);
    } else {
      declined(result.payment.failureMessage ?? DECLINED);
    }
  };

  /** `POST /payments/initialize`; resolves with the payment (or null after an error). */
  const initialize = (order: Order): Promise<Payment | null> =>
    initializeWith(() => api.payments.initialize({ orderId: order.id }));

  const pay = async (values: CardValues) => {
    if (!payment || paying) return;
    const body = cardBody(values);
    const parsed = await validateWith(confirmPaymentBodySchema, body);
    if (parsed.errors) {
      setCardErrors(cardErrorsOf(parsed.errors));
      return;
    }
    setCardErrors({});
    setDecline(null);
    setPaying(true);
    try {
      const result = await api.payments.confirm(payment.id, body);
      setPayment(result.payment);
      settle(result);
    } catch (error) {
      if (isApiError(error) && error.fields) setCardErrors(cardErrorsOf(error.fields));
      declined(errorMessage(error));
    } finally {
      setPaying(false);
    }
  };

  /** Stripe: confirm the card with Stripe.js, then tell our server (no card data). */
  const payWithStripe = async (confirmCard: ConfirmCard) => {
    if (!payment?.clientSecret || paying) return;
    const { clientSecret, publishableKey } = payment;
    setDecline(null);
    setPaying(true);
    try {
      const { error } = await confirmCard(clientSecret);
      if (error) {
        declined(error.message ?? DECLINED);
        return;
      }
      const result = await api.payments.confirm(payment.id, {});
      // Confirm answers carry no client secret: keep the one Stripe.js may need for a retry.
      setPayment({ ...result.payment, clientSecret, publishableKey });
      settle(result);
    } catch (error) {
      declined(errorMessage(error));
    } finally {
      setPaying(false);
    }
  };

  return {
    payment,
    initError,
    cardErrors,
    decline,
    paying,
    initialize,
    initializeWith,
    pay,
    payWithStripe,
  };
}
