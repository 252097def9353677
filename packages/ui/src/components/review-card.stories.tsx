import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ReviewCard } from './review-card';

const now = new Date('2026-05-20T12:00:00Z');

const meta = {
  title: 'Components/ReviewCard',
  component: ReviewCard,
  args: {
    authorName: 'Casey C.',
    rating: 5,
    text: 'Fixed the leak in twenty minutes and explained everything. Left the place spotless.',
    createdAt: '2026-05-06T09:30:00Z',
    context: 'Leak detection & repair',
    now,
  },
} satisfies Meta<typeof ReviewCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Review: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Casey C.' })).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'Rated 5.0 out of 5' })).toBeInTheDocument();
    await expect(canvas.getByText('2 weeks ago')).toHaveAttribute(
      'datetime',
      '2026-05-06T09:30:00Z',
    );
  },
};

export const WithReply: Story = {
  args: {
    rating: 2,
    text: 'Arrived two hours late.',
    reply: {
      text: 'Sorry we fell short — we have changed how we schedule visits.',
      createdAt: '2026-05-07T10:00:00Z',
    },
    replyAuthor: 'Demo Plumbing Co.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Reply from Demo Plumbing Co.')).toBeInTheDocument();
    await expect(canvas.getByText(/we have changed how we schedule/)).toBeInTheDocument();
  },
};

/** A rating without words. */
export const RatingOnly: Story = { args: { text: '', rating: 4 } };

export const Dark: Story = {
  args: WithReply.args,
  globals: { theme: 'dark' },
};
