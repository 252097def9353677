import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { NOW } from '../stories/fixtures';
import { formatRelativeTime, NotificationItem } from './notification-item';

const meta = {
  title: 'Components/NotificationItem',
  component: NotificationItem,
  args: {
    title: 'Booking confirmed',
    body: 'Byrne Plumbing confirmed your boiler service on Thursday at 10:00.',
    createdAt: '2026-03-10T08:00:00Z',
    read: false,
    now: NOW,
  },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof NotificationItem>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Unread: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('2 hours ago')).toBeInTheDocument();
    await expect(canvas.getByText('Unread:')).toBeInTheDocument();
    await expect(formatRelativeTime('2026-03-09T09:00:00Z', NOW, 'en')).toBe('yesterday');
    await expect(formatRelativeTime('2026-03-10T09:59:50Z', NOW, 'en')).toBe('now');
  },
};
export const Read: Story = { args: { read: true, createdAt: '2026-03-02T10:00:00Z' } };
export const AsLink: Story = { args: { href: '/orders/ORD-2031' } };
export const Clickable: Story = {
  args: { onClick: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Booking confirmed/ }));
    await expect(args.onClick).toHaveBeenCalled();
  },
};
export const List: Story = {
  render: (args) => (
    <div className="divide-y divide-border rounded-lg border border-border">
      <NotificationItem {...args} />
      <NotificationItem
        {...args}
        title="New message"
        body="Is 10:30 OK instead?"
        createdAt="2026-03-10T09:55:00Z"
      />
      <NotificationItem
        {...args}
        read
        title="Card authorised"
        body="€95.00 paid by card."
        createdAt="2026-03-03T10:00:00Z"
      />
    </div>
  ),
};
export const Dark: Story = { ...List, globals: { theme: 'dark' } };
