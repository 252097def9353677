import type { Meta, StoryObj } from '@storybook/react-vite';
import type { VendorSearchPage } from '@vetted/contract';
import { expect, fn, userEvent, within } from 'storybook/test';
import { PlaceChip } from '../../components/place-chip';
import { SearchBoxView } from '../../components/search-box';
import { categories, loadError, page, vendors } from '../../fixtures';
import { FilterPanel } from './filter-panel';
import { SearchView } from './search-view';

/** Pros near Boston, in one currency, as the API answers a customer with a place. */
const nearBoston: VendorSearchPage = {
  ...page(
    vendors.map((v, i) => ({ ...v, city: 'Boston', distanceKm: 0.6 + i * 2.1 })),
    1,
    12,
    18,
  ),
  applied: {
    sort: 'relevance',
    radiusKm: 50,
    currency: 'USD',
    areaDefaults: true,
    ignoredWords: [],
    text: 'plumber',
    place: null,
    placeNeeded: false,
  },
  suggestedCategories: [],
};

const nothingFound: VendorSearchPage = {
  ...page([], 1, 12, 0),
  applied: { ...nearBoston.applied },
  suggestedCategories: [
    { slug: 'plumbing', name: 'Plumbing', vendorCount: 42 },
    { slug: 'electrical', name: 'Electrical', vendorCount: 17 },
    { slug: 'cleaning', name: 'Cleaning', vendorCount: 9 },
  ],
};

const searchBox = (value: string) => (
  <SearchBoxView
    id="story-search"
    label="What do you need help with?"
    value={value}
    onValueChange={() => {}}
    onPick={() => {}}
    onSubmit={() => {}}
  />
);

const meta = {
  title: 'Screens/Public/Search',
  component: SearchView,
  args: {
    filters: { q: 'plumber' },
    categories,
    placeLabel: 'Beacon Hill, Boston',
    today: '2030-05-20',
    searchBox: searchBox('plumber'),
    onFiltersChange: fn(),
    onPageChange: fn(),
    onRetry: fn(),
    hrefFor: (v) => `/user/services/vendor/${v.id}`,
    placeHref: '/user/location',
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SearchView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading pros' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Results for “plumber”' })).toBeVisible();
  },
};

/** The query stays in the box; the area defaults show as chips of their own. */
export const Populated: Story = {
  args: { data: nearBoston },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('combobox', { name: 'What do you need help with?' })).toHaveValue(
      'plumber',
    );
    const chips = canvas.getByRole('list', { name: 'Active filters' });
    await expect(within(chips).getByText('“plumber”')).toBeVisible();
    await expect(within(chips).getByText('Within 50 km (your area)')).toBeVisible();
    await expect(within(chips).getByText('Prices in USD (your area)')).toBeVisible();
    await expect(canvas.getByText('18 pros found')).toBeVisible();
    await expect(canvas.getByText(/600 m/)).toBeVisible();
    // Removing the area's radius searches everywhere, keeping prices in the same currency.
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Within 50 km' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({
      q: 'plumber',
      area: 'off',
      currency: 'USD',
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Remove search words plumber' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({});
  },
};

/**
 * "hair stylist near me" of a Boston customer: centred on their saved place (the
 * chip), Boston stylists first, distances and radius in miles (a US place).
 */
export const NearMeInMiles: Story = {
  args: {
    filters: { q: 'hair stylist near me' },
    placeLabel: 'Home',
    distanceUnit: 'mile',
    searchBox: searchBox('hair stylist near me'),
    placeChip: (
      <PlaceChip
        place={{ name: 'Home', source: 'saved' }}
        changeHref="/user/location"
        onClear={() => {}}
      />
    ),
    data: {
      ...nearBoston,
      applied: {
        ...nearBoston.applied,
        text: 'hair stylist',
        place: {
          name: 'Home',
          region: null,
          country: 'US',
          lat: 42.36,
          lng: -71.06,
          source: 'saved',
        },
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Near Home')).toBeVisible();
    const chips = canvas.getByRole('list', { name: 'Active filters' });
    await expect(within(chips).getByText('Within 31 mi (your area)')).toBeVisible();
    // 0.6 km is 0.4 mi: every card says how far, in miles.
    await expect(canvas.getByText(/0\.4 mi/)).toBeVisible();
    await expect(canvas.queryByText(/Boston · [\d.]+ km/)).toBeNull();
  },
};

/** "near me" without a saved place or a position: the chip asks where to look. */
export const NearMeWithoutPlace: Story = {
  args: {
    filters: { q: 'plumber near me' },
    placeLabel: null,
    searchBox: searchBox('plumber near me'),
    placeChip: (
      <PlaceChip place={null} placeNeeded changeHref="/user/location" onLocate={() => {}} />
    ),
    data: {
      ...nearBoston,
      items: nearBoston.items.map((v) => ({ ...v, distanceKm: null })),
      applied: {
        ...nearBoston.applied,
        radiusKm: null,
        currency: null,
        areaDefaults: false,
        text: 'plumber',
        placeNeeded: true,
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Where should we look?')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Use my location' })).toBeVisible();
  },
};

/** Filters the person chose, with "Clear all". */
export const WithFilters: Story = {
  args: {
    filters: {
      q: 'plumber',
      category: 'plumbing',
      minPrice: 5000,
      maxPrice: 15000,
      currency: 'USD',
      minRating: 4,
      date: '2030-06-01',
      sort: 'rating',
    },
    data: { ...nearBoston, applied: { ...nearBoston.applied, sort: 'rating' } },
  },
  play: async ({ canvas, args }) => {
    const chips = canvas.getByRole('list', { name: 'Active filters' });
    await expect(within(chips).getByText('Plumbing')).toBeVisible();
    await expect(within(chips).getByText('$50.00 – $150.00')).toBeVisible();
    await expect(within(chips).getByText('4★ and up')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove rating 4 stars and up' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith(
      expect.not.objectContaining({ minRating: 4 }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Clear all' }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({});
  },
};

/** Words that matched nothing are said to have been left out. */
export const IgnoredWords: Story = {
  args: {
    filters: { q: 'plumber near me' },
    searchBox: searchBox('plumber near me'),
    data: { ...nearBoston, applied: { ...nearBoston.applied, ignoredWords: ['near'] } },
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText('No pro mentions “near”, so we searched without it.'),
    ).toBeVisible();
  },
};

/** Without a place: no distances, the distance order is off, and the page says how to get them. */
export const NoPlace: Story = {
  args: {
    placeLabel: null,
    data: {
      ...nearBoston,
      items: nearBoston.items.map((v) => ({ ...v, distanceKm: null })),
      applied: { ...nearBoston.applied, radiusKm: null, currency: null, areaDefaults: false },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'set your location' })).toHaveAttribute(
      'href',
      '/user/location',
    );
    await expect(canvas.queryByText(/your area/)).toBeNull();
    await expect(canvas.getByText(/Set your location to filter by price/)).toBeVisible();
  },
};

/** Nothing matched: categories with pros in the area are offered. */
export const Empty: Story = {
  args: {
    filters: { q: 'zzyzx' },
    searchBox: searchBox('zzyzx'),
    data: nothingFound,
  },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('No pros match “zzyzx”')).toBeVisible();
    await expect(canvas.getByText('These categories have pros in your area:')).toBeVisible();
    const offered = canvas.getByRole('list', { name: 'Categories with pros' });
    await userEvent.click(within(offered).getByRole('button', { name: /Plumbing/ }));
    await expect(args.onFiltersChange).toHaveBeenLastCalledWith({ category: 'plumbing' });
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Dark: Story = { args: { data: nearBoston }, globals: { theme: 'dark' } };

/** The filter panel alone (the sidebar; on phones the same form opens in a sheet). */
export const Filters: StoryObj<typeof FilterPanel> = {
  render: (args) => (
    <div className="max-w-xs p-6">
      <FilterPanel {...args} />
    </div>
  ),
  args: {
    idPrefix: 'story',
    filters: { q: 'plumber' },
    categories,
    currency: 'USD',
    hasPlace: true,
    today: '2030-05-20',
    onApply: fn(),
  },
  play: async ({ canvas, args }) => {
    const min = canvas.getByRole('textbox', { name: 'Minimum' });
    const max = canvas.getByRole('textbox', { name: 'Maximum' });
    await userEvent.type(min, '200');
    await userEvent.type(max, '150');
    await userEvent.click(canvas.getByRole('button', { name: 'Show results' }));
    await expect(
      await canvas.findByText('The minimum must not be more than the maximum'),
    ).toBeVisible();
    await expect(args.onApply).not.toHaveBeenCalled();
    await userEvent.clear(min);
    await userEvent.type(min, '49.99');
    await userEvent.click(canvas.getByRole('radio', { name: '4★ and up' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Show results' }));
    await expect(args.onApply).toHaveBeenCalledWith(
      expect.objectContaining({
        q: 'plumber',
        minPrice: 4999,
        maxPrice: 15000,
        currency: 'USD',
        minRating: 4,
      }),
    );
  },
};
