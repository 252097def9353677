import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Stripe } from '@stripe/stripe-js';
import type { Payment } from '@vetted/contract';
import { Card, Input } from '@vetted/ui';
import { createRoot, type Root } from 'react-dom/client';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { orderDetail, orders } from '../../fixtures';
import type { useCardPayment } from './payment';
import { PaymentForm } from './payment-form';
import type { ConfirmCard } from './stripe-payment-step';

/**
 * The card step of checkout by provider. Stripe.js cannot be reached here, so the
 * stories pass a fake loader whose "Stripe" mounts a plain field where Stripe's card frame goes
 * and records `confirmCardPayment`. The sandbox keeps its own form and the "Test mode" banner.
 */

const sandboxPayment: Payment = {
  ...orderDetail.payment!,
  status: 'requires_payment',
  cardLast4: null,
};
const stripePayment: Payment = {
  ...sandboxPayment,
  provider: 'stripe',
  clientSecret: 'pi_story_secret_abc',
  publishableKey: 'pk_test_story',
};

/** `confirmCardPayment` of the fake Stripe of the story being played. */
const confirmCardPayment = fn(async (_clientSecret: string, _data: unknown) => ({
  paymentIntent: { id: 'pi_story', status: 'requires_capture' },
}));

/**
 * A stand-in for Stripe.js: `elements().create('card')` mounts a text field (Stripe's iframe
 * in real life) that reports `complete` once 16 digits are typed, like the Card Element's
 * `change` event, and marks its container `StripeElement--focus` while focused.
 */
function fakeStripe(): Stripe {
  return {
    elements: () => ({
      create: () => {
        let root: Root | null = null;
        const handlers: Record<string, (event: unknown) => void> = {};
        const element = {
          on(name: string, handler: (event: unknown) => void) {
            handlers[name] = handler;
            return element;
          },
          mount(container: HTMLElement) {
            root = createRoot(container);
            root.render(
              <Input
                aria-label="Card number"
                inputMode="numeric"
                className="h-auto border-0 p-0"
                onFocus={() => container.classList.add('StripeElement--focus')}
                onBlur={() => container.classList.remove('StripeElement--focus')}
                onChange={(e) =>
                  handlers.change?.({ complete: e.target.value.replace(/\D/g, '').length >= 16 })
                }
              />,
            );
          },
          destroy() {
            const r = root;
            root = null;
            // Unmount after React finishes the commit that destroyed the element.
            queueMicrotask(() => r?.unmount());
          },
        };
        return element;
      },
    }),
    confirmCardPayment,
  } as unknown as Stripe;
}

/** The state `useCardPayment` hands the page, for `payment`. */
function hookState(payment: Payment | null): ReturnType<typeof useCardPayment> {
  return {
    payment,
    initError: null,
    cardErrors: {},
    decline: null,
    paying: false,
    initialize: fn(async () => payment),
    initializeWith: fn(async () => payment),
    pay: fn(async () => {}),
    payWithStripe: fn(async (_confirm: ConfirmCard) => {}),
  };
}

const meta = {
  title: 'Screens/User/Checkout payment',
  component: PaymentForm,
  decorators: [
    (Story) => (
      <Card className="max-w-xl p-5 sm:p-6">
        <Story />
      </Card>
    ),
  ],
  args: {
    payment: hookState(sandboxPayment),
    amount: orders[0]!.total,
    onRetryInit: fn(),
  },
} satisfies Meta<typeof PaymentForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Sandbox: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/Test mode — no real money moves/)).toBeVisible();
    await expect(canvas.getByLabelText(/Card number/)).toBeEnabled();
    await expect(canvas.queryByTestId('stripe-card')).toBeNull();
    await expect(args.payment.payWithStripe).not.toHaveBeenCalled();
  },
};

export const StripeCard: Story = {
  name: 'Stripe',
  args: {
    payment: hookState(stripePayment),
    loadStripe: fn(async (_key: string) => fakeStripe()),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // Stripe.js is loaded with the payment's publishable key and its card field mounted.
    await waitFor(() => expect(args.loadStripe).toHaveBeenCalledWith('pk_test_story'));
    const group = canvas.getByRole('group', { name: 'Card' });
    const cardField = await within(group).findByLabelText('Card number');
    // A test key keeps the "Test mode" banner; there is no card form of our own.
    await expect(canvas.getByText(/Test mode — no real money moves/)).toBeVisible();
    await expect(canvas.queryByRole('textbox', { name: /expiry/i })).toBeNull();

    await userEvent.type(cardField, '4242424242424242');
    await userEvent.type(canvas.getByLabelText(/Name on card/), 'Ada Lovelace');
    await userEvent.click(canvas.getByRole('button', { name: /Pay/ }));
    const payWithStripe = args.payment.payWithStripe as ReturnType<typeof fn>;
    await waitFor(() => expect(payWithStripe).toHaveBeenCalledTimes(1));

    // What the page runs with the client secret: Stripe.js confirms the card it collected.
    const confirmCard = payWithStripe.mock.calls[0]![0] as ConfirmCard;
    await confirmCard('pi_story_secret_abc');
    await expect(confirmCardPayment).toHaveBeenCalledWith(
      'pi_story_secret_abc',
      expect.objectContaining({
        payment_method: expect.objectContaining({ billing_details: { name: 'Ada Lovelace' } }),
      }),
    );
  },
};

export const StripeIncompleteCard: Story = {
  name: 'Stripe, card not filled in',
  args: {
    payment: hookState(stripePayment),
    loadStripe: fn(async (_key: string) => fakeStripe()),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await within(canvas.getByRole('group', { name: 'Card' })).findByLabelText('Card number');
    await userEvent.type(canvas.getByLabelText(/Name on card/), 'Ada Lovelace');
    await userEvent.click(canvas.getByRole('button', { name: /Pay/ }));
    await expect(await canvas.findByText('Enter your card details')).toBeVisible();
    await expect(args.payment.payWithStripe).not.toHaveBeenCalled();
  },
};

export const StripeDeclined: Story = {
  name: 'Stripe, declined',
  args: {
    payment: { ...hookState(stripePayment), decline: 'Your card has insufficient funds.' },
    loadStripe: fn(async (_key: string) => fakeStripe()),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Your card has insufficient funds.')).toBeVisible();
  },
};

export const StripeUnavailable: Story = {
  name: 'Stripe.js could not load',
  args: {
    payment: hookState(stripePayment),
    loadStripe: fn(async (_key: string) => null),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/Card payment could not be loaded/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};
