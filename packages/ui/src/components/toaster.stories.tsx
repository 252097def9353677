import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Button } from './button';
import { Toaster, toast } from './toaster';

/* The preview mounts one <Toaster /> for every story (see .storybook/preview.tsx). */
const meta = {
  title: 'Components/Toast',
  component: Toaster,
  parameters: { layout: 'centered' },
  beforeEach: () => {
    toast.dismiss();
  },
} satisfies Meta<typeof Toaster>;

export default meta;
type Story = StoryObj<typeof meta>;

const trigger = (label: string, show: () => void) => () => (
  <Button variant="outline" onClick={show}>
    {label}
  </Button>
);

export const Success: Story = {
  render: trigger('Save', () =>
    toast.success('Booking confirmed', { description: 'Thu 12 Mar, 10:00' }),
  ),
};
export const ErrorToast: Story = {
  render: trigger('Pay', () =>
    toast.error('Payment failed', { description: 'Your card was declined.' }),
  ),
};
export const Warning: Story = {
  render: trigger('Warn', () => toast.warning('Your session ends in 5 minutes')),
};
export const Info: Story = {
  render: trigger('Info', () => toast.info('New message from Byrne Plumbing')),
};
export const Loading: Story = {
  render: trigger('Upload', () => toast.loading('Uploading photo…')),
};
export const PromiseToast: Story = {
  render: trigger('Send', () =>
    toast.promise(new Promise((r) => setTimeout(r, 1200)), {
      loading: 'Sending message…',
      success: 'Message sent',
      error: 'Could not send',
    }),
  ),
};
export const WithAction: Story = {
  render: trigger('Delete', () =>
    toast('Photo deleted', { action: { label: 'Undo', onClick: () => toast.success('Restored') } }),
  ),
};

export const AppearsAndDismisses: Story = {
  render: trigger('Save changes', () => toast.success('Profile saved')),
  play: async ({ canvasElement }) => {
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(body.getByRole('button', { name: 'Save changes' }));
    const message = await body.findByText('Profile saved');
    await waitFor(() => expect(message).toBeVisible());
    const item = message.closest('[data-sonner-toast]') as HTMLElement;
    await expect(item).toHaveAttribute('data-type', 'success');
    await userEvent.click(within(item).getByRole('button', { name: /close/i }));
    await waitFor(() => expect(body.queryByText('Profile saved')).toBeNull(), { timeout: 3000 });
  },
};

export const DarkSuccess: Story = { ...Success, globals: { theme: 'dark' } };
