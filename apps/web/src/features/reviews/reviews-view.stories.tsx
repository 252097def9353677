import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError, NOW } from '../../fixtures';
import { breakdown, emptyBreakdown, reviews } from '../../fixtures/reviews';
import { ReviewReplyForm } from './review-reply-form';
import { ReviewsView } from './reviews-view';

const meta = {
  title: 'Screens/Shared/Reviews',
  component: ReviewsView,
  args: {
    perspective: 'public',
    businessName: 'KeyMaster Seattle',
    onRetry: fn(),
    onLoadMore: fn(),
    now: NOW,
  },
} satisfies Meta<typeof ReviewsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading reviews' })).toBeInTheDocument();
  },
};

/** A pro without reviews: "New" is what the header says; here, an invitation. */
export const Empty: Story = {
  args: { breakdown: emptyBreakdown, reviews: [], total: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No reviews yet')).toBeInTheDocument();
    await expect(canvas.getByText(/be the first to say how it went/)).toBeInTheDocument();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(loadError.message);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Breakdown bars, reviews newest first (one answered by the pro) and "Show more". */
export const WithReviews: Story = {
  name: 'With reviews and a reply',
  args: { breakdown, reviews, total: 12, hasMore: true },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Reviews (12)' })).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'Rated 4.3 out of 5' })).toBeInTheDocument();
    const list = canvas.getByRole('list', { name: 'Reviews, newest first' });
    await expect(within(list).getAllByRole('article')).toHaveLength(4);
    await expect(canvas.getAllByText('Reply from KeyMaster Seattle')).toHaveLength(2);
    await expect(canvas.getByText('Showing 4 of 12 reviews')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: /Show more reviews/ }));
    await expect(args.onLoadMore).toHaveBeenCalled();
  },
};

/** The next page on its way. */
export const LoadingMore: Story = {
  args: { breakdown, reviews, total: 12, hasMore: true, isLoadingMore: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Show more reviews/ })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** Every review loaded: no "Show more". */
export const AllLoaded: Story = {
  args: { breakdown: { ...breakdown, count: 4 }, reviews, total: 4 },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button', { name: /Show more/ })).not.toBeInTheDocument();
  },
};

/** The pro's own page: a Reply button under each review without a reply. */
export const VendorReplyIdle: Story = {
  name: 'Vendor: reply form idle',
  args: {
    perspective: 'vendor',
    breakdown,
    reviews,
    total: 4,
    highlightId: reviews[0]!.id,
  },
  render: (args) => {
    const onReply = fn(async () => undefined);
    return (
      <ReviewsView
        {...args}
        renderFooter={(review) =>
          review.reply ? null : (
            <ReviewReplyForm authorName={review.author.name} onSubmit={onReply} />
          )
        }
      />
    );
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Your reviews (4)' })).toBeInTheDocument();
    // Two reviews have no reply yet.
    await expect(canvas.getAllByRole('button', { name: 'Reply' })).toHaveLength(2);
    await userEvent.click(canvas.getAllByRole('button', { name: 'Reply' })[0]!);
    const field = canvas.getByRole('textbox', { name: /Reply to Casey C\./ });
    await expect(field).toHaveFocus();
    await userEvent.type(field, 'Thank you!');
    await expect(canvas.getByText('10 / 2,000')).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(canvas.getAllByRole('button', { name: 'Reply' })).toHaveLength(2);
  },
};

/** Posting a reply: the button is busy until the API answers. */
export const VendorReplySubmitting: Story = {
  name: 'Vendor: reply submitting',
  args: { perspective: 'vendor', breakdown, reviews: [reviews[0]!], total: 1 },
  render: (args) => (
    <ReviewsView
      {...args}
      renderFooter={(review) => (
        <ReviewReplyForm
          authorName={review.author.name}
          defaultOpen
          defaultText="Thank you, Casey!"
          onSubmit={() => new Promise(() => {})}
        />
      )}
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Post reply' }));
    await expect(canvas.getByRole('button', { name: 'Post reply' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** A second reply (another tab got there first): the API's 409 message. */
export const VendorReplyError: Story = {
  name: 'Vendor: reply error',
  args: { perspective: 'vendor', breakdown, reviews: [reviews[0]!], total: 1 },
  render: (args) => (
    <ReviewsView
      {...args}
      renderFooter={(review) => (
        <ReviewReplyForm
          authorName={review.author.name}
          defaultOpen
          defaultText="Thanks again!"
          onSubmit={async () => {
            throw new ApiError('You already replied to this review. Each review gets one reply', {
              code: 409,
              status: 409,
              errorCode: 'already_replied',
              request: { method: 'POST', url: '/v1/reviews/x/reply' },
            });
          }}
        />
      )}
    />
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Post reply' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'You already replied to this review',
    );
  },
};

/** An empty reply is refused before sending. */
export const VendorReplyEmpty: Story = {
  name: 'Vendor: empty reply refused',
  args: { perspective: 'vendor', breakdown, reviews: [reviews[0]!], total: 1 },
  render: (args) => (
    <ReviewsView
      {...args}
      renderFooter={(review) => (
        <ReviewReplyForm authorName={review.author.name} defaultOpen onSubmit={fn()} />
      )}
    />
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Post reply' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Write a reply');
  },
};

export const VendorEmpty: Story = {
  name: 'Vendor: no reviews yet',
  args: { perspective: 'vendor', breakdown: emptyBreakdown, reviews: [], total: 0 },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/You can reply once to each review/)).toBeInTheDocument();
  },
};
