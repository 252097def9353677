import type { Meta, StoryObj } from '@storybook/react-vite';
import { StatCard } from './stat-card';

const meta = {
  title: 'Marketplace/StatCard',
  component: StatCard,
  args: { label: 'Bookings this month', value: '38', hint: '+12% vs February' },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithoutHint: Story = { args: { hint: undefined, label: 'Rating', value: '4.8' } };
export const Dark: Story = { globals: { theme: 'dark' } };
