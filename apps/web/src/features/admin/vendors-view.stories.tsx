import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import {
  adminVendorPage,
  otherVendors,
  pendingVendorPage,
  pendingVendors,
} from '../../fixtures/admin';
import { atPhoneWidth, useStoryState } from './story-helpers';
import { AdminVendorsView, type AdminVendorsViewProps } from './vendors-view';

/*
 * `/admin/vendors`: the vetting queue by default, every status in a tab, a search by
 * business or email, paging, and an empty state per status.
 */

/** Keeps the tab and the search in state, like the page does in the URL. */
function Stateful(props: AdminVendorsViewProps) {
  const [status, onStatusChange] = useStoryState(props.status, props.onStatusChange);
  const [query, onQueryChange] = useStoryState(props.query, props.onQueryChange);
  return (
    <AdminVendorsView
      {...props}
      status={status}
      onStatusChange={onStatusChange}
      query={query}
      onQueryChange={onQueryChange}
    />
  );
}

const meta = {
  title: 'Screens/Admin/Vendors',
  component: AdminVendorsView,
  args: {
    status: 'pending',
    query: '',
    onStatusChange: fn(),
    onQueryChange: fn(),
    onPageChange: fn(),
    onRetry: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof AdminVendorsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('status', { name: 'Loading pending vendors' })).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Connection timeout. Please try again later.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Queue: Story = {
  name: 'Filled: the vetting queue',
  args: { data: { ...pendingVendorPage, total: 43, totalPages: 3 } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('tab', { name: 'Pending', selected: true })).toBeVisible();
    await expect(canvas.getByText('43 waiting for review, oldest submission first.')).toBeVisible();
    const table = canvas.getByRole('table', { name: 'Pending vendors' });
    const rows = within(table).getAllByRole('row');
    // Header row, then the oldest submission first.
    await expect(rows).toHaveLength(4);
    await expect(within(rows[1]!).getByRole('rowheader')).toHaveTextContent(
      'Rivera Plumbing & Heating',
    );
    await expect(
      within(table).getByRole('link', { name: 'Rivera Plumbing & Heating' }),
    ).toHaveAttribute('href', `/admin/vendors/${pendingVendors[0]!.id}`);
    await expect(within(rows[2]!).getByText('priya@brightspark.test')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Page 2' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
    await userEvent.click(canvas.getByRole('tab', { name: 'Suspended' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('suspended');
  },
};

export const Searching: Story = {
  name: 'Search typed',
  args: { data: pendingVendorPage },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Search vendors by business or email' }),
      'rivera',
    );
    await expect(args.onQueryChange).toHaveBeenLastCalledWith('rivera');
  },
};

export const EmptyQueue: Story = {
  name: 'Empty: nobody waiting',
  args: { data: adminVendorPage([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Nobody is waiting for review')).toBeVisible();
    await expect(canvas.queryByRole('table')).toBeNull();
  },
};

export const EmptyDraft: Story = {
  name: 'Empty: no drafts',
  args: { status: 'draft', data: adminVendorPage([]) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No vendors in draft')).toBeVisible();
  },
};

export const NoMatch: Story = {
  name: 'Empty: search without results',
  args: { query: 'zzz', data: adminVendorPage([]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No vendors match')).toBeVisible();
    await expect(canvas.getByText(/No pending vendors match “zzz”/)).toBeVisible();
  },
};

export const Rejected: Story = {
  name: 'Filled: rejected, with reasons',
  args: { status: 'rejected', data: adminVendorPage([otherVendors[1]!]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Rejected vendors' });
    await expect(within(table).getByRole('columnheader', { name: 'Reason' })).toBeVisible();
    await expect(within(table).getByText(/insurance certificate expired/)).toBeVisible();
  },
};

export const All: Story = {
  name: 'Filled: every status',
  args: { status: 'all', data: adminVendorPage([...pendingVendors, ...otherVendors]) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Vendors' });
    await expect(within(table).getByText('Suspended')).toBeVisible();
    await expect(within(table).getByText('Not submitted')).toBeVisible();
    await expect(within(table).getByText('Not chosen')).toBeVisible();
  },
};

export const Dark: Story = {
  args: { data: pendingVendorPage },
  globals: { theme: 'dark' },
};

export const Mobile: Story = {
  name: 'Filled at 375 px',
  ...atPhoneWidth,
  args: { data: pendingVendorPage },
  play: async ({ canvasElement }) => {
    // The table scrolls sideways inside its own region, reachable by keyboard.
    const region = within(canvasElement).getByRole('region', { name: 'Pending vendors' });
    await expect(region).toHaveAttribute('tabindex', '0');
  },
};
