import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { loadError, page, vendors } from '../../fixtures';
import { VendorListView } from './vendor-list-view';

const meta = {
  title: 'Screens/User/Vendor list',
  component: VendorListView,
  args: { hrefFor: (v) => `/user/services/vendor/${v.id}`, onPageChange: fn(), onRetry: fn() },
} satisfies Meta<typeof VendorListView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = { args: { data: page([], 1, 12, 0) } };
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };
export const Populated: Story = { args: { data: page(vendors, 1, 6, 40) } };
