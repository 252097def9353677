import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError, NOW, notifications, orders, page } from '../../fixtures';
import { earnings, earningsTwoCurrencies, emptyEarnings } from '../../fixtures/vendor-area';
import { VendorDashboardView } from './dashboard-view';

/*
 * `/vendor` once approved: order counts, the earnings figures from the ledger (never a
 * sum of orders made in the browser), bookings to accept, latest notifications.
 */

const meta = {
  title: 'Screens/Vendor/Dashboard',
  component: VendorDashboardView,
  args: {
    name: 'Dana Demo',
    now: NOW,
    onOpenNotification: fn(),
    onRetryStats: fn(),
    onRetryEarnings: fn(),
  },
} satisfies Meta<typeof VendorDashboardView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: {
    statsLoading: true,
    earningsLoading: true,
    incomingLoading: true,
    notificationsLoading: true,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading figures' })).toBeVisible();
    await expect(canvas.getByRole('status', { name: 'Loading earnings' })).toBeVisible();
  },
};
export const Empty: Story = {
  args: {
    stats: { newOrders: 0, upcoming: 0 },
    earnings: emptyEarnings,
    incoming: page([], 1, 5, 0),
    notifications: { ...notifications, items: [], total: 0, unreadCount: 0 },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/No earnings yet/)).toBeVisible();
    await expect(canvas.getByText('No new bookings')).toBeVisible();
  },
};
export const ErrorState: Story = {
  name: 'Error',
  args: {
    statsError: loadError,
    earningsError: loadError,
    incomingError: loadError,
    notificationsError: loadError,
  },
  play: async ({ canvas, args }) => {
    const earningsPanel = canvas.getByRole('region', { name: 'Earnings' });
    await userEvent.click(within(earningsPanel).getByRole('button', { name: 'Try again' }));
    await expect(args.onRetryEarnings).toHaveBeenCalled();
  },
};
export const Populated: Story = {
  args: {
    stats: { newOrders: 1, upcoming: 1 },
    earnings,
    incoming: page(
      orders.filter((o) => o.status === 'paid'),
      1,
      5,
    ),
    notifications,
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Welcome back, Dana' }),
    ).toBeVisible();
    const earningsPanel = within(canvas.getByRole('region', { name: 'Earnings' }));
    // The ledger's figures, as the API answered them.
    await expect(earningsPanel.getByText('$184.50')).toBeVisible();
    await expect(earningsPanel.getByText('$118.50')).toBeVisible();
    await expect(earningsPanel.getByText('$420.00')).toBeVisible();
    await expect(earningsPanel.queryByRole('button', { name: /Pay out/ })).toBeNull();
    await expect(earningsPanel.getByRole('link', { name: 'Earnings and payouts' })).toHaveAttribute(
      'href',
      '/vendor/earnings',
    );
  },
};
export const TwoCurrencies: Story = {
  name: 'Earnings in two currencies',
  args: { ...Populated.args, earnings: earningsTwoCurrencies },
};
export const Dark: Story = {
  globals: { theme: 'dark' },
  args: Populated.args,
};
export const Mobile: Story = {
  name: 'Populated at 375 px',
  parameters: { testViewport: { width: 375 } },
  args: Populated.args,
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
};
