import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { categories, loadError } from '../../fixtures';
import { CategoryGridView } from './category-grid-view';

const meta = {
  title: 'Screens/User/Categories',
  component: CategoryGridView,
  args: { hrefFor: (c) => `/user/services?category=${c.slug}`, onRetry: fn() },
} satisfies Meta<typeof CategoryGridView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = { args: { categories: [] } };
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };
export const Populated: Story = { args: { categories } };
