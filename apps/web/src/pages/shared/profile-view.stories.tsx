import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError, user } from '../../fixtures';
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
