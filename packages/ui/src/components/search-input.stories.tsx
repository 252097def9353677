import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, userEvent } from 'storybook/test';
import { SearchInput } from './search-input';

const meta = {
  title: 'Components/SearchInput',
  component: SearchInput,
  args: { 'aria-label': 'Search services', placeholder: 'Plumber, electrician…' },
  decorators: [(Story) => <div className="max-w-md">{Story()}</div>],
} satisfies Meta<typeof SearchInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {};
export const Disabled: Story = { args: { disabled: true } };

export const WithClearButton: Story = {
  render: (args) => {
    const [q, setQ] = useState('plumber');
    return (
      <SearchInput
        {...args}
        value={q}
        onChange={(e) => setQ(e.target.value)}
        onClear={() => setQ('')}
      />
    );
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('searchbox', { name: 'Search services' });
    await expect(input).toHaveValue('plumber');
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }));
    await expect(input).toHaveValue('');
    await expect(canvas.queryByRole('button', { name: 'Clear search' })).toBeNull();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
