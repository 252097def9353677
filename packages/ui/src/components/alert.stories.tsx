import type { Meta, StoryObj } from '@storybook/react-vite';
import { CalendarClock, CircleAlert, CircleCheck, Info } from 'lucide-react';
import { expect, within } from 'storybook/test';
import { Alert, AlertDescription, AlertTitle } from './alert';
import { Button } from './button';

const meta = {
  title: 'Components/Alert',
  component: Alert,
  args: { variant: 'info' },
  render: (args) => (
    <Alert {...args}>
      <Info aria-hidden="true" />
      <AlertTitle>A time freed up</AlertTitle>
      <AlertDescription>
        <p>10:00 AM on Tue, Dec 1 is held for you until 10:15 AM.</p>
        <div>
          <Button size="sm">Book this time</Button>
        </div>
      </AlertDescription>
    </Alert>
  ),
} satisfies Meta<typeof Alert>;

export default meta;
type Story = StoryObj<typeof meta>;

export const InfoTone: Story = {
  name: 'Info',
  play: async ({ canvasElement }) => {
    const alert = canvasElement.querySelector('[data-slot="alert"]');
    await expect(alert).toHaveAttribute('data-variant', 'info');
    await expect(within(canvasElement).getByText('A time freed up')).toBeVisible();
  },
};
export const Success: Story = {
  args: { variant: 'success' },
  render: (args) => (
    <Alert {...args}>
      <CircleCheck aria-hidden="true" />
      <AlertTitle>New time confirmed</AlertTitle>
      <AlertDescription>The pro confirmed Tue, Dec 1, 10:00 AM.</AlertDescription>
    </Alert>
  ),
};
export const Warning: Story = {
  args: { variant: 'warning' },
  render: (args) => (
    <Alert {...args}>
      <CalendarClock aria-hidden="true" />
      <AlertTitle>Waiting for the pro</AlertTitle>
      <AlertDescription>You moved this booking; the pro may decline the new time.</AlertDescription>
    </Alert>
  ),
};
export const Danger: Story = {
  args: { variant: 'danger', role: 'alert' },
  render: (args) => (
    <Alert {...args}>
      <CircleAlert aria-hidden="true" />
      <AlertTitle>Couldn’t load the refund quote</AlertTitle>
      <AlertDescription>Check your connection and try again.</AlertDescription>
    </Alert>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('alert')).toHaveTextContent('refund quote');
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
