import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PasswordChangeView } from './password-change-view';

const meta = {
  title: 'Screens/Shared/Profile/Password change',
  component: PasswordChangeView,
  args: {
    onChangePassword: fn(async () => ({ passwordChanged: true as const, otherSessionsEnded: 2 })),
  },
} satisfies Meta<typeof PasswordChangeView>;
export default meta;
type Story = StoryObj<typeof meta>;

async function fill(canvasElement: HTMLElement, current: string, next: string, repeat = next) {
  const canvas = within(canvasElement);
  await userEvent.type(canvas.getByLabelText(/^Current password/), current);
  await userEvent.type(canvas.getByLabelText(/^New password/), next);
  await userEvent.type(canvas.getByLabelText(/^Repeat the new password/), repeat);
  await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
}

/** Empty form. */
export const Idle: Story = {};

/** Checked before anything is sent: the sign-up rules and the repeat. */
export const Invalid: Story = {
  play: async ({ canvasElement, args }) => {
    await fill(canvasElement, 'old password', 'short', 'shorter');
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('Password must be at least 8 characters')).toBeVisible();
    await expect(canvas.getByText('The passwords do not match')).toBeVisible();
    await expect(args.onChangePassword).not.toHaveBeenCalled();
  },
};

/** While the change is on its way. */
export const Saving: Story = {
  args: { onChangePassword: fn(() => new Promise<never>(() => {})) },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'old password', 'a brand new passphrase');
    await expect(
      within(canvasElement).getByRole('button', { name: /Change password/ }),
    ).toHaveAttribute('aria-busy', 'true');
  },
};

/** A wrong current password: the API's words on that field. */
export const WrongCurrentPassword: Story = {
  args: {
    onChangePassword: fn(async () => {
      throw new ApiError('Your current password is incorrect', {
        code: 400,
        status: 400,
        errorCode: 'wrong_password',
        fields: { currentPassword: 'Your current password is incorrect' },
        request: { method: 'POST', url: '/v1/me/password' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    await fill(canvasElement, 'not it', 'a brand new passphrase');
    await expect(
      await within(canvasElement).findByText('Your current password is incorrect'),
    ).toBeVisible();
  },
};

/** Done: says how many other devices were signed out, and clears the form. */
export const Changed: Story = {
  play: async ({ canvasElement, args }) => {
    await fill(canvasElement, 'old password', 'a brand new passphrase');
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('status')).toHaveTextContent(
      'Password changed. 2 other devices were signed out; you stay signed in here.',
    );
    await expect(args.onChangePassword).toHaveBeenCalledWith({
      currentPassword: 'old password',
      newPassword: 'a brand new passphrase',
    });
    await expect(canvas.getByLabelText(/^Current password/)).toHaveValue('');
  },
};
