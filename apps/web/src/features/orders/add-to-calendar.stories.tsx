import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { acceptedOrderDetail } from '../../fixtures';
import { settled } from '../../fixtures/settled';
import { AddToCalendarAction } from './add-to-calendar';

/*
 * "Add to calendar" on the order page of a live booking (customer and pro): the `.ics` download
 * (fetched with the session, saved as `vetted-<reference>.ics`) and the Google Calendar link.
 * The download is injected: no network.
 */

const meta = {
  title: 'Screens/Shared/Add to calendar',
  component: AddToCalendarAction,
  args: {
    order: acceptedOrderDetail,
    perspective: 'customer',
    download: fn(async () => {}),
  },
} satisfies Meta<typeof AddToCalendarAction>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Opens the dialog from its header button and waits until it has finished appearing. */
async function openDialog(canvas: { getByRole: typeof screen.getByRole }) {
  await userEvent.click(canvas.getByRole('button', { name: 'Add to calendar' }));
  return settled(await screen.findByRole('dialog', { name: 'Add to calendar' }));
}

/** Both ways in: the `.ics` and a Google Calendar link that opens the prefilled event in a new tab. */
export const Open: Story = {
  name: 'Customer: both options',
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas);
    await expect(dialog).toHaveTextContent('Keep booking VT-7K2P90 in your calendar');
    await expect(within(dialog).getByRole('button', { name: 'Download .ics' })).toBeEnabled();
    const google = within(dialog).getByRole('link', { name: /Google Calendar/ });
    await expect(google).toHaveAttribute('target', '_blank');
    await expect(google).toHaveAttribute('rel', 'noopener noreferrer');
    const url = new URL(google.getAttribute('href') ?? '');
    await expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    await expect(url.searchParams.get('action')).toBe('TEMPLATE');
    await expect(url.searchParams.get('text')).toBe(
      `Security survey · ${acceptedOrderDetail.vendor.businessName}`,
    );
    await expect(url.searchParams.get('dates')).toBe('20261123T170000Z/20261123T180000Z');
    await expect(url.searchParams.get('location')).toBe(acceptedOrderDetail.address);
    await expect(url.searchParams.get('details')).toContain(
      `/user/history/order?id=${acceptedOrderDetail.id}`,
    );
  },
};

/** The pro's event links back to the pro's job page. */
export const Vendor: Story = {
  name: 'Pro: links to the job page',
  args: { perspective: 'vendor' },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas);
    const google = within(dialog).getByRole('link', { name: /Google Calendar/ });
    const details = new URL(google.getAttribute('href') ?? '').searchParams.get('details');
    await expect(details).toContain(`/vendor/history/order?id=${acceptedOrderDetail.id}`);
  },
};

/** "Download .ics" fetches the order's file once, then the dialog closes. */
export const Download: Story = {
  name: 'Download .ics',
  play: async ({ canvas, args }) => {
    const dialog = await openDialog(canvas);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download .ics' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.download).toHaveBeenCalledOnce();
    await expect(args.download).toHaveBeenCalledWith(acceptedOrderDetail);
  },
};

/** While the file is on its way, the button shows a spinner and cannot be pressed again. */
export const Downloading: Story = {
  name: 'Download in progress',
  args: { download: fn(() => new Promise<void>(() => {})) },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download .ics' }));
    const button = within(dialog).getByRole('button', { name: 'Download .ics' });
    await waitFor(() => expect(button).toHaveAttribute('aria-busy', 'true'));
    await expect(button).toBeDisabled();
    // Keyboard focus stays in the dialog, not on the page behind it.
    await waitFor(() => expect(dialog).toHaveFocus());
  },
};

/** A refusal (here the booking is no longer the viewer's) shows in the dialog, which stays open. */
export const DownloadFailed: Story = {
  name: 'Download refused',
  args: {
    download: fn(async () => {
      throw new ApiError('Order not found', {
        code: 404,
        status: 404,
        request: { method: 'GET', url: `/v1/orders/${acceptedOrderDetail.id}/calendar.ics` },
      });
    }),
  },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Download .ics' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent('Order not found');
    await expect(within(dialog).getByRole('button', { name: 'Download .ics' })).toBeEnabled();
  },
};

/** The dialog in the dark theme. */
export const Dark: Story = {
  name: 'Dark',
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    const dialog = await openDialog(canvas);
    await expect(within(dialog).getByRole('link', { name: /Google Calendar/ })).toBeVisible();
  },
};
