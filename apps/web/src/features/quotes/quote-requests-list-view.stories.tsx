import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@vetted/ui';
import { expect, fn, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { openRequest, QUOTE_NOW, quoteRequestList } from './quote-fixtures';
import { QuoteRequestsListView } from './quote-requests-list-view';

/*
 * `/user/quotes`: the customer's requests in each status, loading, none yet, and a failed load.
 * Views take props; no network.
 */

const meta = {
  title: 'Screens/User/Quotes',
  component: QuoteRequestsListView,
  args: {
    now: QUOTE_NOW,
    hrefFor: (r) => `/user/quotes/${r.id}`,
    onRetry: fn(),
    emptyAction: <Button>Get quotes</Button>,
  },
} satisfies Meta<typeof QuoteRequestsListView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveAttribute('aria-busy', 'true');
  },
};

/** None yet: what quotes are, and "Get quotes". */
export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No quote requests yet')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Get quotes' })).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(loadError.message)).toBeVisible();
    await canvas.getByRole('button', { name: /try again/i }).click();
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

/** Each request: category and status, preview, how many quotes from what price, when it closes. */
export const List: Story = {
  args: { data: quoteRequestList },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = canvas.getAllByRole('link')[1]!;
    await expect(row).toHaveAttribute('href', `/user/quotes/${openRequest.id}`);
    // The lowest quote comes from the API ($130.00); the request closes 5 days 21 h after "now".
    await expect(
      within(row).getByText('3 quotes · from $130.00 · Closes in 5 days 21 h'),
    ).toBeVisible();
    await expect(canvas.getByText(/No quotes yet · sent to 4 pros/)).toBeVisible();
    await expect(canvas.getByText('Booked')).toBeVisible();
    await expect(canvas.getByText('Cancelled')).toBeVisible();
  },
};
