import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { NOW } from '../../fixtures';
import { completedOrderDetail, reviewedOrderDetail, reviews } from '../../fixtures/reviews';
import { OrderReviewView } from './order-review-view';

const meta = {
  title: 'Screens/Shared/Order review',
  component: OrderReviewView,
  args: {
    perspective: 'customer',
    businessName: 'KeyMaster Seattle',
    canReview: true,
    review: null,
    reviewableUntil: completedOrderDetail.reviewableUntil,
    onSubmit: fn(async () => undefined),
    now: NOW,
  },
} satisfies Meta<typeof OrderReviewView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A completed order the customer may review: stars, optional text with its counter, Post. */
export const FormIdle: Story = {
  name: 'Review form: idle',
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'How was KeyMaster Seattle?' })).toBeVisible();
    await expect(canvas.getByRole('radiogroup', { name: 'Your rating' })).toBeInTheDocument();
    await expect(canvas.getByText('0 / 2,000')).toBeInTheDocument();
    await userEvent.type(canvas.getByRole('textbox'), 'Quick and tidy');
    await expect(canvas.getByText('14 / 2,000')).toBeInTheDocument();
    await expect(canvas.getByText(/You can review this job until/)).toBeInTheDocument();
  },
};

/** Posting without stars: the rating's error, announced, and nothing sent. */
export const FormMissingRating: Story = {
  name: 'Review form: no rating chosen',
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Post review' }));
    const group = canvas.getByRole('radiogroup', { name: 'Your rating' });
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Choose a rating from 1 to 5 stars',
    );
    await expect(group).toHaveAttribute('aria-invalid', 'true');
    await expect(group).toHaveAccessibleDescription('Choose a rating from 1 to 5 stars');
    // Focus goes to the stars, where the person can pick one with the arrow keys.
    await waitFor(() =>
      expect(canvas.getByRole('radio', { name: '1 star, Terrible' })).toHaveFocus(),
    );
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** While the review is being sent. */
export const FormSubmitting: Story = {
  name: 'Review form: submitting',
  args: { onSubmit: fn(() => new Promise<undefined>(() => {})) },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('radio', { name: '5 stars, Excellent' }));
    await userEvent.type(canvas.getByRole('textbox'), 'Great work');
    await userEvent.click(canvas.getByRole('button', { name: 'Post review' }));
    await expect(canvas.getByRole('button', { name: 'Post review' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(args.onSubmit).toHaveBeenCalledWith({ rating: 5, text: 'Great work' });
    for (const radio of canvas.getAllByRole('radio')) await expect(radio).toBeDisabled();
  },
};

/** The API refused (e.g. the 30-day window closed meanwhile): its message above the button. */
export const FormError: Story = {
  name: 'Review form: error',
  args: {
    onSubmit: fn(async () => {
      throw new ApiError(
        'Reviews close 30 days after the job is completed, so this booking can no longer be reviewed',
        {
          code: 409,
          status: 409,
          errorCode: 'review_window_closed',
          request: { method: 'POST', url: '/v1/orders/x/review' },
        },
      );
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: '3 stars, Okay' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Post review' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Reviews close 30 days after the job is completed',
    );
  },
};

/** Just posted: thanks (announced) and the review as others see it. */
export const Submitted: Story = {
  name: 'Review form: submitted',
  args: { review: reviews[0], canReview: false, justSubmitted: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Your review' })).toBeInTheDocument();
    await expect(canvas.getByRole('status')).toHaveTextContent(
      "Thanks! Your review is now on KeyMaster Seattle's page.",
    );
    await expect(canvas.queryByRole('button', { name: 'Post review' })).not.toBeInTheDocument();
  },
};

/** Reviewed earlier, and the pro replied. */
export const CustomerWithReply: Story = {
  name: 'Customer: reviewed, with reply',
  args: { review: reviewedOrderDetail.review, canReview: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Reply from KeyMaster Seattle')).toBeInTheDocument();
  },
};

/** The pro's view of the order: the customer's review and the way to answer it. */
export const VendorNoReply: Story = {
  name: 'Vendor: customer reviewed, not answered',
  args: {
    perspective: 'vendor',
    review: reviews[0],
    canReview: false,
    replyHref: `/vendor/reviews?review=${reviews[0]!.id}`,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: "Customer's review" })).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Reply on your reviews page' })).toHaveAttribute(
      'href',
      `/vendor/reviews?review=${reviews[0]!.id}`,
    );
  },
};

/** Nothing to show: not reviewable (e.g. past the 30 days) and never reviewed. */
export const NotReviewable: Story = {
  name: 'Not reviewable: renders nothing',
  args: { canReview: false },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('#review')).toBeNull();
  },
};
