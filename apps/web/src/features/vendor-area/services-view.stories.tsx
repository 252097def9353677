import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { myServices } from '../../fixtures/vendor-listings';
import { VendorServicesView } from './services-view';

/*
 * `/vendor/services`: the pro's services with their state, category, price, duration
 * and upcoming orders; archived ones apart; "New service"; the empty state of a new pro.
 */

const meta = {
  title: 'Screens/Vendor/Services',
  component: VendorServicesView,
  args: {
    onRetry: fn(),
    newServiceHref: '/vendor/services/service?id=new',
    serviceHref: (id: string) => `/vendor/services/service?id=${id}`,
    allServicesHref: '/vendor/services',
  },
} satisfies Meta<typeof VendorServicesView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading your services' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: /New service/ })).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error fetching vendor services');
    await expect(canvas.getByText(loadError.message)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

/** A new pro: nothing listed yet, and the way to start. */
export const Empty: Story = {
  args: { services: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No services yet')).toBeVisible();
    await expect(
      canvas.getByText(/Customers can book your active services once your profile is approved/),
    ).toBeVisible();
    // One "New service" in the header, one in the empty state.
    await expect(canvas.getAllByRole('link', { name: /New service/ })).toHaveLength(2);
  },
};

export const Filled: Story = {
  args: { services: myServices },
  play: async ({ canvas }) => {
    const current = within(canvas.getByRole('list', { name: 'Your services' }));
    await expect(current.getAllByRole('listitem')).toHaveLength(3);
    await expect(current.getByRole('link', { name: 'Security survey' })).toHaveAttribute(
      'href',
      `/vendor/services/service?id=${myServices[0]!.id}`,
    );
    await expect(current.getAllByText('Active')).toHaveLength(2);
    await expect(current.getByText('Inactive')).toBeVisible();
    await expect(current.getByText('2 upcoming orders')).toBeVisible();
    await expect(current.getByText('$60.00')).toBeVisible();
    await expect(current.getByText('1 h 30 min')).toBeVisible();
    const archived = within(canvas.getByRole('region', { name: 'Archived' }));
    await expect(archived.getByText('Safe opening')).toBeVisible();
    await expect(archived.getByText('Archived', { selector: '[data-slot="badge"]' })).toBeVisible();
  },
};

/** `?category=handyman`: only that category's services, and the way back to all. */
export const OneCategory: Story = {
  name: 'One category',
  args: { services: myServices, category: { slug: 'handyman', name: 'Handyman' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Your services in Handyman.')).toBeVisible();
    await expect(canvas.getAllByRole('article')).toHaveLength(1);
    await expect(canvas.getByRole('link', { name: 'All services' })).toBeVisible();
  },
};

export const EmptyCategory: Story = {
  name: 'One category, empty',
  args: { services: myServices, category: { slug: 'gardening', name: 'Gardening' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No services in Gardening yet')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { services: myServices },
};

export const Mobile: Story = {
  name: 'Filled at 375 px',
  parameters: { testViewport: { width: 375 } },
  args: { services: myServices },
  decorators: [(Story) => <div className="max-w-[375px]">{Story()}</div>],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: /New service/ })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Security survey' })).toBeVisible();
  },
};
