import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { adminOrderDetail, refundPendingAdminOrder, unpaidAdminOrder } from '../../fixtures/admin';
import { settled } from '../../fixtures/settled';
import { AdminOrderDetailView } from './order-detail-view';
import { atPhoneWidth, expectLoading } from './story-helpers';

/*
 * `/admin/orders/:id`: the order's parties, timeline, each payment with the provider's
 * events and the ledger postings, and Refund (full or partial, who pays it — Vetted as goodwill
 * or recovered from the pro — with a reason). A requested refund reads "Refund pending" until
 * the provider confirms it.
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
  play: expectLoading('Loading order'),
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
    // Vetted pays by default, and the pro's whole share (63.00 − 3.00 fee) stays theirs.
    await expect(
      dialog.getByRole('radio', {
        name: /Vetted pays \(goodwill\) — the pro keeps their \$60\.00/,
      }),
    ).toBeChecked();
    await expect(dialog.getByTestId('refund-summary')).toHaveTextContent(
      'Vetted pays this refund as goodwill: the pro keeps their $60.00.',
    );
    // A reason is required.
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await expect(await dialog.findByText('Say why the refund is given')).toBeVisible();
    await expect(args.onRefund).not.toHaveBeenCalled();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Pro did not come.');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await expect(args.onRefund).toHaveBeenCalledWith(payment, {
      reason: 'Pro did not come.',
      bearer: 'platform',
    });
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
    // The goodwill choice names what of this refund the pro keeps: all of it comes from their part.
    await expect(dialog.getByRole('radio', { name: /the pro keeps their \$12\.50/ })).toBeChecked();
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    // 12.5 USD is sent as 1250 minor units.
    await expect(args.onRefund).toHaveBeenCalledWith(payment, {
      reason: 'Arrived late.',
      bearer: 'platform',
      amount: 1250,
    });
  },
};

export const RefundGoodwill: Story = {
  name: 'Dialog: Vetted pays (goodwill)',
  args: { detail: adminOrderDetail, openRefundFor: payment.id },
  play: async ({ args }) => {
    const dialog = within(await settled(await screen.findByRole('dialog')));
    await userEvent.click(dialog.getByRole('radio', { name: /Recover from the pro/ }));
    await userEvent.click(dialog.getByRole('radio', { name: /Vetted pays \(goodwill\)/ }));
    await expect(dialog.getByText('Kept in the audit log.')).toBeVisible();
    await userEvent.type(
      dialog.getByRole('textbox', { name: /Reason/ }),
      'Customer had a rough day.',
    );
    await expect(dialog.getByTestId('refund-summary')).toHaveTextContent(
      'Vetted pays this refund as goodwill: the pro keeps their $60.00.',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await expect(args.onRefund).toHaveBeenCalledWith(payment, {
      reason: 'Customer had a rough day.',
      bearer: 'platform',
    });
  },
};

export const RefundWhoPays: Story = {
  name: 'Dialog: who pays (Vetted by default)',
  args: { detail: adminOrderDetail, openRefundFor: payment.id },
  play: async () => {
    const dialog = within(await settled(await screen.findByRole('dialog')));
    await expect(dialog.getByRole('group', { name: 'Who pays' })).toBeVisible();
    await expect(
      dialog.getByRole('radio', {
        name: /Vetted pays \(goodwill\) — the pro keeps their \$60\.00/,
      }),
    ).toBeChecked();
    await expect(dialog.getByRole('radio', { name: /Recover from the pro/ })).not.toBeChecked();
  },
};

export const RefundRecover: Story = {
  name: 'Dialog: recover from the pro',
  args: { detail: adminOrderDetail, openRefundFor: payment.id },
  play: async ({ args }) => {
    const dialog = within(await settled(await screen.findByRole('dialog')));
    await userEvent.click(dialog.getByRole('radio', { name: /Recover from the pro/ }));
    await expect(dialog.getByRole('radio', { name: /Recover from the pro/ })).toBeChecked();
    await expect(dialog.getByText('Sent to the pro and kept in the audit log.')).toBeVisible();
    await expect(dialog.getByTestId('refund-summary')).toHaveTextContent(
      '$60.00 is taken back from the pro’s earnings. They are told the amount and your reason in the app and by email.',
    );
    // The pro is told the reason: it is required, and the message says why.
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await expect(
      await dialog.findByText('Say why the pro bears this refund: they are told the reason'),
    ).toBeVisible();
    await expect(args.onRefund).not.toHaveBeenCalled();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'The tap still leaks.');
    await userEvent.click(dialog.getByRole('button', { name: 'Refund' }));
    await expect(args.onRefund).toHaveBeenCalledWith(payment, {
      reason: 'The tap still leaks.',
      bearer: 'vendor',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const RefundRecoverMobile: Story = {
  name: 'Dialog: recover from the pro at 375 px',
  args: { detail: adminOrderDetail, openRefundFor: payment.id },
  parameters: { testViewport: { width: 375 } },
  play: async () => {
    const dialog = within(await settled(await screen.findByRole('dialog')));
    await userEvent.click(dialog.getByRole('radio', { name: /Recover from the pro/ }));
    await expect(dialog.getByRole('button', { name: 'Refund' })).toBeVisible();
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
  ...atPhoneWidth,
};

/*
 * The payment's state in the same words as the customer's and the pro's pages (contract money
 * words), never a "Paid" for a card that is only held nor a bare "Refunded" for part of it.
 */
const adminPayment = adminOrderDetail.payments[0]!;

export const PaymentAuthorised: Story = {
  name: 'Payment words: card authorised',
  args: {
    detail: {
      ...adminOrderDetail,
      order: { ...adminOrderDetail.order, status: 'paid' },
      payments: [
        {
          ...adminPayment,
          payment: { ...adminPayment.payment, status: 'authorized' },
          ledger: [],
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', {
        level: 3,
        name: 'Payment · Card authorised — charged when KeyMaster Seattle accepts',
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 3, name: /Paid|Authorized/ })).toBeNull();
    // Not captured: nothing to refund yet.
    await expect(canvas.queryByRole('button', { name: /Refund/ })).toBeNull();
  },
};

export const PaymentPartlyRefunded: Story = {
  name: 'Payment words: partly refunded',
  args: {
    detail: {
      ...adminOrderDetail,
      payments: [
        {
          ...adminPayment,
          payment: {
            ...adminPayment.payment,
            status: 'captured',
            amount: { amount: 16_800, currency: 'USD' },
            amountRefunded: { amount: 8_000, currency: 'USD' },
          },
        },
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', {
        level: 3,
        name: 'Payment · Partly refunded $80.00 of $168.00',
      }),
    ).toBeVisible();
    await expect(canvas.queryByRole('heading', { level: 3, name: /Payment · Paid/ })).toBeNull();
  },
};
