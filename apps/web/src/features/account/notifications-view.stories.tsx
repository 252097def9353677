import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { loadError, NOW, notifications } from '../../fixtures';
import { NotificationsView } from './notifications-view';

const meta = {
  title: 'Screens/Shared/Notifications',
  component: NotificationsView,
  args: { onOpen: fn(), onPageChange: fn(), onRetry: fn(), now: NOW },
} satisfies Meta<typeof NotificationsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = {
  args: { data: { ...notifications, items: [], total: 0, unreadCount: 0 } },
};
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };
export const Populated: Story = { args: { data: { ...notifications, totalPages: 3 } } };
