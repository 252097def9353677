import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@vetted/ui';
import { Plus } from 'lucide-react';
import { expect, within } from 'storybook/test';
import type { ChangeOrder, OrderDetail } from '@vetted/contract';
import { acceptedOrderDetail } from '../../fixtures';
import { CustomerChangeOrders, VendorChangeOrdersCard } from '../quotes';
import { OrderDetailView } from './order-detail-view';

/*
 * Both order pages of a booked quote: its line items above the price, the link back to the
 * request, and the extras — to approve (customer) or to add and follow (pro), drawn by the
 * quotes feature's views (their own states are storied there). No network.
 */

const usd = (amount: number) => ({ amount, currency: 'USD' });

/** An extra of the order in `status`: `amount` (the pro's) + 5 % fee = `total` (USD minor units). */
function extra(
  n: number,
  status: ChangeOrder['status'],
  description: string,
  amount: number,
): ChangeOrder {
  return {
    id: `00000000-0000-4000-8000-0000000f010${n}`,
    orderId: acceptedOrderDetail.id,
    description,
    amount: usd(amount),
    fee: usd(amount / 20),
    total: usd(amount + amount / 20),
    photos: [],
    status,
    paymentId: null,
    createdAt: `2026-11-23T17:0${n}:00.000Z`,
    decidedAt: status === 'proposed' ? null : `2026-11-23T17:1${n}:00.000Z`,
  };
}

/** The accepted order as a booked quote in progress: two lines, an extra in each state. */
const orderWithExtras: OrderDetail = {
  ...acceptedOrderDetail,
  status: 'in_progress',
  startCode: null,
  quote: {
    id: '00000000-0000-4000-8000-0000000e0001',
    requestId: '00000000-0000-4000-8000-0000000d0001',
  },
  lineItems: [
    { description: 'Replace the kitchen tap', amount: 4_500 },
    { description: 'Clear the sink drain', amount: 1_500 },
  ],
  changeOrders: [
    extra(1, 'declined', 'Descale the whole hot-water system.', 9_000),
    extra(2, 'approved', 'Extra 2 m of flexible hose.', 4_000),
    extra(
      3,
      'proposed',
      'The shut-off valve under the sink is corroded and needs replacing too.',
      12_000,
    ),
  ],
  canProposeChangeOrder: true,
};

const meta = {
  title: 'Screens/Shared/Order of a quote',
  component: OrderDetailView,
  args: {
    perspective: 'customer',
    order: orderWithExtras,
    backHref: '/user/history',
    backLabel: 'Orders',
    timeZone: 'America/Los_Angeles',
  },
} satisfies Meta<typeof OrderDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

const customerExtras = (
  <CustomerChangeOrders
    changeOrders={orderWithExtras.changeOrders ?? []}
    businessName={orderWithExtras.vendor.businessName}
    actions={() => (
      <>
        <Button>Approve and authorise $126.00</Button>
        <Button variant="outline">Decline</Button>
      </>
    )}
  />
);

const vendorExtras = (
  <VendorChangeOrdersCard
    changeOrders={orderWithExtras.changeOrders ?? []}
    addAction={
      <Button size="sm" variant="outline">
        <Plus aria-hidden="true" /> Add an extra
      </Button>
    }
  />
);

export const Customer: Story = {
  name: 'Customer: an extra to approve',
  args: { extras: customerExtras },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('region', {
        name: `${orderWithExtras.vendor.businessName} proposes an extra`,
      }),
    ).toBeVisible();
    const lines = within(
      canvas
        .getByRole('heading', { name: 'Quoted work' })
        .closest('[data-slot="card"]') as HTMLElement,
    );
    await expect(lines.getByText('Replace the kitchen tap')).toBeVisible();
    await expect(lines.getByText('Quoted price')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'The request and its quotes' })).toHaveAttribute(
      'href',
      `/user/quotes/${orderWithExtras.quote!.requestId}`,
    );
  },
};

export const Vendor: Story = {
  name: 'Pro: extras and "Add an extra"',
  args: {
    perspective: 'vendor',
    backHref: '/vendor/history',
    order: { ...orderWithExtras, vendorNet: { amount: 6_000, currency: 'USD' } },
    extras: vendorExtras,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add an extra' })).toBeVisible();
    await expect(canvas.getByText("Awaiting the customer's approval")).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'The request you quoted' })).toHaveAttribute(
      'href',
      `/vendor/leads/${orderWithExtras.quote!.requestId}`,
    );
  },
};

/** A slot booking (no quote): no line items, no quote link, no extras section. */
export const SlotBooking: Story = {
  name: 'Customer: a slot booking has none of it',
  args: { order: { ...orderWithExtras, quote: null, lineItems: null, changeOrders: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('heading', { name: 'Quoted work' })).toBeNull();
    await expect(canvas.queryByText('Quote')).toBeNull();
  },
};

export const CustomerDark: Story = {
  name: 'Customer (dark)',
  args: { extras: customerExtras },
  globals: { theme: 'dark' },
};

export const VendorDark: Story = {
  name: 'Pro (dark)',
  args: {
    perspective: 'vendor',
    backHref: '/vendor/history',
    order: { ...orderWithExtras, vendorNet: { amount: 6_000, currency: 'USD' } },
    extras: vendorExtras,
  },
  globals: { theme: 'dark' },
};
