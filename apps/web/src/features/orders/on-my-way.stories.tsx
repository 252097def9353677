import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { OrderDetail } from '@vetted/contract';
import { Button } from '@vetted/ui';
import { Truck } from 'lucide-react';
import * as React from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { acceptedOrderDetail } from '../../fixtures';
import { settled } from '../../fixtures/settled';
import { VendorOrderActions } from './order-actions';
import { OrderDetailView } from './order-detail-view';
import { OnMyWayDialog } from './on-my-way-dialog';
import { ON_MY_WAY_OPENS_MS } from './on-my-way-window';

/*
 * "On my way": the pro's ETA dialog (a usual choice, a typed number, an invalid one, the API's
 * refusal), the pro's header action inside and outside its window, and the notice card on both
 * sides' order page — appearing live on the customer's. Views take props; no network.
 */

const meta = {
  title: 'Screens/Shared/On my way',
  component: OnMyWayDialog,
  args: {
    customerName: 'Dana',
    onSubmit: fn(async () => {}),
    trigger: (
      <Button variant="outline">
        <Truck aria-hidden="true" /> On my way
      </Button>
    ),
  },
} satisfies Meta<typeof OnMyWayDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The accepted order's slot: 9:00 AM Los Angeles time (17:00 UTC). */
const startMs = Date.parse(acceptedOrderDetail.startsAt);
/** Sent an hour before the start with 20 minutes: arriving around 8:20 AM. */
const onTheWay: OrderDetail = {
  ...acceptedOrderDetail,
  onMyWay: { at: new Date(startMs - 3_600_000).toISOString(), etaMinutes: 20 },
};

/** Opens the dialog from its trigger and waits until it has finished appearing. */
async function openDialog(canvas: { getByRole: typeof screen.getByRole }) {
  await userEvent.click(canvas.getByRole('button', { name: 'On my way' }));
  return settled(await screen.findByRole('dialog', { name: 'On my way' }));
}

/** A usual choice fills the minutes; "Tell the customer" sends it and the dialog closes. */
export const Choice: Story = {
  name: 'Dialog: pick 20 min',
  play: async ({ canvas, args }) => {
    const dialog = await openDialog(canvas);
    await expect(dialog).toHaveTextContent('Dana sees when you will arrive');
    await userEvent.click(within(dialog).getByRole('button', { name: '20 min' }));
    await expect(within(dialog).getByRole('button', { name: '20 min' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(within(dialog).getByLabelText('Minutes until you arrive')).toHaveValue('20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tell the customer' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(20));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

/** Any number of minutes may be typed instead. */
export const Typed: Story = {
  name: 'Dialog: type 35 minutes',
  play: async ({ canvas, args }) => {
    const dialog = await openDialog(canvas);
    await userEvent.type(within(dialog).getByLabelText('Minutes until you arrive'), '35');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tell the customer' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith(35));
  },
};

/** Out of bounds (the contract's 1–240): said next to the field, nothing sent. */
export const Invalid: Story = {
  name: 'Dialog: too many minutes',
  play: async ({ canvas, args }) => {
    const dialog = await openDialog(canvas);
    await userEvent.type(within(dialog).getByLabelText('Minutes until you arrive'), '300');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tell the customer' }));
    await expect(await within(dialog).findByText(/at most 240 minutes/)).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** The API's refusal (here: too early) shows in the dialog, which stays open. */
export const Refused: Story = {
  name: 'Dialog: refused by the API',
  args: {
    onSubmit: fn(async () => {
      throw new ApiError(
        "You can say you're on the way from Mon, Nov 23, 6:00 AM, 3 hours before the job",
        {
          code: 'on_my_way_too_early',
          status: 409,
          request: { method: 'POST', url: `/v1/orders/${acceptedOrderDetail.id}/on-my-way` },
        },
      );
    }),
  },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas);
    await userEvent.click(within(dialog).getByRole('button', { name: '30 min' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Tell the customer' }));
    await expect(await within(dialog).findByText(/3 hours before the job/)).toBeVisible();
    await expect(screen.getByRole('dialog', { name: 'On my way' })).toBeVisible();
  },
};

/** The dialog in the dark theme. */
export const DialogDark: Story = {
  name: 'Dialog: dark',
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas);
    await expect(within(dialog).getByRole('button', { name: '45 min' })).toBeVisible();
  },
};

/** The pro's accepted job page at the clock `nowMs`. */
function ProHeader({ nowMs }: { nowMs: number }) {
  return (
    <VendorOrderActions
      order={{ ...acceptedOrderDetail, startCode: null }}
      mutate={fn(async () => undefined)}
      now={() => nowMs}
    />
  );
}

/** From 3 hours before the start the pro's header offers "On my way". */
export const ProActionOpen: Story = {
  name: 'Pro: action on the job’s day',
  render: () => <ProHeader nowMs={startMs - ON_MY_WAY_OPENS_MS + 60_000} />,
  play: async ({ canvas }) => {
    await expect(canvas.getAllByRole('button', { name: 'On my way' })[0]).toBeVisible();
  },
};

/** The day before, it is not offered yet. */
export const ProActionNotYet: Story = {
  name: 'Pro: no action the day before',
  render: () => <ProHeader nowMs={startMs - 24 * 3_600_000} />,
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: 'On my way' })).toBeNull();
    await expect(canvas.getByRole('button', { name: /Start job/ })).toBeDisabled();
  },
};

/** The order page of `perspective` with `order`. */
function Page({ order, perspective }: { order: OrderDetail; perspective: 'customer' | 'vendor' }) {
  return (
    <OrderDetailView
      order={order}
      perspective={perspective}
      backHref="/user/history"
      backLabel="Orders"
      timeZone="America/Los_Angeles"
    />
  );
}

/** The customer's card: the arrival time in the job's zone (sent 8:00 AM + 20 min). */
export const CustomerNotice: Story = {
  name: 'Customer: on the way',
  render: () => <Page order={onTheWay} perspective="customer" />,
  play: async ({ canvas }) => {
    const card = canvas.getByRole('status');
    await expect(card).toHaveTextContent(/On the way — arriving around 8:20\sAM/);
    await expect(card).toHaveTextContent(/set off at 8:00\sAM, about 20 min away/);
  },
};

/** The same card in the dark theme. */
export const CustomerNoticeDark: Story = {
  name: 'Customer: on the way (dark)',
  globals: { theme: 'dark' },
  render: () => <Page order={onTheWay} perspective="customer" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/arriving around 8:20\sAM/);
  },
};

/** The pro sees what they told the customer. */
export const ProNotice: Story = {
  name: 'Pro: what the customer was told',
  render: () => <Page order={{ ...onTheWay, startCode: null }} perspective="vendor" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/You told the customer at 8:00\sAM/);
  },
};

/** The customer's open page when the order frame brings the pro's message: the card appears. */
function LivePage() {
  const [order, setOrder] = React.useState<OrderDetail>(acceptedOrderDetail);
  // Stands in for the realtime `order` frame that revalidates the page's order.
  React.useEffect(() => {
    const timer = setTimeout(() => setOrder(onTheWay), 300);
    return () => clearTimeout(timer);
  }, []);
  return <Page order={order} perspective="customer" />;
}

export const CustomerLive: Story = {
  name: 'Customer: appears live',
  render: () => <LivePage />,
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/On the way/)).toBeNull();
    await expect(await canvas.findByText(/arriving around/)).toBeVisible();
  },
};
