import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Breadcrumbs } from './breadcrumbs';

const meta = {
  title: 'Components/Breadcrumbs',
  component: Breadcrumbs,
  args: {
    items: [
      { label: 'Home', href: '/' },
      { label: 'Plumbing', href: '/categories/plumbing' },
      { label: 'Byrne Plumbing' },
    ],
  },
} satisfies Meta<typeof Breadcrumbs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Breadcrumb' })).toBeInTheDocument();
    await expect(canvas.getByText('Byrne Plumbing')).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Plumbing' })).toHaveAttribute(
      'href',
      '/categories/plumbing',
    );
  },
};
export const TwoLevels: Story = {
  args: { items: [{ label: 'Orders', href: '/orders' }, { label: 'ORD-2031' }] },
};
export const Dark: Story = { globals: { theme: 'dark' } };
