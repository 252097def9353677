import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Badge, ORDER_STATUS, type OrderStatus, OrderStatusBadge } from './badge';

const meta = {
  title: 'Components/Badge',
  component: Badge,
  args: { children: 'New' },
  argTypes: {
    variant: {
      control: 'select',
      options: ['default', 'secondary', 'success', 'warning', 'danger', 'info', 'outline'],
    },
  },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const Secondary: Story = { args: { variant: 'secondary', children: 'Draft' } };
export const Success: Story = { args: { variant: 'success', children: 'Verified' } };
export const Warning: Story = { args: { variant: 'warning', children: 'Expiring' } };
export const Danger: Story = { args: { variant: 'danger', children: 'Overdue' } };
export const Info: Story = { args: { variant: 'info', children: 'Tip' } };
export const Outline: Story = { args: { variant: 'outline', children: '3 km' } };

const statuses = Object.keys(ORDER_STATUS) as OrderStatus[];

export const AllVariants: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      {(['default', 'secondary', 'success', 'warning', 'danger', 'info', 'outline'] as const).map(
        (v) => (
          <Badge key={v} variant={v}>
            {v}
          </Badge>
        ),
      )}
    </div>
  ),
};
export const AllVariantsDark: Story = { ...AllVariants, globals: { theme: 'dark' } };

export const OrderStatuses: Story = {
  render: () => (
    <div className="flex flex-wrap gap-2">
      {statuses.map((s) => (
        <OrderStatusBadge key={s} status={s} />
      ))}
    </div>
  ),
  play: async ({ canvas }) => {
    for (const label of [
      'Awaiting payment',
      'Awaiting acceptance',
      'Accepted',
      'In progress',
      'Completed',
      'Cancelled',
      'Declined',
      'Refunded',
    ]) {
      await expect(canvas.getByText(label)).toBeInTheDocument();
    }
  },
};
export const OrderStatusesDark: Story = { ...OrderStatuses, globals: { theme: 'dark' } };

export const PendingPayment: Story = {
  render: () => <OrderStatusBadge status="pending_payment" />,
};
export const InProgress: Story = { render: () => <OrderStatusBadge status="in_progress" /> };
export const Completed: Story = { render: () => <OrderStatusBadge status="completed" /> };
export const Declined: Story = { render: () => <OrderStatusBadge status="declined" /> };
