import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { formatMoneyWords, type OrderDetail, type OrderNoShow } from '@vetted/contract';
import { Button } from '@vetted/ui';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { acceptedOrderDetail } from '../../fixtures';
import { settled } from '../../fixtures/settled';
import { NoShowDisputeDialog } from './no-show-dispute-dialog';
import { NoShowNotice } from './no-show-notice';
import { CustomerOrderActions, VendorOrderActions } from './order-actions';
import { OrderDetailView } from './order-detail-view';

/*
 * No-shows: the pro's "Customer not there" and the customer's "Pro didn't come" header actions
 * (offered from 15 minutes after the start, each confirming what happens to the money), the
 * notice card of each outcome on both sides, and the customer's dispute dialog. Views take
 * props; no network.
 */

const meta = {
  title: 'Screens/Shared/No-show',
  component: NoShowNotice,
} satisfies Meta<typeof NoShowNotice>;
export default meta;
type Story = StoryObj<typeof meta>;

const MIN = 60_000;
const HOUR = 60 * MIN;
const order = { ...acceptedOrderDetail, startCode: null } satisfies OrderDetail;
const startMs = Date.parse(order.startsAt);
const money = (m: { amount: number; currency: string }) => formatMoneyWords(m.amount, m.currency);
/** Half the service price: the fee the policy charges (written out, as the API answers it). */
const fee = { amount: order.subtotal.amount / 2, currency: order.subtotal.currency };
const markedAt = new Date(startMs + 20 * MIN).toISOString();
const customerNoShow: OrderNoShow = {
  by: 'customer',
  at: markedAt,
  fee,
  disputableUntil: new Date(startMs + 20 * MIN + 48 * HOUR).toISOString(),
  disputedAt: null,
};
const vendorNoShow: OrderNoShow = {
  by: 'vendor',
  at: markedAt,
  fee: null,
  disputableUntil: null,
  disputedAt: null,
};
const notice = {
  total: order.total,
  businessName: order.vendor.businessName,
  timeZone: 'America/Los_Angeles',
  now: () => startMs + HOUR,
};

/** The pro's header on the accepted job at `nowMs`. */
function ProHeader({ nowMs }: { nowMs: number }) {
  return <VendorOrderActions order={order} mutate={fn(async () => undefined)} now={() => nowMs} />;
}

/** The customer's header on the accepted booking at `nowMs`. */
function CustomerHeader({ nowMs }: { nowMs: number }) {
  return (
    <CustomerOrderActions order={order} mutate={fn(async () => undefined)} now={() => nowMs} />
  );
}

/** 15 minutes after the start the pro may mark the customer as not there; it states the fee. */
export const ProMarkAction: Story = {
  name: 'Pro: "Customer not there" confirms the fee',
  args: { noShow: customerNoShow, perspective: 'vendor', ...notice },
  render: () => <ProHeader nowMs={startMs + 15 * MIN} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getAllByRole('button', { name: /Customer not there/ })[0]!);
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await expect(dialog).toHaveTextContent(`a no-show fee of ${money(fee)}`);
    await expect(within(dialog).getByRole('button', { name: 'Mark as a no-show' })).toBeVisible();
  },
};

/** A minute before the grace ends, neither side is offered a no-show. */
export const ProNotYet: Story = {
  name: 'Pro: not before 15 minutes',
  args: { noShow: customerNoShow, perspective: 'vendor', ...notice },
  render: () => <ProHeader nowMs={startMs + 14 * MIN} />,
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /Customer not there/ })).toBeNull();
  },
};

/** The customer's "Pro didn't come" confirms a full refund of the total. */
export const CustomerReportAction: Story = {
  name: 'Customer: "Pro didn\'t come" confirms the refund',
  args: { noShow: vendorNoShow, perspective: 'customer', ...notice },
  render: () => <CustomerHeader nowMs={startMs + 30 * MIN} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getAllByRole('button', { name: /Pro didn't come/ })[0]!);
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await expect(dialog).toHaveTextContent(`a full refund of ${money(order.total)}`);
  },
};

/** The customer marked as a no-show: the fee, and "Dispute this fee" within 48 hours. */
export const CustomerCharged: Story = {
  name: 'Customer: charged, may dispute',
  args: {
    noShow: customerNoShow,
    perspective: 'customer',
    onDispute: fn(async () => {}),
    ...notice,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      `Marked as a no-show: a fee of ${money(fee)} was charged`,
    );
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'The rest of your payment is on its way back to your card',
    );
    await expect(canvas.getByRole('button', { name: 'Dispute this fee' })).toBeVisible();
  },
};

/** Once the refund of the rest succeeded (the order is `refunded`), it says so. */
export const CustomerChargedRefunded: Story = {
  name: 'Customer: charged, rest refunded',
  args: { noShow: customerNoShow, perspective: 'customer', refunded: true, ...notice },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      'The rest of your payment was refunded',
    );
  },
};

/** After 48 hours the dispute is no longer offered. */
export const CustomerWindowClosed: Story = {
  name: 'Customer: dispute window over',
  args: {
    noShow: customerNoShow,
    perspective: 'customer',
    onDispute: fn(async () => {}),
    ...notice,
    now: () => startMs + 20 * MIN + 49 * HOUR,
  },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'Dispute this fee' })).toBeNull();
  },
};

/** Disputed: said on both sides, no second dispute. */
export const CustomerDisputed: Story = {
  name: 'Customer: disputed',
  args: {
    noShow: { ...customerNoShow, disputedAt: new Date(startMs + 2 * HOUR).toISOString() },
    perspective: 'customer',
    onDispute: fn(async () => {}),
    ...notice,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/You disputed the fee/);
    await expect(canvas.queryByRole('button', { name: 'Dispute this fee' })).toBeNull();
  },
};

/** The pro's card after marking the customer. */
export const ProMarked: Story = {
  name: 'Pro: customer marked',
  args: { noShow: customerNoShow, perspective: 'vendor', ...notice },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      `They were charged a no-show fee of ${money(fee)}`,
    );
  },
};

/** The customer reported the pro: a full refund on its way. */
export const CustomerReported: Story = {
  name: 'Customer: pro reported',
  args: { noShow: vendorNoShow, perspective: 'customer', ...notice },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(
      `Full refund of ${money(order.total)} on its way`,
    );
  },
};

/** The pro's card when the customer reported them. */
export const ProReported: Story = {
  name: 'Pro: reported by the customer',
  args: { noShow: vendorNoShow, perspective: 'vendor', ...notice },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/reliability record/);
  },
};

const trigger = <Button variant="outline">Dispute this fee</Button>;
const submitted = fn(async () => {});

/** The dispute dialog sends the reason; too short a reason is refused next to the field. */
export const DisputeDialog: Story = {
  name: 'Dispute: send a reason',
  args: { noShow: customerNoShow, perspective: 'customer', ...notice },
  render: () => <NoShowDisputeDialog fee={money(fee)} trigger={trigger} onSubmit={submitted} />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Dispute this fee' }));
    const dialog = await settled(await screen.findByRole('dialog', { name: /Dispute/ }));
    const field = within(dialog).getByLabelText('What happened?');
    await userEvent.type(field, 'short');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to support' }));
    await expect(await within(dialog).findByText(/at least 10 characters/)).toBeVisible();
    await userEvent.type(field, ' — I was at the door at 9:05 and rang twice.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to support' }));
    await waitFor(() => expect(submitted).toHaveBeenCalled());
  },
};

/** The API's refusal (here: too late) stays in the dialog. */
export const DisputeRefused: Story = {
  name: 'Dispute: refused by the API',
  args: { noShow: customerNoShow, perspective: 'customer', ...notice },
  render: () => (
    <NoShowDisputeDialog
      fee={money(fee)}
      trigger={trigger}
      defaultOpen
      onSubmit={async () => {
        throw new ApiError('The fee could be disputed until Wed, Nov 25, 9:20 AM (48 hours)', {
          code: 'no_show_dispute_closed',
          status: 409,
          request: { method: 'POST', url: `/v1/orders/${order.id}/no-show/dispute` },
        });
      }}
    />
  ),
  play: async () => {
    const dialog = await settled(await screen.findByRole('dialog', { name: /Dispute/ }));
    await userEvent.type(
      within(dialog).getByLabelText('What happened?'),
      'I was there the whole time.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send to support' }));
    await expect(await within(dialog).findByText(/could be disputed until/)).toBeVisible();
  },
};

/** The order page of `perspective` after a no-show (for the page's look in both themes). */
function Page({
  noShow,
  perspective,
}: {
  noShow: OrderNoShow;
  perspective: 'customer' | 'vendor';
}) {
  return (
    <OrderDetailView
      order={{ ...order, status: 'cancelled', noShow }}
      perspective={perspective}
      backHref="/user/history"
      backLabel="Orders"
      timeZone="America/Los_Angeles"
    />
  );
}

/** The customer's booking page once marked as a no-show. */
export const CustomerPage: Story = {
  name: 'Page: customer charged',
  args: { noShow: customerNoShow, perspective: 'customer', ...notice },
  render: () => <Page noShow={customerNoShow} perspective="customer" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: /Marked as a no-show/ })).toBeVisible();
  },
};

/** The pro's job page once the customer reported them. */
export const ProPage: Story = {
  name: 'Page: pro reported',
  args: { noShow: vendorNoShow, perspective: 'vendor', ...notice },
  render: () => <Page noShow={vendorNoShow} perspective="vendor" />,
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { name: /reported that you didn’t come/ }),
    ).toBeVisible();
  },
};
