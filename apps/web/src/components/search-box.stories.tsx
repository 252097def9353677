import type { Meta, StoryObj } from '@storybook/react-vite';
import type { SearchSuggestions } from '@vetted/contract';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { SearchBoxView, type SearchBoxViewProps } from './search-box';

const PLUMBING: SearchSuggestions = {
  categories: [{ slug: 'plumbing', name: 'Plumbing' }],
  services: [
    {
      id: '00000000-0000-4000-8000-000000000301',
      title: 'Leak repair',
      vendorName: 'Demo Plumbing Co.',
    },
  ],
  vendors: [
    { id: '00000000-0000-4000-8000-000000000302', businessName: 'Demo Plumbing Co.' },
    { id: '00000000-0000-4000-8000-000000000303', businessName: 'Harbor Pipe Pros' },
  ],
};

/** The box with suggestions for anything typed from two letters on, as the real one fetches. */
function Typeahead(
  props: Omit<SearchBoxViewProps, 'value' | 'onValueChange'> & { initial?: string },
) {
  const { initial = '', suggestions, ...rest } = props;
  const [value, setValue] = useState(initial);
  return (
    <div className="max-w-xl p-4 pb-72">
      <SearchBoxView
        {...rest}
        value={value}
        onValueChange={setValue}
        suggestions={value.trim().length >= 2 ? suggestions : undefined}
      />
    </div>
  );
}

const meta = {
  title: 'Screens/Public/Search box',
  component: Typeahead,
  args: {
    id: 'story-search',
    label: 'What do you need help with?',
    suggestions: PLUMBING,
    onPick: fn(),
    onSubmit: fn(),
  },
} satisfies Meta<typeof Typeahead>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    const box = canvas.getByRole('combobox', { name: 'What do you need help with?' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
  },
};

/** ArrowDown moves through categories, services and pros (aria-activedescendant); Enter picks. */
export const Suggestions: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('combobox', { name: 'What do you need help with?' });
    await userEvent.type(box, 'plu');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const list = canvas.getByRole('listbox', { name: 'Suggestions' });
    await expect(list).toBeVisible();
    await expect(canvas.getByRole('option', { name: /Leak repair/ })).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const active = box.getAttribute('aria-activedescendant');
    await expect(active).toBeTruthy();
    await expect(document.getElementById(active!)).toHaveTextContent('Leak repair');
    await userEvent.keyboard('{Enter}');
    await expect(args.onPick).toHaveBeenCalledWith({
      kind: 'service',
      id: '00000000-0000-4000-8000-000000000301',
      title: 'Leak repair',
      vendorName: 'Demo Plumbing Co.',
    });
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Escape closes the list; Enter then searches the text as typed. */
export const SearchTheText: Story = {
  args: { initial: 'plumbr' },
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('combobox', { name: 'What do you need help with?' });
    await userEvent.click(box);
    await userEvent.keyboard('{ArrowDown}');
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(box).toHaveAttribute('aria-expanded', 'false'));
    await userEvent.keyboard('{Enter}');
    await expect(args.onSubmit).toHaveBeenCalledWith('plumbr');
  },
};

/** The site header's field: no button, Enter searches. */
export const Compact: Story = {
  args: {
    variant: 'compact',
    label: 'Search pros and services',
    placeholder: 'Search pros and services',
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.queryByRole('button', { name: 'Search' })).toBeNull();
    await userEvent.type(
      canvas.getByRole('combobox', { name: 'Search pros and services' }),
      'haircut{Enter}',
    );
    await expect(args.onSubmit).toHaveBeenCalledWith('haircut');
  },
};

export const Loading: Story = { args: { initial: 'elec', loading: true, suggestions: undefined } };

export const Dark: Story = { args: { initial: 'plu' }, globals: { theme: 'dark' } };
