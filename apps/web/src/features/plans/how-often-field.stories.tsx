import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, screen, userEvent, within } from 'storybook/test';
import { type HowOften, HowOftenField } from './how-often-field';
import { PlanPaymentNote } from './plan-payment-note';

/*
 * "How often?" in the checkout's details step: one time by default; a repeat choice adds the
 * optional last day and says what happens to the card before anything is paid. Also the note
 * over the card form of a plan's first visit.
 */

function Field({ initial }: { initial: HowOften }) {
  const [value, setValue] = React.useState<HowOften>(initial);
  return (
    <form className="max-w-md">
      <HowOftenField value={value} onChange={setValue} firstDay="2026-11-26" />
    </form>
  );
}

const meta = {
  title: 'Screens/User/Checkout how often',
  component: Field,
  args: { initial: 'once' },
} satisfies Meta<typeof Field>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One time: no last day, no card note. */
export const OneTime: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.queryByLabelText(/Last day/)).toBeNull();
    await userEvent.click(canvas.getByRole('combobox', { name: 'How often?' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Every week' }));
    await expect(await canvas.findByLabelText(/Last day/)).toBeVisible();
    await expect(canvas.getByText(/Your card is saved for the next visits/)).toBeVisible();
  },
};

export const Weekly: Story = { args: { initial: 'weekly' } };

/** Over the card form of a plan's first visit. */
export const PaymentNote: Story = {
  render: () => <PlanPaymentNote frequency="biweekly" />,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/every 2 weeks/)).toBeVisible();
  },
};
