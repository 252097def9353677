import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@vetted/ui';
import { fn } from 'storybook/test';
import { loadError, orderDetail } from '../../fixtures';
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

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = {
  name: 'Empty (new, unpaid order)',
  args: {
    order: { ...orderDetail, status: 'pending_payment', events: [], payment: null, notes: null },
  },
};
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };
export const Populated: Story = {
  args: { order: orderDetail, actions: <Button variant="outline">Cancel booking</Button> },
};
export const Vendor: Story = {
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
