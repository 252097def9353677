import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@vetted/ui';
import { expect, fn, within } from 'storybook/test';
import { loadError, orders, page } from '../../fixtures';
import { OrderListView } from './order-list-view';

const meta = {
  title: 'Screens/Shared/Order history',
  component: OrderListView,
  args: {
    perspective: 'customer',
    hrefFor: (o) => `/user/history/order?id=${o.id}`,
    onPageChange: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof OrderListView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = {
  args: {
    data: page([], 1, 10, 0),
    emptyDescription: 'Book a vetted pro and your orders will show up here.',
    emptyAction: <Button>Browse services</Button>,
  },
};
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };
export const Populated: Story = { args: { data: page(orders, 1, 5, 23) } };
export const VendorPerspective: Story = {
  args: { perspective: 'vendor', data: page(orders, 1, 5, 5) },
};

/** A partial refund reads "Partly refunded $80.00 of $168.00", a full one plain "Refunded". */
export const Refunds: Story = {
  args: {
    data: page(
      [
        {
          ...orders[0]!,
          id: '00000000-0000-4000-8000-00000000a001',
          reference: 'VT-PART01',
          status: 'refunded',
          total: { amount: 16_800, currency: 'USD' },
          amountRefunded: { amount: 8_000, currency: 'USD' },
        },
        {
          ...orders[0]!,
          id: '00000000-0000-4000-8000-00000000a002',
          reference: 'VT-FULL02',
          status: 'refunded',
          total: { amount: 16_800, currency: 'USD' },
          amountRefunded: { amount: 16_800, currency: 'USD' },
        },
      ],
      1,
      10,
      2,
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const partial = canvas.getByText('VT-PART01').closest('a')!;
    await expect(within(partial).getByText('Partly refunded $80.00 of $168.00')).toBeVisible();
    await expect(within(partial).getAllByText('Partly refunded').length).toBeGreaterThan(0);
    const full = canvas.getByText('VT-FULL02').closest('a')!;
    await expect(within(full).queryByText(/Partly refunded/)).toBeNull();
    await expect(within(full).getAllByText('Refunded').length).toBeGreaterThan(0);
  },
};

/**
 * The pro's list: what each booking earns them ("Your earnings", the API's `vendorNet`) with
 * "Price − Vetted fee" under it — not the customer's total as their own money.
 */
export const VendorEarnings: Story = {
  name: 'Vendor: earnings per order',
  args: {
    perspective: 'vendor',
    hrefFor: (o) => `/vendor/history/order?id=${o.id}`,
    data: page(
      [
        // 60.00 service: the customer pays 63.00, Vetted keeps its 3.00 fee.
        { ...orders[0]!, vendorNet: { amount: 6_000, currency: 'USD' } },
        // Cancelled before the pro accepted: the card was never charged.
        { ...orders[3]!, vendorNet: { amount: 0, currency: 'USD' } },
      ],
      1,
      10,
      2,
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const paid = canvas.getByText('VT-7K2P90').closest('a')!;
    await expect(within(paid).getByText('Your earnings').parentElement).toHaveTextContent(
      'Your earnings $60.00',
    );
    await expect(within(paid).getByText(/^Price/)).toHaveTextContent(
      'Price $63.00 − Vetted fee $3.00',
    );
    const cancelled = canvas.getByText('VT-7K2P93').closest('a')!;
    await expect(within(cancelled).getByText('Your earnings').parentElement).toHaveTextContent(
      'Your earnings $0.00',
    );
    await expect(within(cancelled).getByText(/^Not charged/)).toHaveTextContent(
      'Not charged · price $168.00',
    );
  },
};
