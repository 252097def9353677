import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { page } from '../../fixtures';
import { adminOrderPage, adminOrders } from '../../fixtures/admin';
import { AdminOrdersView, type AdminOrdersViewProps } from './orders-view';
import { atPhoneWidth, expectLoading, listLoadError, useStoryState } from './story-helpers';

/*
 * `/admin/orders`: every order, newest first, by reference, customer or pro and status.
 */

/** Keeps the search and the filter in state, like the page does in the URL. */
function Stateful(props: AdminOrdersViewProps) {
  const [query, onQueryChange] = useStoryState(props.query, props.onQueryChange);
  const [status, onStatusChange] = useStoryState(props.status, props.onStatusChange);
  return (
    <AdminOrdersView
      {...props}
      query={query}
      onQueryChange={onQueryChange}
      status={status}
      onStatusChange={onStatusChange}
    />
  );
}

const meta = {
  title: 'Screens/Admin/Orders',
  component: AdminOrdersView,
  args: {
    query: '',
    status: 'all',
    onQueryChange: fn(),
    onStatusChange: fn(),
    onPageChange: fn(),
    onRetry: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof AdminOrdersView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { play: expectLoading('Loading orders') };

export const ErrorState: Story = { name: 'Error', ...listLoadError };

export const Filled: Story = {
  args: { data: adminOrderPage },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Orders, newest first' });
    const first = adminOrders[0]!;
    await expect(within(table).getByRole('link', { name: first.reference })).toHaveAttribute(
      'href',
      `/admin/orders/${first.id}`,
    );
    await expect(within(table).getByText('Awaiting payment')).toBeVisible();
    await expect(within(table).getByText('$152.25')).toBeVisible();
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Search' }),
      first.reference.toLowerCase(),
    );
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(first.reference.toLowerCase());
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Completed' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('completed');
  },
};

export const Empty: Story = {
  name: 'Empty: no orders yet',
  args: { data: page([], 1, 20) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No orders yet')).toBeVisible();
  },
};

export const NoMatch: Story = {
  name: 'Empty: search without results',
  args: { data: page([], 1, 20), query: 'VT-NOPE' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No orders match')).toBeVisible();
  },
};

export const Dark: Story = { args: { data: adminOrderPage }, globals: { theme: 'dark' } };

export const Mobile: Story = {
  name: 'Filled at 375 px',
  ...atPhoneWidth,
  args: { data: adminOrderPage },
};
