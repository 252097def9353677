import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { RatingBreakdown } from './rating-breakdown';

const meta = {
  title: 'Components/RatingBreakdown',
  component: RatingBreakdown,
  args: {
    average: 4.4,
    count: 20,
    histogram: { 1: 1, 2: 0, 3: 2, 4: 4, 5: 13 },
    locale: 'en',
  },
} satisfies Meta<typeof RatingBreakdown>;

export default meta;
type Story = StoryObj<typeof meta>;

export const WithReviews: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Rated 4.4 out of 5' })).toBeInTheDocument();
    const rows = canvas.getAllByRole('listitem');
    await expect(rows.map((r) => r.textContent)).toEqual([
      '5 stars: 13 reviews',
      '4 stars: 4 reviews',
      '3 stars: 2 reviews',
      '2 stars: 0 reviews',
      '1 star: 1 review',
    ]);
  },
};

/** No reviews yet: "New", empty bars. */
export const Empty: Story = {
  args: { average: 0, count: 0, histogram: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/no reviews yet/)).toBeInTheDocument();
    await expect(canvas.queryByText('0.0')).not.toBeInTheDocument();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
