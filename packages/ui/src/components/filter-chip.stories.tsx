import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { FilterChip } from './filter-chip';

const meta = {
  title: 'Components/FilterChip',
  component: FilterChip,
  args: { label: 'Plumbing', onRemove: fn() },
} satisfies Meta<typeof FilterChip>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const remove = canvas.getByRole('button', { name: 'Remove filter: Plumbing' });
    remove.focus();
    await expect(remove).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onRemove).toHaveBeenCalledOnce();
  },
};

/** A default the page applied for the person (their area), still removable. */
export const Applied: Story = { args: { label: 'Within 50 km', variant: 'applied' } };

export const WithoutRemove: Story = {
  args: { onRemove: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

/** Several chips wrap on a narrow screen; removing one takes it away. */
export const List: Story = {
  render: () => {
    const [chips, setChips] = useState(['“plumber”', 'Plumbing', 'Under $150.00', '4★ and up']);
    return (
      <ul aria-label="Active filters" className="flex max-w-xs flex-wrap gap-2">
        {chips.map((chip) => (
          <li key={chip}>
            <FilterChip
              label={chip}
              onRemove={() => setChips((all) => all.filter((c) => c !== chip))}
            />
          </li>
        ))}
      </ul>
    );
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Remove filter: Plumbing' }));
    await expect(canvas.queryByText('Plumbing')).toBeNull();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(3);
  },
};

export const Dark: Story = {
  args: { variant: 'applied', label: 'Prices in USD' },
  globals: { theme: 'dark' },
};
