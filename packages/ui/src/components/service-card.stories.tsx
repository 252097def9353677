import type { Meta, StoryObj } from '@storybook/react-vite';
import { placeholderImage } from '../stories/fixtures';
import { Button } from './button';
import { ServiceCard } from './service-card';

const meta = {
  title: 'Marketplace/ServiceCard',
  component: ServiceCard,
  args: {
    title: 'Boiler service',
    description: 'Annual check, cleaning and safety certificate for gas boilers.',
    price: { amount: 9500, currency: 'EUR' },
    durationMinutes: 90,
    href: '/services/boiler-service',
  },
  decorators: [(Story) => <div className="max-w-xs">{Story()}</div>],
} satisfies Meta<typeof ServiceCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};
export const WithImage: Story = { args: { imageUrl: placeholderImage('Boiler', 3) } };
export const ImageMissing: Story = { args: { imageUrl: null } };
export const ShortService: Story = {
  args: { durationMinutes: 30, price: { amount: 2500, currency: 'GBP' } },
};
export const WithBookButton: Story = {
  args: {
    href: undefined,
    footer: (
      <Button size="sm" className="w-full">
        Book
      </Button>
    ),
  },
};
export const Dark: Story = { globals: { theme: 'dark' } };
