import type { Meta, StoryObj } from '@storybook/react-vite';
import { Card } from '@vetted/ui';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PushDeviceView } from './push-device-view';

const meta = {
  title: 'Screens/Shared/Profile/Push on this device',
  component: PushDeviceView,
  args: { onTurnOn: fn(), onTurnOff: fn() },
  render: (args) => (
    <Card>
      <PushDeviceView {...args} />
    </Card>
  ),
} satisfies Meta<typeof PushDeviceView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** While the browser is asked whether it holds a subscription. */
export const Checking: Story = { args: { state: 'checking' } };

/** A browser without Web Push (e.g. Safari on iPhone outside a Home Screen app): no button. */
export const Unsupported: Story = {
  args: { state: 'unsupported' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/add Vetted to your Home Screen/)).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Notifications blocked for the site: how to allow them, no button that cannot work. */
export const Denied: Story = {
  args: { state: 'denied' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/set Notifications to Allow/)).toBeInTheDocument();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Off on this device: one click asks the browser and subscribes. */
export const Off: Story = {
  args: { state: 'off' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(
      canvas.getByRole('button', { name: 'Turn on notifications on this device' }),
    );
    await expect(args.onTurnOn).toHaveBeenCalledOnce();
  },
};

/** On: this device gets pushes; it can be turned off here. */
export const On: Story = {
  args: { state: 'on' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Turn off on this device' }));
    await expect(args.onTurnOff).toHaveBeenCalledOnce();
  },
};

/** Turning on under way. */
export const Busy: Story = { args: { state: 'off', busy: true } };

/** The browser refused to subscribe: its reason, in words; the button stays. */
export const Failed: Story = {
  args: {
    state: 'off',
    error:
      'Your browser could not set up notifications (Registration failed - push service error). Try again in a moment, or use another browser.',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('alert')).toHaveTextContent(/could not set up notifications/);
  },
};
