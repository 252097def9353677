import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Payment, ServiceQuote } from '@vetted/contract';
import type * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { orderDetail, orders, serviceDetail } from '../../fixtures';
import { savedPlaces } from '../../fixtures/places';
import type { CheckoutStep } from './checkout-steps';
import { CheckoutView } from './checkout-view';
import { ConfirmationView } from './confirmation-view';
import { DetailsStep, type DetailsStepProps } from './details-step';
import { OrderSummaryCard } from './order-summary-card';
import { PaymentStep } from './payment-step';
import { SlotHold } from './slot-hold';

/** The checkout page layout around one step, as the page composes it. */
function Checkout({
  step,
  children,
  ordered,
  loading,
  quoted,
}: {
  step: CheckoutStep;
  children: React.ReactNode;
  ordered?: boolean;
  loading?: boolean;
  /** The server's quote for the slot (minor units); absent while it loads. */
  quoted?: ServiceQuote;
}) {
  return (
    <div className="flex flex-col gap-6">
      <CheckoutView
        step={step}
        summary={
          <OrderSummaryCard
            service={loading ? undefined : serviceDetail}
            isLoading={loading}
            startsAt={orders[0]!.startsAt}
            timeZone="America/Los_Angeles"
            order={ordered ? orders[0] : null}
            quote={quoted}
          />
        }
      >
        {children}
      </CheckoutView>
    </div>
  );
}

const meta = {
  title: 'Screens/User/Checkout',
  component: Checkout,
  args: { step: 'details', children: null },
} satisfies Meta<typeof Checkout>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The details step with `address` in its field (none by default) and any other props. */
const details = ({
  address = '',
  ...props
}: Partial<DetailsStepProps> & { address?: string } = {}) => (
  <DetailsStep defaultValues={{ address, notes: '' }} onSubmit={fn()} {...props} />
);

export const Loading: Story = { args: { loading: true, children: details() } };
export const WithSavedPlaces: Story = {
  name: 'Details (saved places)',
  args: {
    children: details({
      address: '12 Harbour Road, Flat 3, Boston 02110',
      places: savedPlaces.map((p) => ({
        id: p.id,
        label: p.label,
        address: `${p.line1}, ${[p.city, p.postcode].filter(Boolean).join(' ')}`,
      })),
    }),
  },
  play: async ({ canvas, canvasElement }) => {
    const address = canvas.getByRole('textbox', { name: /^Address/ });
    await expect(address).toHaveValue('12 Harbour Road, Flat 3, Boston 02110');
    await userEvent.click(canvas.getByRole('combobox', { name: /Saved place/ }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('option', { name: /^Office/ }));
    await expect(address).toHaveValue('1 Kendall Square, Cambridge');
  },
};
export const Empty: Story = { name: 'Details (empty form)', args: { children: details() } };
export const ErrorState: Story = {
  name: 'Details with errors',
  args: { children: details({ errors: { address: 'Enter the address where the job is' } }) },
};
export const PaymentLoading: Story = {
  args: {
    step: 'payment',
    ordered: true,
    children: <PaymentStep ready={false} testMode onSubmit={fn()} amount={orders[0]!.total} />,
  },
};
export const PaymentInitError: Story = {
  args: {
    step: 'payment',
    ordered: true,
    children: (
      <PaymentStep
        ready={false}
        testMode
        initError="Error initializing payment: Oops! Something went wrong. Try again"
        onRetryInit={fn()}
        onSubmit={fn()}
      />
    ),
  },
};
export const Populated: Story = {
  name: 'Payment',
  args: {
    step: 'payment',
    ordered: true,
    children: <PaymentStep ready testMode onSubmit={fn()} amount={orders[0]!.total} />,
  },
};
export const Declined: Story = {
  args: {
    step: 'payment',
    ordered: true,
    children: (
      <PaymentStep
        ready
        testMode
        declineMessage="Your card was declined. Try another card."
        onSubmit={fn()}
        amount={orders[0]!.total}
      />
    ),
  },
};
/** The confirmation of the first order, its payment as `payment` left it. */
const confirmation = (payment: Payment | null | undefined) => (
  <ConfirmationView
    order={orders[0]!}
    payment={payment}
    timeZone="America/Los_Angeles"
    orderHref="/user/history/order?id=1"
  />
);

export const Confirmed: Story = {
  args: { step: 'done', ordered: true, children: confirmation(orderDetail.payment) },
};
/** Only authorised: "Booking requested", "Total authorised", never "Total paid". */
export const ConfirmedCardAuthorised: Story = {
  args: Confirmed.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Booking requested' })).toBeVisible();
    await expect(canvas.getByText('Total authorised')).toBeVisible();
    await expect(canvas.queryByText('Total paid')).toBeNull();
    await expect(
      canvas.getByText(`Card authorised — charged when ${orders[0]!.vendor.businessName} accepts`),
    ).toBeVisible();
  },
};

/** Charged (the pro accepted): "Booking confirmed" and "Total paid" beside "Paid". */
export const ConfirmedPaid: Story = {
  args: {
    step: 'done',
    ordered: true,
    children: confirmation({ ...orderDetail.payment!, status: 'captured' }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Booking confirmed' })).toBeVisible();
    await expect(canvas.getByText('Total paid')).toBeVisible();
    await expect(canvas.getByText('Paid')).toBeVisible();
  },
};

/** The booking fee and total are still being priced by the server: placeholders, no guess. */
export const QuoteLoading: Story = {
  args: { children: details() },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByLabelText('Loading booking fee')).toBeVisible();
    await expect(canvas.getByLabelText('Loading total')).toBeVisible();
    await expect(canvas.queryByText('Calculated next')).toBeNull();
  },
};

/** The quote arrived: subtotal, booking fee and total are shown before "Place order". */
export const QuoteShown: Story = {
  args: {
    children: details(),
    quoted: { subtotal: 12_345, bookingFee: 617, total: 12_962, currency: 'USD' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('$123.45')).toBeVisible();
    await expect(canvas.getByText('$6.17')).toBeVisible();
    await expect(canvas.getByText('$129.62')).toBeVisible();
  },
};

const LONDON_REFUSAL = "Demo Plumbing Co. doesn't serve London, GB (3,271 mi away)";

/** The address is outside the pro's service radius: said at the address, "Place order" off. */
export const OutOfArea: Story = {
  name: 'Details (outside the service area)',
  args: {
    children: details({
      address: '221B Baker Street, London',
      area: { status: 'refused', message: LONDON_REFUSAL },
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(LONDON_REFUSAL);
    await expect(canvas.getByRole('textbox', { name: /^Address/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(canvas.getByRole('button', { name: 'Place order' })).toBeDisabled();
  },
};

/** No town found in the address: a hint of what to add; booking is not blocked. */
export const AddressTownUnknown: Story = {
  name: 'Details (town not found)',
  args: {
    children: details({
      address: '12 Main Street',
      area: {
        status: 'unknown',
        message:
          'We couldn\'t find the town in this address, so we can\'t check that Demo Plumbing Co. works there. Add the town or city, e.g. "12 Main Street, Boston, MA".',
      },
    }),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/couldn't find the town in this address/)).toBeVisible();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Place order' })).toBeEnabled();
  },
};

/** A fixed clock, so the countdown reads the same in every run (and screenshot). */
const HOLD_NOW = Date.parse('2026-11-24T15:00:00Z');
const holdNow = () => HOLD_NOW;

/** After "Place order": the slot is held for 9:41 more, with what happens when it runs out. */
export const HoldRunning: Story = {
  name: 'Payment (slot held)',
  args: {
    step: 'payment',
    ordered: true,
    children: (
      <SlotHold deadline={HOLD_NOW + 9 * 60_000 + 41_000} pickAnotherHref="/user" now={holdNow}>
        <PaymentStep ready testMode onSubmit={fn()} amount={orders[0]!.total} />
      </SlotHold>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('timer')).toHaveTextContent('Slot held for 9:41');
    await expect(
      canvas.getByText('If the time runs out, the slot is released and you can pick another time.'),
    ).toBeVisible();
    // Announced once a minute, in whole minutes.
    await expect(canvas.getByText('Slot held for 9 minutes')).toHaveAttribute(
      'aria-live',
      'polite',
    );
    await expect(canvas.getByRole('button', { name: /^Pay/ })).toBeEnabled();
  },
};

/** The hold ran out: no card form, a way to pick another time. */
export const HoldExpired: Story = {
  name: 'Payment (hold expired)',
  args: {
    step: 'payment',
    ordered: true,
    children: (
      <SlotHold deadline={HOLD_NOW - 1} pickAnotherHref="/user" now={holdNow}>
        <PaymentStep ready testMode onSubmit={fn()} amount={orders[0]!.total} />
      </SlotHold>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Your hold on this time has ended');
    await expect(canvas.getByRole('link', { name: 'Pick another time' })).toHaveAttribute(
      'href',
      '/user',
    );
    await expect(canvas.queryByRole('button', { name: /^Pay/ })).toBeNull();
    await expect(canvas.queryByLabelText('Card number')).toBeNull();
  },
};
