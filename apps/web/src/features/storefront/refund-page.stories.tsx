import type { Meta, StoryObj } from '@storybook/react-vite';
import { CANCELLATION_BANDS, NO_SHOW_TEXT } from '@vetted/contract';
import { expect, within } from 'storybook/test';
import { RefundPage } from './content-pages';

/**
 * `/refund`: its bands are rendered from the policy module the API applies
 * (`@vetted/contract` cancellation.ts), so the published text and the refunds agree.
 */
const meta = {
  title: 'Screens/Public/Refund policy',
  component: RefundPage,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof RefundPage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Populated: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const band of CANCELLATION_BANDS.filter((b) => b.published)) {
      await expect(canvas.getByRole('heading', { name: band.title })).toBeVisible();
      await expect(canvas.getByText(band.summary)).toBeVisible();
    }
    await expect(
      canvas.getByRole('heading', { name: 'Within 24 hours of the start' }),
    ).toBeVisible();
    // The no-show rule, from the same module's NO_SHOW_POLICY.
    await expect(canvas.getByRole('heading', { name: NO_SHOW_TEXT.title })).toBeVisible();
    for (const section of NO_SHOW_TEXT.sections) {
      await expect(canvas.getByText(section.summary)).toBeVisible();
    }
    await expect(canvas.getByText(/charged 50 % of the service price/)).toBeVisible();
  },
};
