import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { settled } from '../../fixtures/settled';
import {
  earnings,
  earningsTwoCurrencies,
  emptyEarnings,
  noPayouts,
  owedEarnings,
  payouts,
} from '../../fixtures/vendor-area';
import { EarningsView } from './earnings-view';
import { at375px, errorStory, loadingStory } from './story-states';

/*
 * `/vendor/earnings`: the ledger's figures per currency with "Pay out", payouts, the
 * entries behind the figures page by page, and "Download CSV".
 */

const meta = {
  title: 'Screens/Vendor/Earnings',
  component: EarningsView,
  args: {
    onRetry: fn(),
    onRetryPayouts: fn(),
    onPageChange: fn(),
    onPayOut: fn(async () => undefined),
    onDownload: fn(async () => undefined),
    payoutTo: '•••• 6789',
  },
} satisfies Meta<typeof EarningsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = loadingStory('Loading earnings');

export const ErrorState: Story = errorStory('Error loading data');

/** A new pro: nothing earned yet, and what will show here. */
export const Empty: Story = {
  args: { data: emptyEarnings, payouts: noPayouts },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No earnings yet')).toBeVisible();
    await expect(canvas.getByText(/available to pay out 7 days after you complete/)).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /Pay out/ })).toBeNull();
  },
};

export const Filled: Story = {
  args: { data: earnings, payouts },
  play: async ({ canvas }) => {
    const usd = within(canvas.getByRole('region', { name: /\(USD\)/ }));
    await expect(usd.getByText('$184.50')).toBeVisible();
    await expect(usd.getByText('$130.50')).toBeVisible();
    await expect(usd.getByText(/^Part of pending, available on /)).toBeVisible();
    await expect(usd.getByText('$118.50')).toBeVisible();
    await expect(usd.getByText('$420.00')).toBeVisible();

    const table = within(canvas.getByRole('table', { name: /Earnings entries/ }));
    await expect(table.getAllByRole('row')).toHaveLength(1 + earnings.entries.length);
    await expect(table.getByRole('link', { name: 'VT-7K2P90' })).toHaveAttribute(
      'href',
      '/vendor/history/order?id=00000000-0000-4000-8000-000000000400',
    );
    await expect(table.getByText('-$420.00')).toBeVisible();

    const list = within(canvas.getByRole('list', { name: 'Payouts' }));
    await expect(list.getByText('Failed')).toBeVisible();
    await expect(list.getByText(/The bank refused the transfer/)).toBeVisible();
  },
};

/** "Pay out" shows the amount and asks first. */
export const PayOut: Story = {
  name: 'Pay out asks first',
  args: { data: earnings, payouts },
  play: async ({ canvas, canvasElement, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Pay out' }));
    const dialog = await settled(
      await within(canvasElement.ownerDocument.body).findByRole('alertdialog', {
        name: 'Pay out $118.50?',
      }),
    );
    await expect(
      within(dialog).getByText('Everything available in USD is sent to •••• 6789.'),
    ).toBeVisible();
    await expect(args.onPayOut).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Pay out $118.50' }));
    await waitFor(() => expect(args.onPayOut).toHaveBeenCalledWith('USD'));
  },
};

/** No verified payout account: "Pay out" is disabled and says what to do first. */
export const NoPayoutAccount: Story = {
  name: 'Pay out without a payout account',
  args: { data: earnings, payouts, payoutTo: null },
  play: async ({ canvas }) => {
    const usd = within(canvas.getByRole('region', { name: /\(USD\)/ }));
    const button = usd.getByRole('button', { name: 'Pay out' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Add where your payouts go first');
    await expect(
      usd.getByRole('link', { name: 'Add where your payouts go first' }),
    ).toHaveAttribute('href', '#payout-account');
  },
};

/** Nothing available in euros yet: that currency's "Pay out" is disabled; entries have pages. */
export const TwoCurrencies: Story = {
  name: 'Two currencies, paged entries',
  args: { data: earningsTwoCurrencies, payouts },
  play: async ({ canvas, args }) => {
    const eur = within(canvas.getByRole('region', { name: /\(EUR\)/ }));
    await expect(eur.getByRole('button', { name: 'Pay out' })).toBeDisabled();
    const usd = within(canvas.getByRole('region', { name: /\(USD\)/ }));
    await expect(usd.getByRole('button', { name: 'Pay out' })).toBeEnabled();
    await userEvent.click(
      within(canvas.getByRole('navigation', { name: 'Pagination' })).getByRole('button', {
        name: 'Page 2',
      }),
    );
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
  },
};

export const DownloadError: Story = {
  name: 'Download CSV fails',
  args: {
    data: earnings,
    payouts,
    onDownload: fn(async () => {
      throw new ApiError('Connection timeout. Please try again later.', {
        code: 'TIMEOUT',
        request: { method: 'GET', url: '/v1/vendor/earnings/export' },
      });
    }),
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Download CSV' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Connection timeout. Please try again later.',
    );
    await expect(args.onDownload).toHaveBeenCalledTimes(1);
  },
};

export const PayoutsError: Story = {
  name: 'Payouts fail to load',
  args: { data: earnings, payoutsError: loadError },
  play: async ({ canvas, args }) => {
    const section = within(canvas.getByRole('region', { name: 'Payouts' }));
    await userEvent.click(section.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetryPayouts).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { data: earnings, payouts },
};

export const Mobile: Story = {
  name: 'Filled at 375 px',
  ...at375px,
  args: { data: earnings, payouts },
};

/**
 * An admin recovered a refund after the pro's share was paid out: "You owe $60.00", nothing
 * available (Pay out disabled), and the "Refund recovered — <reason>" line in the entries.
 */
export const Owed: Story = {
  name: 'Owes a recovered refund',
  args: { data: owedEarnings, payouts },
  play: async ({ canvas }) => {
    const owed = canvas.getByRole('region', { name: /\(USD\)/ });
    await expect(within(owed).getByText('You owe $60.00')).toBeVisible();
    await expect(
      within(owed).getByText(/comes off your next earnings as they become available/),
    ).toBeVisible();
    await expect(within(owed).getByText('After the $60.00 you owe')).toBeVisible();
    await expect(within(owed).getByRole('button', { name: /Pay out/ })).toBeDisabled();
    const table = canvas.getByRole('table', { name: /Earnings entries/ });
    const line = within(table)
      .getByRole('cell', { name: 'Refund recovered — Half the job was redone by another pro' })
      .closest('tr')!;
    await expect(line).toHaveTextContent('-$60.00');
    await expect(within(line).getByText('Available')).toBeVisible();
  },
};

export const OwedMobile: Story = {
  name: 'Owes a recovered refund at 375 px',
  args: { data: owedEarnings, payouts },
  ...at375px,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You owe $60.00')).toBeVisible();
  },
};

export const OwedDark: Story = {
  name: 'Dark: owes a recovered refund',
  args: { data: owedEarnings, payouts },
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('You owe $60.00')).toBeVisible();
  },
};
