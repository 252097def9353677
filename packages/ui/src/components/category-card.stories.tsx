import type { Meta, StoryObj } from '@storybook/react-vite';
import { Droplets, Scissors, Zap } from 'lucide-react';
import { expect } from 'storybook/test';
import { CategoryCard } from './category-card';

const meta = {
  title: 'Marketplace/CategoryCard',
  component: CategoryCard,
  args: {
    name: 'Plumbing',
    description: 'Leaks, boilers, bathrooms and emergency call-outs.',
    icon: <Droplets />,
    href: '/categories/plumbing',
    count: 42,
  },
  decorators: [(Story) => <div className="max-w-sm">{Story()}</div>],
} satisfies Meta<typeof CategoryCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Plumbing' })).toHaveAttribute(
      'href',
      '/categories/plumbing',
    );
  },
};
export const WithoutIcon: Story = { args: { icon: undefined, count: 1 } };
export const Minimal: Story = { args: { description: undefined, count: undefined } };
export const Grid: Story = {
  decorators: [],
  render: () => (
    <div className="grid gap-4 sm:grid-cols-3">
      <CategoryCard name="Plumbing" icon={<Droplets />} href="/c/plumbing" count={42} />
      <CategoryCard name="Electrical" icon={<Zap />} href="/c/electrical" count={31} />
      <CategoryCard name="Hair styling" icon={<Scissors />} href="/c/hair" count={18} />
    </div>
  ),
};
export const Dark: Story = { globals: { theme: 'dark' } };
