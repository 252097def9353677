import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { loadError, NOW, notifications, orders, page } from '../../fixtures';
import { computeStats, VendorDashboardView } from './dashboard-view';

const meta = {
  title: 'Screens/Vendor/Dashboard',
  component: VendorDashboardView,
  args: { name: 'Dana Demo', now: NOW, onOpenNotification: fn(), onRetryStats: fn() },
} satisfies Meta<typeof VendorDashboardView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { statsLoading: true, incomingLoading: true, notificationsLoading: true },
};
export const Empty: Story = {
  args: {
    stats: computeStats([], 0, 0),
    incoming: page([], 1, 5, 0),
    notifications: { ...notifications, items: [], total: 0, unreadCount: 0 },
  },
};
export const ErrorState: Story = {
  name: 'Error',
  args: { statsError: loadError, incomingError: loadError, notificationsError: loadError },
};
export const Populated: Story = {
  args: {
    stats: computeStats(orders, 1, 1),
    incoming: page(
      orders.filter((o) => o.status === 'paid'),
      1,
      5,
    ),
    notifications,
  },
};
