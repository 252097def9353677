import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { OtpChallenge } from '@vetted/contract';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { settled } from '../../fixtures/settled';
import { DeleteAccountView } from './delete-account-view';

const challenge: OtpChallenge = {
  challengeId: '0b3e6a52-7d0f-4c53-9f0e-3a1f8c2d4e63',
  email: 'customer@vetted.test',
  purpose: 'account_deletion',
  expiresAt: '2026-11-22T10:10:00.000Z',
  resendAvailableAt: '2026-11-22T10:00:30.000Z',
};

const page = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body);

const meta = {
  title: 'Screens/Shared/Profile/Delete account',
  component: DeleteAccountView,
  args: {
    role: 'customer',
    onRequestCode: fn(async () => challenge),
    onConfirm: fn(async () => undefined),
    onResend: fn(async () => challenge),
  },
} satisfies Meta<typeof DeleteAccountView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The danger zone, closed. */
export const Closed: Story = {};

/** Step 1: what goes and what stays, then the password. */
export const Confirmation: Story = {
  name: 'Step 1: confirmation',
  play: async ({ canvasElement, args }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Delete account' }));
    const dialog = within(
      await settled(
        await page(canvasElement).findByRole('dialog', { name: 'Delete your account?' }),
      ),
    );
    await expect(dialog.getByText('This cannot be undone.')).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Email me a code' }));
    await expect(await dialog.findByText('Enter your password')).toBeVisible();
    await expect(args.onRequestCode).not.toHaveBeenCalled();
  },
};

/** A pro sees that their business page and vetting documents go too. */
export const VendorConfirmation: Story = {
  name: 'Step 1: a pro',
  args: { role: 'vendor', defaultOpen: true },
  play: async ({ canvasElement }) => {
    const dialog = within(await settled(await page(canvasElement).findByRole('dialog')));
    await expect(dialog.getByText('Your business page and services, from search')).toBeVisible();
    await expect(dialog.getByText('The documents you uploaded for vetting')).toBeVisible();
  },
};

/** Refused while bookings are in progress (409): the API says why. */
export const LiveBookings: Story = {
  name: 'Step 1: bookings in progress',
  args: {
    defaultOpen: true,
    onRequestCode: fn(async () => {
      throw new ApiError(
        'You have 1 booking still in progress (paid, accepted or started). Cancel it or wait until it is completed, then delete your account.',
        {
          code: 409,
          status: 409,
          errorCode: 'live_orders',
          request: { method: 'POST', url: '/v1/me/deletion' },
        },
      );
    }),
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await page(canvasElement).findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText(/^Password/), 'correct horse battery');
    await userEvent.click(dialog.getByRole('button', { name: 'Email me a code' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'You have 1 booking still in progress',
    );
  },
};

/** Step 2: the code; entering it deletes the account. */
export const CodeStep: Story = {
  name: 'Step 2: code',
  args: { initialChallenge: challenge },
  play: async ({ canvasElement, args }) => {
    const dialog = within(
      await page(canvasElement).findByRole('dialog', {
        name: 'Enter the code to delete your account',
      }),
    );
    await userEvent.type(dialog.getByRole('textbox', { name: 'Digit 1 of 6' }), '482915');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(args.onConfirm).toHaveBeenCalledWith({
        challengeId: challenge.challengeId,
        code: '482915',
      }),
    );
  },
};

/** Step 2 while the deletion runs. */
export const Deleting: Story = {
  name: 'Step 2: deleting',
  args: { initialChallenge: challenge, onConfirm: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvasElement }) => {
    const panel = await settled(await page(canvasElement).findByRole('dialog'));
    const dialog = within(panel);
    await userEvent.type(dialog.getByRole('textbox', { name: 'Digit 1 of 6' }), '482915');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await waitFor(() =>
      expect(dialog.getByRole('button', { name: /Delete my account/ })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    // Every control is disabled meanwhile; keyboard focus stays in the dialog, not on the page.
    await waitFor(() => expect(panel).toHaveFocus());
  },
};

/** Step 2 with a wrong code. */
export const WrongCode: Story = {
  name: 'Step 2: wrong code',
  args: {
    initialChallenge: challenge,
    onConfirm: fn(async () => {
      throw new ApiError('Incorrect code. 4 attempts left', {
        code: 400,
        status: 400,
        errorCode: 'otp_invalid',
        request: { method: 'POST', url: '/v1/me/deletion/confirm' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await page(canvasElement).findByRole('dialog'));
    await userEvent.type(dialog.getByRole('textbox', { name: 'Digit 1 of 6' }), '111111');
    await userEvent.click(dialog.getByRole('button', { name: 'Delete my account' }));
    await expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Incorrect code. 4 attempts left',
    );
  },
};
