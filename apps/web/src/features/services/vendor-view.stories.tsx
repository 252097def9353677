import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@vetted/ui';
import { MessageSquare } from 'lucide-react';
import { expect, fn, waitFor } from 'storybook/test';
import { loadError, NOW, services, vendorDetail } from '../../fixtures';
import { breakdown, emptyBreakdown, reviews } from '../../fixtures/reviews';
import { ReviewsView } from '../reviews';
import { VendorView } from './vendor-view';

const meta = {
  title: 'Screens/User/Vendor',
  component: VendorView,
  args: {
    serviceHref: (s) => `/user/services/vendor/${s.vendorId}/service?serviceId=${s.id}`,
    onRetry: fn(),
    onRetryServices: fn(),
  },
} satisfies Meta<typeof VendorView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const Empty: Story = { args: { vendor: vendorDetail, services: [] } };
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };
export const ServicesError: Story = { args: { vendor: vendorDetail, servicesError: loadError } };
export const Populated: Story = {
  args: {
    vendor: vendorDetail,
    services,
    distanceKm: 3.4,
    // The page passes MessageButton (customers and signed-out visitors only).
    actions: (
      <Button variant="outline">
        <MessageSquare aria-hidden="true" /> Message
      </Button>
    ),
  },
  play: async ({ canvasElement }) => {
    // The cover (an 800 × 600 picture with words in it) is shown whole in the wide banner,
    // at its own aspect ratio: nothing is cropped.
    const cover = canvasElement.querySelector<HTMLImageElement>('img[data-slot="vendor-cover"]')!;
    await waitFor(() => expect(cover.complete && cover.naturalWidth > 0).toBe(true));
    const box = cover.getBoundingClientRect();
    await expect(box.width / box.height).toBeCloseTo(cover.naturalWidth / cover.naturalHeight, 1);
    const banner = cover.parentElement!.getBoundingClientRect();
    await expect(box.height).toBeLessThanOrEqual(banner.height + 0.5);
    await expect(box.width).toBeLessThanOrEqual(banner.width + 0.5);
  },
};

/** A pro whose measured response time the header shows next to the rating. */
export const RepliesQuickly: Story = {
  args: {
    vendor: {
      ...vendorDetail,
      responseTime: {
        medianMinutes: 42,
        within4hBps: 9_500,
        sampleSize: 40,
        label: 'Usually replies within an hour',
      },
    },
    services,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Usually replies within an hour')).toBeInTheDocument();
  },
};

/** The reviews under the services; the header's rating jumps to them. */
export const WithReviews: Story = {
  args: {
    vendor: { ...vendorDetail, ratingAverage: breakdown.average, ratingCount: breakdown.count },
    services,
    reviews: (
      <ReviewsView
        perspective="public"
        businessName={vendorDetail.businessName}
        breakdown={breakdown}
        reviews={reviews}
        total={breakdown.count}
        hasMore
        onLoadMore={fn()}
        now={NOW}
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /Rated 4\.3 out of 5/ })).toHaveAttribute(
      'href',
      '#reviews',
    );
    await expect(canvas.getByRole('heading', { name: 'Reviews (12)' })).toBeInTheDocument();
  },
};

/** A pro without reviews reads "New", never "0.0 (0)". */
export const NewVendor: Story = {
  name: 'New (no reviews)',
  args: {
    vendor: { ...vendorDetail, ratingAverage: 0, ratingCount: 0 },
    services,
    reviews: (
      <ReviewsView
        perspective="public"
        businessName={vendorDetail.businessName}
        breakdown={emptyBreakdown}
        reviews={[]}
        total={0}
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText(/no reviews yet/i).length).toBeGreaterThan(0);
    await expect(canvas.queryByText('0.0')).not.toBeInTheDocument();
  },
};
