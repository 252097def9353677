import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, within } from 'storybook/test';
import { page } from '../../fixtures';
import { adminUserPage, adminUsers } from '../../fixtures/admin';
import { atPhoneWidth, expectLoading, listLoadError, useStoryState } from './story-helpers';
import { AdminUsersView, type AdminUsersViewProps } from './users-view';

/*
 * `/admin/users`: everyone with an account, by name or email, role and status.
 */

/** Keeps the search and filters in state, like the page does in the URL. */
function Stateful(props: AdminUsersViewProps) {
  const [query, onQueryChange] = useStoryState(props.query, props.onQueryChange);
  const [role, onRoleChange] = useStoryState(props.role, props.onRoleChange);
  const [status, onStatusChange] = useStoryState(props.status, props.onStatusChange);
  return (
    <AdminUsersView
      {...props}
      query={query}
      onQueryChange={onQueryChange}
      role={role}
      onRoleChange={onRoleChange}
      status={status}
      onStatusChange={onStatusChange}
    />
  );
}

const meta = {
  title: 'Screens/Admin/Users',
  component: AdminUsersView,
  args: {
    query: '',
    role: 'all',
    status: 'all',
    onQueryChange: fn(),
    onRoleChange: fn(),
    onStatusChange: fn(),
    onPageChange: fn(),
    onRetry: fn(),
  },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof AdminUsersView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { play: expectLoading('Loading users') };

export const ErrorState: Story = { name: 'Error', ...listLoadError };

export const Filled: Story = {
  args: { data: adminUserPage },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const table = canvas.getByRole('table', { name: 'Users' });
    await expect(within(table).getByRole('link', { name: 'Casey Customer' })).toHaveAttribute(
      'href',
      `/admin/users/${adminUsers[0]!.id}`,
    );
    await expect(within(table).getByText('Suspended')).toBeVisible();
    await expect(within(table).getByText('Not verified')).toBeVisible();
    await expect(within(table).getByText('Pro')).toBeVisible();
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Search' }), 'casey');
    await expect(args.onQueryChange).toHaveBeenLastCalledWith('casey');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Suspended' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('suspended');
  },
};

export const Empty: Story = {
  name: 'Empty: no accounts',
  args: { data: page([], 1, 20) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No users yet')).toBeVisible();
  },
};

export const NoMatch: Story = {
  name: 'Empty: nobody matches',
  args: { data: page([], 1, 20), query: 'nobody@example.test', role: 'vendor' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Nobody matches')).toBeVisible();
  },
};

export const Dark: Story = { args: { data: adminUserPage }, globals: { theme: 'dark' } };

export const Mobile: Story = {
  name: 'Filled at 375 px',
  ...atPhoneWidth,
  args: { data: adminUserPage },
};
