import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError, picture, user } from '../../fixtures';
import { AvatarEditorView } from './avatar-editor-view';
import { EmailChangeDialog } from './email-change-dialog';
import { ProfileView } from './profile-view';

const meta = {
  title: 'Screens/Shared/Profile',
  component: ProfileView,
  args: { onSave: fn(async () => undefined), onRetry: fn() },
} satisfies Meta<typeof ProfileView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = { name: 'Empty (no phone)', args: { me: { ...user, phone: null } } };
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };
export const Populated: Story = {
  args: { me: user },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const name = canvas.getByLabelText(/Full name/);
    await userEvent.clear(name);
    await userEvent.type(name, 'C');
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(await canvas.findByText('Enter your full name')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** As the page shows it: the photo editor and "Change email" beside the address. */
export const WithAccountActions: Story = {
  args: {
    me: { ...user, avatarUrl: picture('CC', 200, 256, 256) },
    avatarEditor: (
      <AvatarEditorView
        name={user.fullName}
        avatarUrl={picture('CC', 200, 256, 256)}
        onUpload={fn(async () => undefined)}
        onRemove={fn(async () => undefined)}
      />
    ),
    emailAction: (
      <EmailChangeDialog
        currentEmail={user.email}
        onRequestCode={fn(async () => {
          throw new Error('not in this story');
        })}
        onVerify={fn(async () => undefined)}
        onResend={fn(async () => {
          throw new Error('not in this story');
        })}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Change photo' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Change email' })).toBeVisible();
    await expect(canvas.getByText('Sign-in codes and receipts go here.')).toBeVisible();
  },
};
