import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { counteredLead, directLead, LEAD_NOW, leadList, newLead } from './vendor-fixtures';
import { VendorLeadsView } from './vendor-leads-view';

/*
 * `/vendor/leads`: the pro's leads with the status filter; each row's facts (direct request,
 * budget, photos, the quote and a counter-offer, time left); loading, none, none of a status,
 * and a failed load. Views take props; no network.
 */

const meta = {
  title: 'Screens/Vendor/Leads',
  component: VendorLeadsView,
  args: {
    now: LEAD_NOW,
    hrefFor: (lead) => `/vendor/leads/${lead.requestId}`,
    onRetry: fn(),
    onStatusChange: fn(),
  },
} satisfies Meta<typeof VendorLeadsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = {
  args: { isLoading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading leads' })).toBeVisible();
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No leads yet')).toBeVisible();
  },
};

/** A filter with nothing in it says which. */
export const EmptyFilter: Story = {
  name: 'Empty: no declined leads',
  args: { data: [], status: 'declined' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No leads: Declined')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Declined' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
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

/** Every status; rows link to the request; a filter asks for its status. */
export const List: Story = {
  args: { data: leadList },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getAllByRole('link')).toHaveLength(leadList.length);
    const direct = within(
      canvasElement.querySelector(`[data-lead="${directLead.id}"]`) as HTMLElement,
    );
    await expect(direct.getByText('Sent to you only')).toBeVisible();
    await expect(direct.getByText('No budget given')).toBeVisible();
    const first = within(canvasElement.querySelector(`[data-lead="${newLead.id}"]`) as HTMLElement);
    await expect(first.getByText('3 photos')).toBeVisible();
    await expect(first.getByText('$250.00')).toBeVisible();
    await expect(first.getByText('Closes in 5 days')).toBeVisible();
    const countered = within(
      canvasElement.querySelector(`[data-lead="${counteredLead.id}"]`) as HTMLElement,
    );
    await expect(countered.getByText('Counter-offer')).toBeVisible();
    await expect(countered.getByText('$220.00')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Not chosen' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('not_chosen');
    await userEvent.click(canvas.getByRole('button', { name: 'All' }));
    await expect(args.onStatusChange).toHaveBeenLastCalledWith(undefined);
  },
};

export const ListDark: Story = {
  name: 'List (dark)',
  args: { data: leadList },
  globals: { theme: 'dark' },
};
