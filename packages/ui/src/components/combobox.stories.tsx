import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { Combobox, type ComboboxOption } from './combobox';
import { FormField } from './form-field';

const CITIES: ComboboxOption[] = [
  { value: '4930956', label: 'Boston', description: 'MA · United States' },
  { value: '2655138', label: 'Boston', description: 'England · United Kingdom' },
  { value: '4931378', label: 'Boston Heights', description: 'OH · United States' },
];

/** A field that filters {@link CITIES} by prefix, as a caller fetching suggestions would. */
function CityField({
  initial = '',
  loading = false,
  onPick,
}: {
  initial?: string;
  loading?: boolean;
  onPick?: (option: ComboboxOption) => void;
}) {
  const [text, setText] = useState(initial);
  const [picked, setPicked] = useState<ComboboxOption | null>(null);
  const q = text.trim().toLowerCase();
  const options = q ? CITIES.filter((c) => c.label.toLowerCase().startsWith(q)) : [];
  return (
    <div className="flex max-w-sm flex-col gap-3">
      <FormField label="City" hint="Start typing, then pick your city.">
        <Combobox
          inputValue={text}
          onInputValueChange={(value) => {
            setText(value);
            setPicked(null);
          }}
          options={options}
          loading={loading}
          emptyMessage="No matching city"
          listLabel="Cities"
          onSelectOption={(option) => {
            setText(option.label);
            setPicked(option);
            onPick?.(option);
          }}
        />
      </FormField>
      <p className="text-sm text-muted" data-testid="picked">
        {picked ? `Picked ${picked.label}, ${picked.description}` : 'Nothing picked'}
      </p>
    </div>
  );
}

const meta = {
  title: 'Components/Combobox',
  component: CityField,
  args: { onPick: fn() },
} satisfies Meta<typeof CityField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: /City/ });
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveAccessibleDescription('Start typing, then pick your city.');
  },
};

export const PickWithKeyboard: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('combobox', { name: /City/ });
    await userEvent.click(input);
    await userEvent.keyboard('Bost');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    const list = canvas.getByRole('listbox', { name: 'Cities' });
    await expect(list).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const second = canvas.getAllByRole('option')[1]!;
    await expect(second).toHaveAttribute('aria-selected', 'true');
    await expect(input).toHaveAttribute('aria-activedescendant', second.id);
    await userEvent.keyboard('{Enter}');
    await expect(args.onPick).toHaveBeenCalledWith(CITIES[1]);
    await expect(input).toHaveValue('Boston');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveFocus();
  },
};

export const PickWithMouse: Story = {
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('combobox', { name: /City/ });
    await userEvent.type(input, 'Boston H');
    await userEvent.click(canvas.getByRole('option', { name: /Boston Heights/ }));
    await expect(args.onPick).toHaveBeenCalledWith(CITIES[2]);
    await expect(canvas.getByTestId('picked')).toHaveTextContent('Picked Boston Heights');
  },
};

export const EscapeCloses: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: /City/ });
    await userEvent.type(input, 'Bo');
    await expect(input).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    await expect(input).toHaveAttribute('aria-expanded', 'false');
    await expect(input).toHaveValue('Bo');
  },
};

export const NoResults: Story = {
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: /City/ });
    await userEvent.type(input, 'Atlantis');
    await expect(canvas.getByText('No matching city', { selector: 'div' })).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('No matching city'));
  },
};

export const Loading: Story = {
  args: { initial: 'Bos', loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading suggestions')).toBeInTheDocument();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('combobox', { name: /City/ });
    await userEvent.type(input, 'Bos');
    await userEvent.keyboard('{ArrowDown}');
    await expect(canvas.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
  },
};
