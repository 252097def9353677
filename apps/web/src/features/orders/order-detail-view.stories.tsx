import type { Meta, StoryObj } from '@storybook/react-vite';
import type { OrderDetail } from '@vetted/contract';
import { ApiError } from '@vetted/api-client';
import { Button } from '@vetted/ui';
import { MessageSquare } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  acceptedOrderDetail,
  loadError,
  orderDetail,
  partlyRefundedOrderDetail,
  refundPendingOrderDetail,
} from '../../fixtures';
import { ActionTrigger } from './header-actions';
import { VendorOrderActions } from './order-actions';
import { OrderDetailView } from './order-detail-view';
import { StartJobAction, type StartJobActionProps, startAvailableAt } from './start-job-action';

const meta = {
  title: 'Screens/Shared/Order detail',
  component: OrderDetailView,
  args: {
    perspective: 'customer',
    backHref: '/user/history',
    backLabel: 'Orders',
    timeZone: 'America/Los_Angeles',
    onRetry: fn(),
  },
} satisfies Meta<typeof OrderDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Clocks fixed relative to the accepted order's slot, so the stories never depend on today. */
const beforeStartWindow = () => startAvailableAt(acceptedOrderDetail.startsAt) - 2 * 3_600_000;
const insideStartWindow = () => startAvailableAt(acceptedOrderDetail.startsAt) + 5 * 60_000;

/** The pro's accepted order whose header action is "Start job", at the clock `now`. */
const startJobArgs = (onStart: StartJobActionProps['onStart'], now: () => number) => ({
  perspective: 'vendor' as const,
  order: { ...acceptedOrderDetail, startCode: null },
  actions: (
    <StartJobAction
      startsAt={acceptedOrderDetail.startsAt}
      timeZone="America/Los_Angeles"
      onStart={onStart}
      now={now}
    />
  ),
});

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = {
  name: 'Empty (new, unpaid order)',
  args: {
    order: { ...orderDetail, status: 'pending_payment', events: [], payment: null, notes: null },
  },
};
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };
/** Someone else's or a deleted order (404): a way back, not a retry that would fail again. */
export const NotFound: Story = {
  name: 'Error: not found',
  args: {
    error: new ApiError('Order not found', {
      code: 404,
      status: 404,
      errorCode: 'order_not_found',
      request: { method: 'GET', url: '/v1/orders/00000000-0000-4000-8000-000000000404' },
    }),
    onRetry: fn(),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Order not found')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Go back' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};
export const Populated: Story = {
  name: 'Populated (paid: card authorized)',
  args: { order: orderDetail, actions: <Button variant="outline">Cancel booking</Button> },
};
export const CustomerAccepted: Story = {
  name: 'Customer: accepted, start code',
  args: {
    order: acceptedOrderDetail,
    actions: <Button variant="outline">Cancel booking</Button>,
  },
};
export const RefundPending: Story = {
  name: 'Customer: cancelled, refund pending',
  args: { order: refundPendingOrderDetail },
};
export const PartlyRefunded: Story = {
  name: 'Customer: cancelled late, partly refunded',
  args: { order: partlyRefundedOrderDetail },
  play: async ({ canvas }) => {
    // Never a bare "Refunded" for half the money back.
    await expect(
      canvas.getByText('Partly refunded', { selector: '[data-slot="order-status-badge"]' }),
    ).toBeVisible();
    const refunded = canvas.getByText('Refunded', { selector: 'dt' }).nextElementSibling;
    await expect(refunded).toHaveTextContent('$45.00 of $94.50');
  },
};
export const Vendor: Story = {
  name: 'Vendor: paid, accept or decline',
  args: {
    perspective: 'vendor',
    order: orderDetail,
    actions: (
      <>
        <Button variant="outline">Decline</Button>
        <Button>Accept</Button>
      </>
    ),
  },
};
export const VendorStartTooEarly: Story = {
  name: 'Vendor: accepted, start not yet available',
  args: startJobArgs(fn(), beforeStartWindow),
};
export const VendorStartWithCode: Story = {
  name: 'Vendor: start with the customer’s code',
  args: startJobArgs(
    fn(async () => {}),
    insideStartWindow,
  ),
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Start job' }));
    await screen.findByRole('dialog', { name: 'Start this job' });
    await userEvent.type(screen.getByRole('textbox', { name: 'Digit 1 of 4' }), '48');
    await expect(screen.getByRole('textbox', { name: 'Digit 3 of 4' })).toHaveFocus();
  },
};

/** The API refuses a wrong code: its message shows in the dialog, which stays open. */
const wrongCode = new ApiError(
  'That start code is not right. Ask the customer for the code on their booking page.',
  { code: 400, status: 400, request: { method: 'POST', url: '/v1/orders/x/transitions' } },
);
export const VendorStartWrongCode: Story = {
  name: 'Vendor: start refused (wrong code)',
  args: startJobArgs(
    fn(async () => {
      throw wrongCode;
    }),
    insideStartWindow,
  ),
  play: async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Start job' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start this job' });
    await userEvent.click(screen.getByRole('button', { name: 'Start job' }));
    await expect(await screen.findByText('Enter the 4-digit code from the customer')).toBeVisible();
    await userEvent.type(screen.getByRole('textbox', { name: 'Digit 1 of 4' }), '1234');
    await userEvent.click(screen.getByRole('button', { name: 'Start job' }));
    await expect(await screen.findByRole('alert')).toHaveTextContent(/start code is not right/);
    await expect(dialog).toBeVisible();
  },
};

/*
 * The pro's order page: what the booking earns them — "Your earnings" with the price
 * less Vetted's fee — and never the customer's card. The API sends a pro no card digits and
 * events without them; the fixture is what it sends.
 */
const vendorOrderDetail: OrderDetail = {
  ...orderDetail,
  // 60.00 service: the customer pays 63.00, Vetted's fee is 3.00.
  vendorNet: { amount: 6_000, currency: 'USD' },
  events: orderDetail.events.map((e) =>
    e.status === 'paid' ? { ...e, note: 'Card authorised for $63.00' } : e,
  ),
  payment: { ...orderDetail.payment!, cardLast4: null },
};

export const VendorEarnings: Story = {
  name: 'Vendor: earnings, no card digits',
  args: { perspective: 'vendor', order: vendorOrderDetail },
  play: async ({ canvas, canvasElement }) => {
    const card = canvas
      .getByRole('heading', { name: 'Your earnings' })
      .closest('[data-slot="card"]');
    const earnings = within(card as HTMLElement);
    await expect(
      earnings.getByText('Price', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('$63.00');
    await expect(
      earnings.getByText('Vetted fee', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('− $3.00');
    await expect(
      earnings.getByText('Your earnings', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('$60.00');
    // The customer's bill is not shown as the pro's money, nor the card anywhere.
    await expect(canvas.queryByRole('heading', { name: 'Price' })).toBeNull();
    await expect(canvas.queryByText('Card', { selector: 'dt' })).toBeNull();
    await expect(canvasElement).not.toHaveTextContent('4242');
    await expect(
      canvas.getByText('Card authorised — charged when you accept', { selector: 'dd' }),
    ).toBeVisible();
  },
};

/** A refund taken back from the pro after the job: their earnings say so. */
export const VendorEarningsAfterRefund: Story = {
  name: 'Vendor: earnings after a refund from their share',
  args: {
    perspective: 'vendor',
    order: {
      ...vendorOrderDetail,
      status: 'completed',
      vendorNet: { amount: 4_000, currency: 'USD' },
      payment: {
        ...vendorOrderDetail.payment!,
        status: 'captured',
        amountRefunded: { amount: 2_000, currency: 'USD' },
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('Refunded from your share', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('− $20.00');
    await expect(
      canvas.getByText('Your earnings', { selector: 'dt' }).nextElementSibling,
    ).toHaveTextContent('$40.00');
    await expect(
      canvas.getByText('Partly refunded $20.00 of $63.00', { selector: 'dd' }),
    ).toBeVisible();
  },
};

/** Stands in for the page's MessageButton, which needs the signed-in session. */
const messageAction = (
  <ActionTrigger>
    <MessageSquare aria-hidden="true" /> Message the customer
  </ActionTrigger>
);

/**
 * A paid booking with a new time to answer, on a 390 px phone: "Accept" stays a button, and the
 * other actions are in the "More actions" menu, reachable by keyboard.
 */
export const VendorHeaderPhone: Story = {
  name: 'Vendor: header actions at 390 px',
  parameters: { testViewport: { width: 390 } },
  args: {
    perspective: 'vendor',
    order: {
      ...vendorOrderDetail,
      reschedule: {
        previousStartsAt: '2026-11-23T18:00:00.000Z',
        previousEndsAt: '2026-11-23T19:00:00.000Z',
        rescheduledAt: '2026-11-21T09:00:00.000Z',
      },
    },
  },
  render: (args) => (
    <OrderDetailView
      {...args}
      actions={
        args.order ? (
          <VendorOrderActions order={args.order} mutate={fn()} message={messageAction} />
        ) : null
      }
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Decline' })).toBeNull();
    const more = canvas.getByRole('button', { name: 'More actions' });
    more.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem');
    await expect(items.map((i) => i.textContent?.trim())).toEqual([
      'Message the customer',
      'Add to calendar',
      'Decline new time',
      'Confirm new time',
      'Decline',
    ]);
    await expect(items[0]).toHaveFocus();
    // An item opens its dialog over the menu.
    await userEvent.click(within(menu).getByRole('menuitem', { name: 'Decline' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Decline this booking?' });
    await waitFor(() => expect(dialog).toBeVisible());
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    // Focus comes back to the item, and Escape closes the menu back to its button.
    await expect(within(menu).getByRole('menuitem', { name: 'Decline' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    await expect(more).toHaveFocus();
  },
};

/** The same header from 480 px up: every action is a button, no menu. */
export const VendorHeaderWide: Story = {
  name: 'Vendor: header actions on a wide screen',
  args: VendorHeaderPhone.args,
  render: VendorHeaderPhone.render,
  play: async ({ canvas }) => {
    for (const name of [
      'Message the customer',
      'Add to calendar',
      'Decline new time',
      'Confirm new time',
      'Decline',
    ]) {
      await expect(canvas.getByRole('button', { name })).toBeVisible();
    }
    await expect(canvas.getByRole('button', { name: 'Accept' })).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'More actions' })).toBeNull();
  },
};
