import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { RatingInput } from './rating-input';

const meta = {
  title: 'Components/RatingInput',
  component: RatingInput,
  args: { value: null, onChange: fn(), 'aria-label': 'Your rating' },
  argTypes: { size: { control: 'inline-radio', options: ['md', 'lg'] } },
  render: (args) => {
    const [value, setValue] = useState<number | null>(args.value);
    return (
      <RatingInput
        {...args}
        value={value}
        onChange={(v) => {
          setValue(v);
          args.onChange(v);
        }}
      />
    );
  },
} satisfies Meta<typeof RatingInput>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing chosen yet: Tab enters the group, arrow keys choose, each star says what it means. */
export const Empty: Story = {
  play: async ({ canvas, args }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Your rating' });
    await expect(group).toBeInTheDocument();
    await expect(canvas.getByText('Choose a rating')).toBeInTheDocument();
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).not.toBeChecked();

    await userEvent.tab();
    await expect(canvas.getByRole('radio', { name: '1 star, Terrible' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: '4 stars, Good' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith(4);
    await expect(canvas.getByText('Good')).toBeInTheDocument();
  },
};

/** Clicking a star chooses it. */
export const Chosen: Story = {
  args: { value: 3 },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radio', { name: '3 stars, Okay' })).toBeChecked();
    await expect(canvas.getByText('Okay')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: '5 stars, Excellent' }));
    await expect(args.onChange).toHaveBeenCalledWith(5);
    await expect(canvas.getByRole('radio', { name: '5 stars, Excellent' })).toBeChecked();
  },
};

/** Marked invalid (e.g. submitted without a rating), with the error linked. */
export const Invalid: Story = {
  args: { invalid: true, 'aria-describedby': 'rating-error' },
  render: (args) => (
    <div className="flex flex-col gap-1.5">
      <RatingInput {...args} />
      <p id="rating-error" role="alert" className="text-xs font-medium text-danger">
        Choose a rating from 1 to 5 stars
      </p>
    </div>
  ),
  play: async ({ canvas }) => {
    const group = canvas.getByRole('radiogroup', { name: 'Your rating' });
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Choose a rating from 1 to 5 stars');
  },
};

/** While the form is being sent. */
export const Disabled: Story = {
  args: { value: 4, disabled: true },
  play: async ({ canvas }) => {
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
  },
};

export const Medium: Story = { args: { value: 2, size: 'md', showCaption: false } };
export const Dark: Story = { args: { value: 5 }, globals: { theme: 'dark' } };
