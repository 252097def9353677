import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import type { DateRange } from 'react-day-picker';
import { expect, userEvent } from 'storybook/test';
import { Calendar } from './calendar';

const MARCH = new Date(2026, 2, 1);

const meta = {
  title: 'Components/Calendar',
  component: Calendar,
} satisfies Meta<typeof Calendar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Single: Story = {
  render: () => {
    const [day, setDay] = useState<Date | undefined>(new Date(2026, 2, 12));
    return <Calendar defaultMonth={MARCH} mode="single" selected={day} onSelect={setDay} />;
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /March 20/ }));
    await expect(canvas.getByRole('button', { name: /March 20/ }).closest('td')).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

export const Range: Story = {
  render: () => {
    const [range, setRange] = useState<DateRange | undefined>({
      from: new Date(2026, 2, 10),
      to: new Date(2026, 2, 14),
    });
    return <Calendar defaultMonth={MARCH} mode="range" selected={range} onSelect={setRange} />;
  },
};

export const DisabledWeekends: Story = {
  render: () => <Calendar defaultMonth={MARCH} mode="single" disabled={{ dayOfWeek: [0, 6] }} />,
};

export const Dark: Story = {
  render: () => <Calendar defaultMonth={MARCH} mode="single" selected={new Date(2026, 2, 12)} />,
  globals: { theme: 'dark' },
};
