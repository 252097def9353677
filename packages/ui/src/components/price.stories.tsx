import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { formatMoney, Price } from './price';

const meta = {
  title: 'Components/Price',
  component: Price,
  args: { amount: 8500, currency: 'EUR', locale: 'en-IE' },
} satisfies Meta<typeof Price>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Euro: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('€85.00')).toBeInTheDocument();
    await expect(formatMoney(12345, 'EUR', 'en-IE')).toBe('€123.45');
    await expect(formatMoney(1500, 'JPY', 'en-US')).toBe('¥1,500');
  },
};
export const PoundSterling: Story = { args: { amount: 4999, currency: 'GBP', locale: 'en-GB' } };
export const GermanLocale: Story = { args: { amount: 123456, currency: 'EUR', locale: 'de-DE' } };
export const Yen: Story = { args: { amount: 1500, currency: 'JPY', locale: 'ja-JP' } };
export const WithPrefix: Story = { args: { prefix: 'From' } };
export const Large: Story = { args: { className: 'text-3xl' } };
