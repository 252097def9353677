import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ServiceQuote } from '@vetted/contract';
import { Card } from '@vetted/ui';
import type * as React from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { orderDetail, orders, serviceDetail } from '../../fixtures';
import { savedPlaces } from '../../fixtures/places';
import {
  CheckoutSteps,
  type CheckoutStep,
  ConfirmationView,
  DetailsStep,
  OrderSummaryCard,
  PaymentStep,
} from './checkout-view';

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
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Checkout</h1>
        <CheckoutSteps step={step} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_380px] lg:items-start">
        <Card className="p-5 sm:p-6">{children}</Card>
        <OrderSummaryCard
          service={loading ? undefined : serviceDetail}
          isLoading={loading}
          startsAt={orders[0]!.startsAt}
          timeZone="America/Los_Angeles"
          order={ordered ? orders[0] : null}
          quote={quoted}
        />
      </div>
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

const details = (errors?: Record<string, string>) => (
  <DetailsStep defaultValues={{ address: '', notes: '' }} errors={errors} onSubmit={fn()} />
);

export const Loading: Story = { args: { loading: true, children: details() } };
export const WithSavedPlaces: Story = {
  name: 'Details (saved places)',
  args: {
    children: (
      <DetailsStep
        defaultValues={{ address: '12 Harbour Road, Flat 3, Boston 02110', notes: '' }}
        places={savedPlaces.map((p) => ({
          id: p.id,
          label: p.label,
          address: `${p.line1}, ${[p.city, p.postcode].filter(Boolean).join(' ')}`,
        }))}
        onSubmit={fn()}
      />
    ),
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
  args: { children: details({ address: 'Enter the address where the job is' }) },
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
export const Confirmed: Story = {
  args: {
    step: 'done',
    ordered: true,
    children: (
      <ConfirmationView
        order={orders[0]!}
        payment={orderDetail.payment}
        timeZone="America/Los_Angeles"
        orderHref="/user/history/order?id=1"
      />
    ),
  },
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
    children: (
      <ConfirmationView
        order={orders[0]!}
        payment={{ ...orderDetail.payment!, status: 'captured' }}
        timeZone="America/Los_Angeles"
        orderHref="/user/history/order?id=1"
      />
    ),
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
