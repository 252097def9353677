import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { RatingStars } from './rating-stars';

const meta = {
  title: 'Components/RatingStars',
  component: RatingStars,
  args: { value: 4.6, count: 128, locale: 'en' },
  argTypes: { size: { control: 'inline-radio', options: ['sm', 'md', 'lg'] } },
} satisfies Meta<typeof RatingStars>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ReadOnly: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Rated 4.6 out of 5' })).toBeInTheDocument();
    await expect(canvas.getByText('4.6')).toBeInTheDocument();
    await expect(canvas.getByText(/\(128/)).toBeInTheDocument();
  },
};
export const NoCount: Story = { args: { count: undefined, value: 3 } };
/** No reviews yet: "New", never "0.0 (0)". */
export const New: Story = {
  args: { value: 0, count: 0 },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvasElement.querySelector('[data-slot="badge"]')).toHaveTextContent(
      'New: no reviews yet',
    );
    await expect(canvas.queryByText('0.0')).not.toBeInTheDocument();
    await expect(canvas.queryByRole('img')).not.toBeInTheDocument();
  },
};
export const Small: Story = { args: { size: 'sm' } };
export const Large: Story = { args: { size: 'lg' } };
export const Dark: Story = { globals: { theme: 'dark' } };

export const Interactive: Story = {
  args: { onChange: fn() },
  render: (args) => {
    const [value, setValue] = useState(0);
    return (
      <RatingStars
        {...args}
        value={value}
        label="Your rating"
        onChange={(v) => {
          setValue(v);
          args.onChange?.(v);
        }}
      />
    );
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Your rating' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('radio', { name: '4 stars' }));
    await expect(args.onChange).toHaveBeenCalledWith(4);
    await expect(canvas.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await userEvent.keyboard('{ArrowLeft}');
    await expect(args.onChange).toHaveBeenLastCalledWith(3);
  },
};
