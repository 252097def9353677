import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { slotDays } from '../stories/fixtures';
import { Button } from './button';
import { SlotPicker, type SlotPickerProps } from './slot-picker';

function Controlled(props: SlotPickerProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SlotPicker
      {...props}
      value={value}
      onChange={(v) => {
        setValue(v);
        props.onChange(v);
      }}
    />
  );
}

const meta = {
  title: 'Components/SlotPicker',
  component: SlotPicker,
  args: { days: slotDays, timeZone: 'Europe/Dublin', locale: 'en-IE', onChange: fn() },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof SlotPicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Times in Europe/Dublin')).toBeInTheDocument();
  },
};
export const WithSelection: Story = { args: { value: '2026-03-11T13:00:00Z' } };
export const OtherTimeZone: Story = { args: { timeZone: 'America/New_York', locale: 'en-US' } };
export const NoDays: Story = { args: { days: [] } };
export const Dark: Story = { globals: { theme: 'dark' } };

export const SelectASlot: Story = {
  play: async ({ canvas, args }) => {
    // 9:00 and 10:00 are taken on the first day.
    const taken = canvas.getByRole('button', { name: '9:00, taken' });
    await expect(taken).toBeDisabled();
    const eleven = canvas.getByRole('button', { name: '11:00' });
    await userEvent.click(eleven);
    await expect(args.onChange).toHaveBeenCalledWith('2026-03-10T11:00:00Z');
    await expect(eleven).toHaveAttribute('aria-pressed', 'true');
  },
};

export const DayWithoutFreeTimes: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: /Thu\s*12\s*Mar/ }));
    await expect(canvas.getByText('No free times on this day')).toBeInTheDocument();
  },
};

/** A fully booked day offers the page's own action, e.g. joining a waitlist. */
export const FullDayWithAction: Story = {
  args: {
    dayEmptyAction: (date, hasSlots) =>
      hasSlots ? (
        <Button size="sm" variant="outline">
          Join the waitlist for {date}
        </Button>
      ) : null,
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('tab', { name: /Thu\s*12\s*Mar/ }));
    await expect(
      canvas.getByRole('button', { name: 'Join the waitlist for 2026-03-12' }),
    ).toBeVisible();
  },
};
