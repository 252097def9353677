import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError, NOW } from '../../fixtures';
import { moreProReviews, newPro, proNotFoundError, publicPro } from '../../fixtures/public-pages';
import { bookHrefFor, ProPageView } from './pro-page-view';

const meta = {
  title: 'Screens/Public/Pro page',
  component: ProPageView,
  args: {
    pro: publicPro,
    bookHref: (s) => bookHrefFor(null, s),
    distanceUnit: 'mile',
    onLoadMoreReviews: fn(),
    onRetry: fn(),
    now: NOW,
  },
} satisfies Meta<typeof ProPageView>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A vetted Boston plumber as a signed-out visitor sees them: photo, what was checked, rating
 * with its breakdown, services with prices and Book links to sign in first, photos, first page
 * of reviews with "Show more reviews".
 */
export const Loaded: Story = {
  args: { hasMoreReviews: true },
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Demo Plumbing Co.' }),
    ).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Demo Plumbing Co.' })).toBeVisible();
    await expect(
      canvas.getByText('Leaks, boilers and bathrooms, fixed the same week'),
    ).toBeVisible();
    await expect(canvas.getByText('Vetted: identity, insurance, licence checked')).toBeVisible();
    await expect(canvas.getByText(/approved March 12, 2025/)).toBeVisible();
    // 40 km is 24.85 miles.
    await expect(canvas.getByText('Serves within 25 mi of Boston, US')).toBeVisible();
    await expect(canvas.getByText('Member since 2023')).toBeVisible();

    const breakdown = canvas.getByRole('list', { name: 'Rating breakdown' });
    const bars = within(breakdown).getAllByRole('listitem');
    await expect(bars.map((b) => b.textContent)).toEqual([
      '5 stars: 5 reviews',
      '4 stars: 1 review',
      '3 stars: 2 reviews',
      '2 stars: 1 review',
      '1 star: 0 reviews',
    ]);

    // Book signs a visitor in first, then lands on the service page.
    await expect(canvas.getByRole('link', { name: 'Book Leak repair' })).toHaveAttribute(
      'href',
      '/auth/login?redirect=%2Fuser%2Fservices%2Fvendor%2F00000000-0000-4000-8000-000000000a01%2Fservice%3FserviceId%3D00000000-0000-4000-8000-000000000a10',
    );
    await expect(canvas.getByText('$85.00')).toBeVisible();
    await expect(canvas.getByText('$120.00')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Photos' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Plumbing' })).toHaveAttribute(
      'href',
      '/services/plumbing',
    );

    const list = canvas.getByRole('list', { name: 'Reviews, newest first' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await userEvent.click(canvas.getByRole('button', { name: /Show more reviews/ }));
    await expect(args.onLoadMoreReviews).toHaveBeenCalledOnce();
  },
};

/** A signed-in customer: Book goes straight to the service page. */
export const SignedInCustomer: Story = {
  args: { bookHref: (s) => bookHrefFor('customer', s) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Book Boiler service' })).toHaveAttribute(
      'href',
      '/user/services/vendor/00000000-0000-4000-8000-000000000a01/service?serviceId=00000000-0000-4000-8000-000000000a11',
    );
  },
};

/** The second page loaded: nine reviews, nothing more to load. */
export const AllReviewsLoaded: Story = {
  args: { moreReviews: moreProReviews, hasMoreReviews: false },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Reviews, newest first' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(9);
    await expect(canvas.queryByRole('button', { name: /Show more reviews/ })).toBeNull();
  },
};

/** The next page is on its way. */
export const LoadingMoreReviews: Story = {
  args: { hasMoreReviews: true, isLoadingMoreReviews: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: /Show more reviews/ })).toBeVisible();
  },
};

/**
 * New on Vetted: no photo (initials), no reviews, approved before checks were recorded, in
 * kilometres for a viewer outside the US and UK.
 */
export const WithoutReviews: Story = {
  args: { pro: newPro, distanceUnit: 'kilometer' },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'KeyMaster Seattle' }),
    ).toBeVisible();
    await expect(canvas.getByText('KS')).toBeVisible();
    await expect(canvas.getByText('Vetted pro')).toBeVisible();
    await expect(canvas.queryByText(/approved/)).toBeNull();
    await expect(canvas.getByText('Serves within 25 km of Seattle, US')).toBeVisible();
    await expect(canvas.getByText('No reviews yet')).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Rating breakdown' })).toBeNull();
    await expect(canvas.getAllByRole('link', { name: /^Book / })).toHaveLength(4);
  },
};

/** A signed-in pro or admin sees no Book links. */
export const WithoutBooking: Story = {
  args: { bookHref: () => null },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: /^Book / })).toBeNull();
  },
};

export const Loading: Story = {
  args: { pro: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading pro' })).toBeVisible();
  },
};

/** The API's 404 (not approved, suspended, or no such slug): a way on, not "Try again". */
export const NotListed: Story = {
  args: { pro: undefined, error: proNotFoundError },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent("This pro isn't listed");
    await expect(canvas.getByRole('link', { name: 'Find a pro' })).toHaveAttribute(
      'href',
      '/search',
    );
    await expect(canvas.getByRole('link', { name: 'Browse services' })).toHaveAttribute(
      'href',
      '/services',
    );
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** Any other failure offers to try again. */
export const LoadError: Story = {
  args: { pro: undefined, error: loadError },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
