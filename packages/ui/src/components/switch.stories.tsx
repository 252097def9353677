import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Label } from './label';
import { Switch } from './switch';

const meta = {
  title: 'Components/Switch',
  component: Switch,
  args: { id: 'available' },
  render: (args) => (
    <div className="flex items-center gap-3">
      <Switch {...args} />
      <Label htmlFor={args.id}>Accepting new bookings</Label>
    </div>
  ),
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Off: Story = {};
export const On: Story = { args: { defaultChecked: true } };
export const Disabled: Story = { args: { disabled: true } };
export const Dark: Story = { args: { defaultChecked: true }, globals: { theme: 'dark' } };

export const Toggles: Story = {
  play: async ({ canvas }) => {
    const sw = canvas.getByRole('switch', { name: 'Accepting new bookings' });
    await userEvent.click(sw);
    await expect(sw).toBeChecked();
  },
};
