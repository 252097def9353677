import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import {
  bostonPlumbingPage,
  emptyPlacePage,
  plumbingPage,
  servicePageNotFoundError,
} from '../../fixtures/public-pages';
import { ServicePageView } from './service-page-view';

const meta = {
  title: 'Screens/Public/Landing page',
  component: ServicePageView,
  args: { page: bostonPlumbingPage, distanceUnit: 'mile', onRetry: fn() },
} satisfies Meta<typeof ServicePageView>;
export default meta;
type Story = StoryObj<typeof meta>;

/**
 * "Plumbing pros in Boston, MA": the best-rated pros serving Boston (rating, starting price,
 * distance in miles) leading to their public pages, nearby places and related categories.
 */
export const WithPlace: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Plumbing pros in Boston, MA' }),
    ).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 2, name: '5 vetted pros serve Boston, MA' }),
    ).toBeVisible();
    await expect(canvas.getByText('Best rated first, with their starting prices.')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Demo Plumbing Co.' })).toHaveAttribute(
      'href',
      '/pros/demo-plumbing-co-b00',
    );
    // 0.8 km is 0.5 mi.
    await expect(canvas.getByText('Boston · 0.5 mi')).toBeVisible();
    await expect(canvas.getByText('$75.00')).toBeVisible();

    const nearby = canvas.getByRole('region', { name: 'Plumbing pros nearby' });
    await expect(within(nearby).getByRole('link', { name: /Cambridge, MA/ })).toHaveAttribute(
      'href',
      '/services/plumbing/cambridge-ma-us',
    );
    await expect(within(nearby).getByRole('link', { name: /Quincy, MA/ })).toHaveTextContent(
      'Quincy, MA1 pro',
    );
    const related = canvas.getByRole('region', { name: 'More pros in Boston, MA' });
    await expect(within(related).getByRole('link', { name: /Heating & Cooling/ })).toHaveAttribute(
      'href',
      '/services/heating-cooling/boston-ma-us',
    );

    const crumbs = canvas.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(within(crumbs).getByRole('link', { name: 'Plumbing' })).toHaveAttribute(
      'href',
      '/services/plumbing',
    );
  },
};

/** "Plumbing pros": the category-wide page (best rated anywhere) lists the places that have plumbers. */
export const WithoutPlace: Story = {
  args: { page: plumbingPage },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Plumbing pros' })).toBeVisible();
    await expect(
      canvas.getByRole('heading', { level: 2, name: '21 vetted Plumbing pros' }),
    ).toBeVisible();
    // Five shown of 21.
    await expect(canvas.getByText('The 5 best rated, with their starting prices.')).toBeVisible();
    // Without a place there is no distance to show.
    await expect(canvas.queryByText(/ mi$/)).toBeNull();
    const places = canvas.getByRole('region', { name: 'Plumbing pros by city' });
    await expect(
      within(places).getByRole('link', { name: /London, United Kingdom/ }),
    ).toHaveAttribute('href', '/services/plumbing/london-gb');
    const related = canvas.getByRole('region', { name: 'Related services' });
    await expect(within(related).getByRole('link', { name: /Handyman/ })).toHaveAttribute(
      'href',
      '/services/handyman',
    );
  },
};

/** Nobody serves Worcester yet: the page says so and points to Boston nearby. */
export const Empty: Story = {
  args: { page: emptyPlacePage },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Hair Styling pros in Worcester, MA' }),
    ).toBeVisible();
    await expect(
      canvas.getByText('No vetted Hair Styling pros serve Worcester, MA yet'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: /Boston, MA/ })).toHaveAttribute(
      'href',
      '/services/hair-styling/boston-ma-us',
    );
    await expect(canvas.getByRole('link', { name: 'Find a pro' })).toHaveAttribute(
      'href',
      '/search',
    );
  },
};

export const Loading: Story = {
  args: { page: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading pros' })).toBeVisible();
  },
};

/** An unknown category or place (404): "No such page" with ways on. */
export const NotFound: Story = {
  args: { page: undefined, error: servicePageNotFoundError },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('No such page');
    await expect(canvas.getByRole('link', { name: 'Browse services' })).toHaveAttribute(
      'href',
      '/services',
    );
    await expect(canvas.queryByRole('button', { name: 'Try again' })).toBeNull();
  },
};

/** Any other failure offers to try again. */
export const LoadError: Story = {
  args: { page: undefined, error: loadError },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
