import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { adminOrderDetail, refundPendingAdminOrder, unpaidAdminOrder } from '../../fixtures/admin';
import { settled } from '../../fixtures/settled';
import { AdminOrderDetailView } from './order-detail-view';

/*
 * `/admin/orders/:id` (issue #8): the order's parties, timeline, each payment with the provider's
 * events and the ledger postings, and Refund (full or partial, with a reason). A requested
 * refund reads "Refund pending" until the provider confirms it.
 */

const payment = adminOrderDetail.payments[0]!.payment;

const meta = {
  title: 'Screens/Admin/Order',
  component: AdminOrderDetailView,
  args: { onRetry: fn(), onRefund: fn(async () => {}) },
} satisfies Meta<typeof AdminOrderDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('status', { name: 'Loading order' }),
    ).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: new Error('Order not found') },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Order not found',
    );
  },
};

export const Captured: Story = {
  name: 'Captured: events, ledger, refund',
  args: { detail: adminOrderDetail },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Security survey' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Casey Customer' })).toHaveAttribute(
      'href',
      `/admin/users/${adminOrderDetail.customer.id}`,
    );
    await expect(canvas.getByRole('link', { name: 'KeyMaster Seattle' })).toHaveAttribute(
      'href',
      `/admin/vendors/${adminOrderDetail.vendor.id}`,
    );
    await expect(canvas.getByRole('heading', { level: 3, name: 'Payment · Paid' })).toBeVisible();
    const events = canvas.getByRole('table', { name: /What the payment provider did/ });
    await expect(within(events).getByRole('rowheader', { name: 'Card authorised' })).toBeVisible();
    await expect(within(events).getByRole('rowheader', { name: 'Captured' })).toBeVisible();
    const ledger = canvas.getByRole('table', { name: /Debits are \+/ });
    const charge = within(ledger).getByRole('rowheader', { name: 'customer_card' }).closest('tr')!;
    await expect(charge).toHaveTextContent('+$63.00');
    const fee = within(ledger).getByRole('rowheader', { name: 'platform_fee' }).closest('tr')!;
    await expect(fee).toHaveTextContent('Platform fee');
    await expect(fee).not.toHaveTextContent('+');
    await expect(canvas.getByRole('button', { name: 'Refund' })).toBeVisible();
  },
};

export const RefundEverything: Story = {
  name: 'Dialog: refund everything left',
  args: { detail: adminOrderDetail },
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Refund' }));
    const dialog = within(
      await settled(await screen.findByRole('dialog', { name: 'Refund this payment?' })),
    );
    await expect(dialog.getByText(/pending until the payment provider confirms it/)).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Everything left/ })).toBeChecked();
    // A reason is required.
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await expect(await dialog.findByText('Say why the refund is given')).toBeVisible();
    await expect(args.onRefund).not.toHaveBeenCalled();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Pro did not come.');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await expect(args.onRefund).toHaveBeenCalledWith(payment, { reason: 'Pro did not come.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const RefundPart: Story = {
  name: 'Dialog: partial refund in major units',
  args: { detail: adminOrderDetail, openRefundFor: payment.id },
  play: async ({ args }) => {
    const dialog = within(await settled(await screen.findByRole('dialog')));
    await userEvent.click(dialog.getByRole('radio', { name: /Part of it/ }));
    const amount = await dialog.findByRole('textbox', { name: /Amount \(USD\)/ });
    await userEvent.type(amount, '70');
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Arrived late.');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await expect(await dialog.findByText('That is more than the payment ($63.00)')).toBeVisible();
    await expect(args.onRefund).not.toHaveBeenCalled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '12.5');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    // 12.5 USD is sent as 1250 minor units.
    await expect(args.onRefund).toHaveBeenCalledWith(payment, {
      reason: 'Arrived late.',
      amount: 1250,
    });
  },
};

export const RefundFailed: Story = {
  name: 'Dialog: refund refused',
  args: {
    detail: adminOrderDetail,
    openRefundFor: payment.id,
    onRefund: fn(async () => {
      throw new ApiError(
        'Nothing is left to refund on this payment (refunds still pending count too)',
        {
          code: 409,
          status: 409,
          errorCode: 'nothing_to_refund',
          request: { method: 'POST', url: '/v1/admin/payments/x/refund' },
        },
      );
    }),
  },
  play: async () => {
    const dialog = within(await settled(await screen.findByRole('dialog')));
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Goodwill.');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Nothing is left to refund on this payment',
    );
  },
};

export const RefundPending: Story = {
  name: 'Refund pending: not "Refunded" yet',
  args: { detail: refundPendingAdminOrder },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 3, name: 'Payment · Refund pending' }),
    ).toBeVisible();
    await expect(
      canvas.getByText(/A refund was requested from the provider\. It shows as Refunded once/),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { name: /Payment · Refunded/ })).toBeNull();
  },
};

export const Unpaid: Story = {
  name: 'Not paid yet',
  args: { detail: unpaidAdminOrder },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No payment yet: the customer has not paid.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Refund' })).toBeNull();
  },
};

export const Dark: Story = { args: { detail: adminOrderDetail }, globals: { theme: 'dark' } };

export const DarkDialog: Story = {
  name: 'Dark: refund dialog',
  args: { detail: adminOrderDetail, openRefundFor: payment.id },
  globals: { theme: 'dark' },
  play: async () => {
    await settled(await screen.findByRole('dialog'));
  },
};

export const Mobile: Story = {
  name: 'Captured at 375 px',
  args: { detail: adminOrderDetail },
  parameters: { testViewport: { width: 375 } },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
};
