import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { placeholderImage } from '../stories/fixtures';
import { VendorCard } from './vendor-card';

const meta = {
  title: 'Marketplace/VendorCard',
  component: VendorCard,
  args: {
    name: 'Byrne Plumbing & Heating',
    category: 'Plumbing',
    city: 'Dublin 4',
    ratingAverage: 4.8,
    ratingCount: 212,
    distanceKm: 2.4,
    startingPrice: { amount: 6500, currency: 'EUR' },
    imageUrl: placeholderImage('Byrne', 0),
    href: '/vendors/byrne-plumbing',
  },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
} satisfies Meta<typeof VendorCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('link', { name: 'Byrne Plumbing & Heating' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('img', { name: 'Rated 4.8 out of 5' })).toBeInTheDocument();
  },
};
export const NoImage: Story = { args: { imageUrl: null } };
export const NearbyMetres: Story = { args: { distanceKm: 0.35 } };
/** A US or UK customer reads distances in miles (2.4 km ≈ 1.5 mi). */
export const InMiles: Story = {
  args: { distanceKm: 2.4, distanceUnit: 'mile', city: 'Boston' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Boston · 1.5 mi')).toBeInTheDocument();
  },
};
export const NoDistanceOrPrice: Story = { args: { distanceKm: null, startingPrice: undefined } };
/** A pro whose measured response time is shown under the rating. */
export const RepliesQuickly: Story = {
  args: { responseLabel: 'Usually replies within an hour' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Usually replies within an hour')).toBeInTheDocument();
  },
};
export const NewVendor: Story = { args: { ratingAverage: 0, ratingCount: 0 } };
export const LongName: Story = {
  args: { name: 'The Very Long Named Emergency Plumbing, Heating and Gas Services Company Ltd' },
};
export const Dark: Story = { globals: { theme: 'dark' } };
