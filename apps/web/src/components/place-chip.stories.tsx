import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { PlaceChip } from './place-chip';

const meta = {
  title: 'Search/PlaceChip',
  component: PlaceChip,
  args: {
    place: { name: 'Home', source: 'saved' },
    changeHref: '/user/location',
    onClear: fn(),
    onLocate: fn(),
  },
  decorators: [(Story) => <div className="max-w-2xl p-4">{Story()}</div>],
} satisfies Meta<typeof PlaceChip>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The customer's default saved place applies to every search: a chip to change or clear. */
export const SavedPlace: Story = {
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Near Home')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Change place' })).toHaveAttribute(
      'href',
      '/user/location',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Search everywhere, not near home' }));
    await expect(args.onClear).toHaveBeenCalledOnce();
  },
};

/** A city named in the query ("hair stylist in Boston") centres the search on it. */
export const CityFromQuery: Story = {
  args: { place: { name: 'Boston', region: 'MA', source: 'query' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('In Boston, MA')).toBeVisible();
  },
};

/** "near me" for a visitor whose browser shared its position. */
export const BrowserPosition: Story = {
  args: { place: { name: 'Your location', source: 'browser' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Near your location')).toBeVisible();
  },
};

/** No place: results from everywhere, without distances; ways to give one. */
export const Everywhere: Story = {
  args: { place: null },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText(/Searching everywhere/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Use my location' }));
    await expect(args.onLocate).toHaveBeenCalledOnce();
    await expect(canvas.getByRole('link', { name: 'Set your place' })).toBeVisible();
  },
};

/** "near me" with no saved place and no position: the search asks where. */
export const PlaceNeeded: Story = {
  args: { place: null, placeNeeded: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Where should we look?')).toBeVisible();
    await expect(canvas.getByText(/“Near me” needs a place/)).toBeVisible();
  },
};

/** Asking the browser for its position. */
export const Locating: Story = { args: { place: null, placeNeeded: true, locating: true } };

export const Dark: Story = { globals: { theme: 'dark' } };
