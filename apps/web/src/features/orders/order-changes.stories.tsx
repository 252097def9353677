import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { CancellationQuote, OrderDetail, Payment } from '@vetted/contract';
import { Button } from '@vetted/ui';
import { X } from 'lucide-react';
import * as React from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { acceptedOrderDetail, loadError, orderDetail, slots } from '../../fixtures';
import { settled } from '../../fixtures/settled';
import type { useCardPayment } from '../checkout';
import { PaymentForm } from '../checkout';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { RescheduleDialogView, type RescheduleDialogViewProps } from './reschedule-view';
import { TipDialogView, type TipDialogViewProps } from './tip-view';
import { OrderDetailView } from './order-detail-view';

/*
 * Changes of plan, every state: the cancel confirmation with the API's refund quote
 * (each band), the reschedule slot picker, the tip dialog, and the order page with a pending new
 * time and a tip. Views take props; no network.
 */

const meta = {
  title: 'Screens/Shared/Order changes',
  component: CancelBookingDialog,
  args: {
    perspective: 'customer',
    onConfirm: fn(async () => {}),
    onOpenChange: fn(),
    onRetryQuote: fn(),
    timeZone: 'America/Los_Angeles',
    trigger: (
      <Button variant="outline">
        <X aria-hidden="true" /> Cancel booking
      </Button>
    ),
  },
} satisfies Meta<typeof CancelBookingDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

const usd = (amount: number) => ({ amount, currency: 'USD' });

/** Quotes as `GET /orders/:id/cancellation` answers them for the $60.00 + $3.00 order. */
const quotes = {
  early: {
    allowed: true,
    band: 'early',
    label: 'cancelling 24 hours or more before the start',
    reason:
      'You get back $63.00, the full amount paid: cancelling 24 hours or more before the start.',
    refund: usd(6_300),
    share: { of: 'total', bps: 10_000 },
    money: 'refund',
    deadline: '2026-11-22T17:00:00.000Z',
  },
  late: {
    allowed: true,
    band: 'late',
    label: 'cancelling within 24 hours of the start',
    reason:
      'You get back $30.00 (50 % of the service price): cancelling within 24 hours of the start. The booking fee is kept.',
    refund: usd(3_000),
    share: { of: 'subtotal', bps: 5_000 },
    money: 'refund',
    deadline: '2026-11-23T17:00:00.000Z',
  },
  beforeAccept: {
    allowed: true,
    band: 'before_accept',
    label: 'cancelling before the pro accepts',
    reason:
      'Nothing was charged yet: the $63.00 hold on the card is released (cancelling before the pro accepts).',
    refund: usd(6_300),
    share: { of: 'total', bps: 10_000 },
    money: 'release',
    deadline: null,
  },
  started: {
    allowed: false,
    band: 'started',
    label: 'after the start',
    reason:
      "This booking's time has started, so it can't be cancelled here and there is no refund. Contact support for help.",
    refund: usd(0),
    share: { of: 'total', bps: 0 },
    money: 'none',
    deadline: null,
  },
  byVendor: {
    allowed: true,
    band: 'by_vendor',
    label: 'cancelled by the pro',
    reason: 'The customer gets back $63.00, the full amount paid: cancelled by the pro.',
    refund: usd(6_300),
    share: { of: 'total', bps: 10_000 },
    money: 'refund',
    deadline: '2026-11-23T17:00:00.000Z',
  },
} satisfies Record<string, CancellationQuote>;

const openCancel = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
  return settled(await screen.findByRole('alertdialog', { name: 'Cancel this booking?' }));
};

export const CancelEarly: Story = {
  name: 'Cancel: 24 h or more before (full refund)',
  args: { quote: quotes.early },
  play: async () => {
    const dialog = await openCancel();
    await expect(dialog).toHaveTextContent(
      'You’ll get back $63.00, the full amount — cancelling 24 hours or more before the start.',
    );
    await expect(dialog).toHaveTextContent(/This applies until/);
  },
};

export const CancelLate: Story = {
  name: 'Cancel: within 24 h (50 %)',
  args: { quote: quotes.late },
  play: async ({ args }) => {
    const dialog = await openCancel();
    await expect(dialog).toHaveTextContent(
      'You’ll get back $30.00 (50 % of the service price) — cancelling within 24 hours of the start. The booking fee is kept.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(args.onConfirm).toHaveBeenCalledOnce());
  },
};

export const CancelBeforeAccept: Story = {
  name: 'Cancel: before the pro accepts (hold released)',
  args: { quote: quotes.beforeAccept },
  play: async () => {
    const dialog = await openCancel();
    await expect(dialog).toHaveTextContent(/releases the \$63\.00 hold/);
  },
};

export const CancelAfterStart: Story = {
  name: 'Cancel: after the start (refused)',
  args: { quote: quotes.started },
  play: async () => {
    const dialog = await openCancel();
    await expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
  },
};

export const CancelQuoteLoading: Story = {
  name: 'Cancel: quote loading',
  args: { quoteLoading: true },
  play: async () => {
    const dialog = await openCancel();
    await expect(dialog).toHaveTextContent('Checking what cancelling refunds…');
    await expect(within(dialog).getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
  },
};

export const CancelQuoteError: Story = {
  name: 'Cancel: quote failed',
  args: { quoteError: loadError },
  play: async ({ args }) => {
    await openCancel();
    await userEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await expect(args.onRetryQuote).toHaveBeenCalled();
  },
};

export const VendorCancel: Story = {
  name: 'Cancel: by the pro (customer refunded in full)',
  args: { perspective: 'vendor', quote: quotes.byVendor },
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Cancel this booking for the customer?',
    });
    await expect(dialog).toHaveTextContent(
      'The customer gets $63.00 back — everything they paid, booking fee included.',
    );
  },
};

// ─── reschedule ──────────────────────────────────────────────────────────────────────────────

/** The reschedule dialog with its selection in state, like the container keeps it. */
function Reschedule(props: Partial<RescheduleDialogViewProps>) {
  const [selected, setSelected] = React.useState(props.selected);
  return (
    <RescheduleDialogView
      open
      onOpenChange={fn()}
      currentStartsAt={acceptedOrderDetail.startsAt}
      businessName={acceptedOrderDetail.vendor.businessName}
      timeZone="America/Los_Angeles"
      canGoBack={false}
      onPrevWeek={fn()}
      onNextWeek={fn()}
      onConfirm={fn()}
      {...props}
      selected={selected}
      onSelect={(v) => {
        setSelected(v);
        props.onSelect?.(v);
      }}
    />
  );
}

export const RescheduleLoading: Story = {
  name: 'Reschedule: times loading',
  render: () => <Reschedule slotsLoading />,
  play: async () => {
    await settled(await screen.findByRole('dialog', { name: 'Move this booking' }));
    await expect(screen.getByRole('status', { name: 'Loading times' })).toBeVisible();
    await expect(screen.getByRole('button', { name: 'Move booking' })).toBeDisabled();
  },
};

export const ReschedulePick: Story = {
  name: 'Reschedule: pick a new time',
  render: () => <Reschedule slots={slots} onConfirm={fn()} />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Move this booking' });
    await expect(dialog).toHaveTextContent(/may decline it/);
    const free = screen
      .getAllByRole('button', { name: /AM|PM/ })
      .filter((b) => !(b as HTMLButtonElement).disabled);
    await userEvent.click(free[0]!);
    await expect(dialog).toHaveTextContent(/New time:/);
    await expect(screen.getByRole('button', { name: 'Move booking' })).toBeEnabled();
  },
};

export const RescheduleTaken: Story = {
  name: 'Reschedule: refused (time just taken)',
  render: () => (
    <Reschedule
      slots={slots}
      selected={slots.days[0]!.slots[0]!.startsAt}
      error="That time is already taken. Pick another free time"
    />
  ),
  play: async () => {
    await expect(await screen.findByRole('alert')).toHaveTextContent('already taken');
  },
};

export const RescheduleSlotsError: Story = {
  name: 'Reschedule: times failed to load',
  render: () => <Reschedule slotsError={loadError} onRetrySlots={fn()} />,
  play: async () => {
    await settled(await screen.findByRole('dialog', { name: 'Move this booking' }));
    await expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

// ─── tip ─────────────────────────────────────────────────────────────────────────────────────

const tipPayment: Payment = {
  ...orderDetail.payment!,
  id: '00000000-0000-4000-8000-000000000699',
  status: 'requires_payment',
  amount: usd(900),
  cardLast4: null,
};

/** The state `useCardPayment` hands the tip dialog, ready to take a card. */
function cardPayment(payment: Payment | null): ReturnType<typeof useCardPayment> {
  return {
    payment,
    initError: null,
    cardErrors: {},
    decline: null,
    paying: false,
    initialize: fn(async () => payment),
    initializeWith: fn(async () => payment),
    pay: fn(async () => {}),
    payWithStripe: fn(async () => {}),
  };
}

/** The tip dialog for KeyMaster Seattle's $60.00 service, at the amount step unless told. */
function Tip(props: Partial<TipDialogViewProps>) {
  return (
    <TipDialogView
      open
      onOpenChange={fn()}
      businessName="KeyMaster Seattle"
      subtotal={usd(6_000)}
      step="amount"
      onStart={fn(async () => {})}
      onBack={fn()}
      {...props}
    />
  );
}

export const TipAmount: Story = {
  name: 'Tip: choose an amount',
  render: () => <Tip />,
  play: async () => {
    await screen.findByRole('dialog', { name: 'Tip KeyMaster Seattle' });
    const preset = screen.getByRole('button', { name: '$9.00' });
    await userEvent.click(preset);
    await expect(preset).toHaveAttribute('aria-pressed', 'true');
    await expect(screen.getByRole('textbox', { name: /Tip amount/ })).toHaveValue('9.00');
  },
};

export const TipAmountNameWithFullStop: Story = {
  name: 'Tip: a pro whose name ends in a full stop',
  render: () => <Tip businessName="Demo Plumbing Co." />,
  play: async () => {
    const dialog = await screen.findByRole('dialog', { name: 'Tip Demo Plumbing Co.' });
    await expect(dialog).toHaveTextContent('All of it goes to Demo Plumbing Co. Pick an amount:');
    await expect(dialog).not.toHaveTextContent('Co..');
  },
};

export const TipAmountInvalid: Story = {
  name: 'Tip: amount refused',
  render: () => <Tip />,
  play: async () => {
    await settled(await screen.findByRole('dialog', { name: 'Tip KeyMaster Seattle' }));
    const amount = screen.getByRole('textbox', { name: /Tip amount/ });
    await userEvent.type(amount, '0.50');
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await expect(await screen.findByText('A tip must be at least $1.00')).toBeVisible();
  },
};

/** The API refuses (e.g. tipped from another tab): its message shows under the amount. */
export const TipAlreadySent: Story = {
  name: 'Tip: refused by the API',
  render: () => (
    <Tip
      onStart={fn(async () => {
        throw new ApiError('You already sent a tip for this booking. Thank you!', {
          code: 409,
          status: 409,
          request: { method: 'POST', url: '/v1/orders/x/tip' },
        });
      })}
    />
  ),
  play: async () => {
    await settled(await screen.findByRole('dialog', { name: 'Tip KeyMaster Seattle' }));
    await userEvent.click(screen.getByRole('button', { name: '$6.00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await expect(await screen.findByText(/already sent a tip/)).toBeVisible();
  },
};

export const TipPay: Story = {
  name: 'Tip: pay with a card',
  render: () => (
    <Tip
      step="pay"
      payment={tipPayment}
      paymentStep={
        <PaymentForm
          payment={cardPayment(tipPayment)}
          amount={tipPayment.amount}
          onRetryInit={fn()}
          headingLevel={3}
        />
      }
    />
  ),
  play: async () => {
    const dialog = await settled(
      await screen.findByRole('dialog', { name: 'Tip KeyMaster Seattle' }),
    );
    await expect(dialog).toHaveTextContent('Tip of $9.00: pay with your card.');
    await expect(screen.getByRole('button', { name: 'Change the amount' })).toBeVisible();
  },
};

// ─── the order page ──────────────────────────────────────────────────────────────────────────

const rescheduled: OrderDetail = {
  ...acceptedOrderDetail,
  startsAt: '2026-11-24T18:00:00.000Z',
  endsAt: '2026-11-24T19:00:00.000Z',
  reschedule: {
    previousStartsAt: acceptedOrderDetail.startsAt,
    previousEndsAt: acceptedOrderDetail.endsAt,
    rescheduledAt: '2026-11-21T09:30:00.000Z',
  },
  events: [
    ...acceptedOrderDetail.events,
    {
      status: 'accepted',
      at: '2026-11-21T09:30:00.000Z',
      note: 'Moved from Mon, Nov 23, 9:00 AM to Tue, Nov 24, 10:00 AM',
    },
  ],
};

const tipped: OrderDetail = {
  ...acceptedOrderDetail,
  status: 'completed',
  startCode: null,
  cancelRefund: null,
  tip: { ...tipPayment, status: 'captured', cardLast4: '4242' },
  events: [
    ...acceptedOrderDetail.events,
    { status: 'completed', at: '2026-11-23T18:10:00.000Z', note: null },
    {
      status: 'completed',
      at: '2026-11-23T18:20:00.000Z',
      note: 'Tip of $9.00 sent (card ending 4242)',
      kind: 'tip',
    },
  ],
};

const page = {
  backHref: '/user/history',
  backLabel: 'Orders',
  timeZone: 'America/Los_Angeles',
} as const;

export const OrderRescheduledCustomer: Story = {
  name: 'Order page: new time sent (customer)',
  render: () => <OrderDetailView {...page} perspective="customer" order={rescheduled} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'New time sent to the pro' })).toBeVisible();
    await expect(canvas.getByText(/Moved from/)).toBeVisible();
  },
};

export const OrderRescheduledVendor: Story = {
  name: 'Order page: the customer moved it (pro)',
  render: () => (
    <OrderDetailView
      {...page}
      backHref="/vendor/history"
      perspective="vendor"
      order={{ ...rescheduled, startCode: null }}
      actions={
        <>
          <Button variant="outline">Decline new time</Button>
          <Button>Confirm new time</Button>
        </>
      }
    />
  ),
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: 'The customer moved this booking' }),
    ).toBeVisible();
  },
};

export const OrderTipped: Story = {
  name: 'Order page: tip sent',
  render: () => <OrderDetailView {...page} perspective="customer" order={tipped} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Your tip')).toBeVisible();
    await expect(canvas.getByText('Sent')).toBeVisible();
    // The timeline names the tip, and the job was completed once.
    const timeline = within(
      canvas
        .getByRole('heading', { name: 'Timeline' })
        .closest('[data-slot="card"]') as HTMLElement,
    );
    const labels = timeline
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    await expect(labels.slice(0, 2)).toEqual(['Tip', 'Completed']);
    await expect(labels.filter((l) => l === 'Completed')).toHaveLength(1);
  },
};
