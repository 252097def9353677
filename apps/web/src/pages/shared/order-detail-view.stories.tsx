import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { Button } from '@vetted/ui';
import { expect, fn, screen, userEvent } from 'storybook/test';
import {
  acceptedOrderDetail,
  loadError,
  orderDetail,
  partlyRefundedOrderDetail,
  refundPendingOrderDetail,
} from '../../fixtures';
import { StartJobAction, startAvailableAt } from './order-actions';
import { OrderDetailView } from './order-detail-view';

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
    // Never a bare "Refunded" for half the money back (issue #9).
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
  args: {
    perspective: 'vendor',
    order: { ...acceptedOrderDetail, startCode: null },
    actions: (
      <StartJobAction
        startsAt={acceptedOrderDetail.startsAt}
        timeZone="America/Los_Angeles"
        onStart={fn()}
        now={beforeStartWindow}
      />
    ),
  },
};
export const VendorStartWithCode: Story = {
  name: 'Vendor: start with the customer’s code',
  args: {
    perspective: 'vendor',
    order: { ...acceptedOrderDetail, startCode: null },
    actions: (
      <StartJobAction
        startsAt={acceptedOrderDetail.startsAt}
        timeZone="America/Los_Angeles"
        onStart={fn(async () => {})}
        now={insideStartWindow}
      />
    ),
  },
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
  args: {
    perspective: 'vendor',
    order: { ...acceptedOrderDetail, startCode: null },
    actions: (
      <StartJobAction
        startsAt={acceptedOrderDetail.startsAt}
        timeZone="America/Los_Angeles"
        onStart={fn(async () => {
          throw wrongCode;
        })}
        now={insideStartWindow}
      />
    ),
  },
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
