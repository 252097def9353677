import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  listingCategories,
  myServices,
  newProProfile,
  ownProfile,
} from '../../fixtures/vendor-listings';
import { VendorCategoryView } from './category-view';
import { at375px, errorStory, loadingStory } from './story-states';

/*
 * `/vendor/category`: the pro's main category (changeable), the categories of their
 * services with whether customers find them there, and links to add a service in any category.
 */

const meta = {
  title: 'Screens/Vendor/Categories',
  component: VendorCategoryView,
  args: {
    profile: ownProfile,
    services: myServices,
    categories: listingCategories,
    onRetry: fn(),
    onChangeMain: fn(async () => undefined),
    servicesHref: (slug: string) => `/vendor/services?category=${slug}`,
    newServiceHref: (slug: string) => `/vendor/services/service?id=new&category=${slug}`,
  },
} satisfies Meta<typeof VendorCategoryView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = loadingStory('Loading your categories', { profile: undefined });

export const ErrorState: Story = errorStory('Error loading service category', {
  profile: undefined,
});

/** A new pro (draft): only the main category, no services, not shown until approved. */
export const NewPro: Story = {
  name: 'New pro (empty)',
  args: { profile: newProProfile, services: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Main category: Plumbing' })).toBeVisible();
    await expect(
      canvas.getByText(/Customers see your categories once your profile is approved/),
    ).toBeVisible();
    const mine = within(canvas.getByRole('region', { name: 'Your categories' }));
    await expect(mine.getByText('No services yet')).toBeVisible();
    await expect(mine.getByRole('link', { name: 'Add a service in Plumbing' })).toHaveAttribute(
      'href',
      '/vendor/services/service?id=new&category=plumbing',
    );
    await expect(mine.queryByRole('link', { name: /Your services in/ })).toBeNull();
  },
};

/** Approved, Locksmith main with three services, Handyman through one active service. */
export const Filled: Story = {
  play: async ({ canvas }) => {
    const mine = within(canvas.getByRole('region', { name: 'Your categories' }));
    await expect(mine.getAllByRole('listitem')).toHaveLength(2);
    // The archived service does not count.
    await expect(mine.getByText('2 services, 1 active')).toBeVisible();
    await expect(mine.getByText('1 service, active')).toBeVisible();
    await expect(mine.getAllByText('Customers find you here.')).toHaveLength(2);
    await expect(mine.getByRole('link', { name: 'Your services in Handyman' })).toHaveAttribute(
      'href',
      '/vendor/services?category=handyman',
    );
    const others = within(canvas.getByRole('region', { name: 'Offer something else?' }));
    await expect(others.getByRole('link', { name: 'Add a service in Gardening' })).toBeVisible();
  },
};

/** Changing the main category: only the choice is sent; the page keeps the rest as it is. */
export const ChangeMain: Story = {
  name: 'Change the main category',
  play: async ({ canvas, canvasElement, args }) => {
    const save = canvas.getByRole('button', { name: 'Save main category' });
    await expect(save).toBeDisabled();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Change your main category' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('option', { name: 'Handyman' }));
    await userEvent.click(save);
    await waitFor(() => expect(args.onChangeMain).toHaveBeenCalledWith('handyman'));
    await expect(await canvas.findByText('Handyman is now your main category.')).toBeVisible();
  },
};

export const ChangeMainFails: Story = {
  name: 'Change the main category: refused',
  args: {
    onChangeMain: fn(async () =>
      Promise.reject(
        new ApiError('Your profile is under review: it can be changed after the decision', {
          code: 409,
          status: 409,
          errorCode: 'under_review',
          request: { method: 'PUT', url: '/v1/vendor/profile' },
        }),
      ),
    ),
  },
  play: async ({ canvas, canvasElement }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Change your main category' }));
    const body = within(canvasElement.ownerDocument.body);
    await userEvent.click(await body.findByRole('option', { name: 'Cleaning' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save main category' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Your profile is under review',
    );
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Mobile: Story = {
  name: 'Filled at 375 px',
  ...at375px,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Save main category' })).toBeVisible();
  },
};
