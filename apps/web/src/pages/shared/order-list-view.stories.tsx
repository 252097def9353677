import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@vetted/ui';
import { fn } from 'storybook/test';
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
