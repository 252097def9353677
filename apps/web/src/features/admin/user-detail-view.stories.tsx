import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { adminUserId, loadError } from '../../fixtures';
import {
  adminAccountDetail,
  adminUserDetail,
  suspendedUserDetail,
  vendorUserDetail,
} from '../../fixtures/admin';
import { settled } from '../../fixtures/settled';
import { atPhoneWidth, expectLoading } from './story-helpers';
import { AdminUserDetailView } from './user-detail-view';

/*
 * `/admin/users/:id`: a person's account, Suspend (with a reason; it ends every
 * session) and Reinstate, and the decisions about them.
 */

const meta = {
  title: 'Screens/Admin/User',
  component: AdminUserDetailView,
  args: {
    meId: adminUserId,
    onRetry: fn(),
    onSuspend: fn(async () => {}),
    onReinstate: fn(async () => {}),
  },
} satisfies Meta<typeof AdminUserDetailView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: expectLoading('Loading user'),
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent(
      'Connection timeout',
    );
  },
};

export const Active: Story = {
  name: 'Active customer: suspend',
  args: { user: adminUserDetail },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Casey Customer' })).toBeVisible();
    await expect(canvas.getByText('No decisions about this person yet.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Suspend' }));
    const dialog = within(
      await settled(await screen.findByRole('dialog', { name: 'Suspend Casey Customer?' })),
    );
    await expect(dialog.getByText(/This ends every session of this user/)).toBeVisible();
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Chargeback fraud.');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await expect(args.onSuspend).toHaveBeenCalledWith({ reason: 'Chargeback fraud.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const SuspendFailed: Story = {
  name: 'Dialog: suspend refused',
  args: {
    user: adminUserDetail,
    openDecision: 'suspend',
    onSuspend: fn(async () => {
      throw new ApiError('This account is already suspended', {
        code: 409,
        status: 409,
        request: { method: 'POST', url: '/v1/admin/users/x/suspend' },
      });
    }),
  },
  play: async () => {
    const dialog = within(await settled(await screen.findByRole('dialog')));
    await userEvent.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Spam.');
    await userEvent.click(dialog.getByRole('button', { name: 'Suspend' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'This account is already suspended',
    );
  },
};

export const Suspended: Story = {
  name: 'Suspended: reinstate',
  args: { user: suspendedUserDetail },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Suspended — cannot sign in')).toBeVisible();
    await expect(canvas.getByText(/Abusive messages to two pros/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reinstate' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reinstate' }));
    await expect(args.onReinstate).toHaveBeenCalledOnce();
  },
};

export const Pro: Story = {
  name: 'A pro: link to the vendor',
  args: { user: vendorUserDetail },
  play: async ({ canvasElement }) => {
    await expect(
      within(canvasElement).getByRole('link', { name: 'Open the vendor profile' }),
    ).toHaveAttribute('href', `/admin/vendors/${vendorUserDetail.vendorId}`);
  },
};

export const Admin: Story = {
  name: 'Your own admin account',
  args: { user: adminAccountDetail },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByRole('button', { name: 'Suspend' })).toBeNull();
    await expect(canvas.getByText(/you cannot suspend yourself/)).toBeVisible();
  },
};

export const Dark: Story = { args: { user: suspendedUserDetail }, globals: { theme: 'dark' } };

export const Mobile: Story = {
  name: 'Active at 375 px',
  ...atPhoneWidth,
  args: { user: adminUserDetail },
};
