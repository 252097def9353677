import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { freeSlots, LEAD_NOW } from './vendor-fixtures';
import { VendorQuoteBuilder } from './vendor-quote-builder';

/*
 * The quote builder of `/vendor/leads/:id`: line items with a running total, duration, 1–3 free
 * times from the pro's calendar (in their zone), validity and message; what it sends, what it
 * refuses, and the calendar's loading, empty and failed states. Views take props; no network.
 */

const meta = {
  title: 'Screens/Vendor/Quote builder',
  component: VendorQuoteBuilder,
  args: {
    currency: 'USD',
    now: LEAD_NOW,
    slots: { data: freeSlots, onRetry: fn() },
    onDurationChange: fn(),
    onSubmit: fn(async () => {}),
  },
} satisfies Meta<typeof VendorQuoteBuilder>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Two lines make the total; two times offered; the body is in minor units and ISO times. */
export const Send: Story = {
  name: 'Send a quote',
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Line 1'), 'Replace the drain valve');
    await userEvent.type(canvas.getByLabelText('Amount (USD)'), '180');
    await userEvent.click(canvas.getByRole('button', { name: 'Add a line' }));
    await userEvent.type(canvas.getByLabelText('Line 2'), 'Pressure test');
    await userEvent.type(canvas.getAllByLabelText('Amount (USD)')[1]!, '60.50');
    await expect(canvas.getByText('$240.50')).toBeVisible();
    await expect(args.onDurationChange).toHaveBeenLastCalledWith(60);
    const times = canvas.getByRole('tabpanel');
    await userEvent.click(within(times).getAllByRole('button')[0]!);
    await userEvent.click(within(times).getAllByRole('button')[2]!);
    await expect(canvas.getByText('Offering 2 of 3:')).toBeVisible();
    await expect(canvas.getByText('Times in America/New_York')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/Message/), 'Two hours is plenty.');
    await userEvent.click(canvas.getByRole('button', { name: 'Send quote' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledTimes(1));
    const body = (args.onSubmit as ReturnType<typeof fn>).mock.calls[0]![0];
    await expect(body.lineItems).toEqual([
      { description: 'Replace the drain valve', amount: 18_000 },
      { description: 'Pressure test', amount: 6_050 },
    ]);
    await expect(body.slots).toEqual([freeSlots.days[0]!.slots[0], freeSlots.days[0]!.slots[2]]);
    await expect(body.durationMinutes).toBe(60);
    await expect(body.message).toBe('Two hours is plenty.');
    await expect(Date.parse(body.validUntil)).toBeGreaterThan(LEAD_NOW);
  },
};

/** Nothing filled in: each field says what is missing, in the contract's words. */
export const Invalid: Story = {
  name: 'Refused: empty lines, no time',
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByLabelText('Amount (USD)'), '12.345');
    await userEvent.click(canvas.getByRole('button', { name: 'Send quote' }));
    await expect(await canvas.findByText('Describe each line')).toBeVisible();
    await expect(canvas.getByText('Enter an amount like 80 or 79.50')).toBeVisible();
    await expect(canvas.getByText('Offer at least one time')).toBeVisible();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** At most 3 times: the others are disabled until one is removed. */
export const ThreeTimes: Story = {
  name: 'Three times offered',
  play: async ({ canvas }) => {
    const day1 = canvas.getByRole('tabpanel');
    for (const button of within(day1).getAllByRole('button')) await userEvent.click(button);
    await userEvent.click(canvas.getByRole('tab', { name: /25/ }));
    const day3 = canvas.getByRole('tabpanel');
    const [first, second] = within(day3).getAllByRole('button');
    await expect(first).toBeDisabled();
    await expect(second).toBeDisabled();
    await expect(canvas.getByText(/You can offer up to 3 times/)).toBeVisible();
    const offered = canvas.getByRole('list', { name: 'Times offered' });
    await userEvent.click(within(offered).getAllByRole('button')[0]!);
    await expect(within(canvas.getByRole('tabpanel')).getAllByRole('button')[0]).toBeEnabled();
  },
};

/** The API refuses (a time was booked meanwhile): its message shows above the button. */
export const Refused: Story = {
  name: 'Refused by the API',
  args: {
    onSubmit: fn(async () => {
      throw new ApiError('One of the times is no longer free. Pick another.', {
        code: 409,
        status: 409,
        request: { method: 'POST', url: '/v1/quote-requests/x/quotes' },
      });
    }),
  },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByLabelText('Line 1'), 'Call-out and repair');
    await userEvent.type(canvas.getByLabelText('Amount (USD)'), '95');
    await userEvent.click(within(canvas.getByRole('tabpanel')).getAllByRole('button')[0]!);
    await userEvent.click(canvas.getByRole('button', { name: 'Send quote' }));
    await expect(await canvas.findByText(/no longer free/)).toBeVisible();
  },
};

export const SlotsLoading: Story = {
  name: 'Free times loading',
  args: { slots: { isLoading: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading your free times' })).toBeVisible();
  },
};

export const NoFreeTimes: Story = {
  name: 'No free times',
  args: {
    slots: { data: { timeZone: 'America/New_York', days: [{ date: '2026-11-23', slots: [] }] } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No free times')).toBeVisible();
  },
};

export const SlotsError: Story = {
  name: 'Free times failed to load',
  args: { slots: { error: loadError, onRetry: fn() } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };
