import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { BusyCalendar } from '@vetted/contract';
import { toast } from '@vetted/ui/toaster';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { settled } from '../../fixtures/settled';
import { BusyCalendarsSection } from './busy-calendars-view';
import { at375px, errorStory, loadingStory } from './story-states';

/*
 * "Busy times from other calendars" on `/vendor/availability`: the pro's imported calendars
 * with their last sync or error, adding an ICS address, uploading an `.ics`, and removing one
 * after a confirmation. The API is injected: no network.
 */

const SYNCED: BusyCalendar = {
  id: '0193a1b2-0000-7000-8000-000000000001',
  source: 'url',
  label: 'calendar.google.com',
  busyCount: 52,
  lastFetchedAt: '2026-11-27T09:00:00.000Z',
  lastSyncedAt: '2026-11-27T09:00:00.000Z',
  lastError: null,
  createdAt: '2026-11-20T09:00:00.000Z',
};
const FAILING: BusyCalendar = {
  id: '0193a1b2-0000-7000-8000-000000000002',
  source: 'url',
  label: 'outlook.office365.com',
  busyCount: 12,
  lastFetchedAt: '2026-11-27T09:15:00.000Z',
  lastSyncedAt: '2026-11-26T18:00:00.000Z',
  lastError: 'The calendar did not answer within 10 seconds',
  createdAt: '2026-11-21T09:00:00.000Z',
};
const UPLOADED: BusyCalendar = {
  id: '0193a1b2-0000-7000-8000-000000000003',
  source: 'upload',
  label: 'school-holidays.ics',
  busyCount: 1,
  lastFetchedAt: '2026-11-22T09:00:00.000Z',
  lastSyncedAt: '2026-11-22T09:00:00.000Z',
  lastError: null,
  createdAt: '2026-11-22T09:00:00.000Z',
};
const PENDING: BusyCalendar = {
  ...SYNCED,
  id: '0193a1b2-0000-7000-8000-000000000004',
  label: 'caldav.icloud.com',
  busyCount: 0,
  lastFetchedAt: null,
  lastSyncedAt: null,
};

/** Clears the toasts (the preview's one `<Toaster>` outlives a story) and waits until gone. */
async function dismissToasts() {
  toast.dismiss();
  await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull());
}

const meta = {
  title: 'Screens/Vendor/Busy calendars',
  component: BusyCalendarsSection,
  beforeEach: () => {
    toast.dismiss();
  },
  args: {
    calendars: [SYNCED, FAILING, UPLOADED, PENDING],
    onRetry: fn(),
    onAdd: fn(async () => {}),
    onUpload: fn(async () => {}),
    onRemove: fn(async () => {}),
  },
} satisfies Meta<typeof BusyCalendarsSection>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = loadingStory('Loading imported calendars', {
  calendars: undefined,
});

export const ErrorState: Story = errorStory('Error loading data', { calendars: undefined });

/** No calendar yet: the form and the upload button. */
export const Empty: Story = {
  args: { calendars: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No calendar imported yet.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Add calendar' })).toBeEnabled();
    await expect(canvas.getByRole('button', { name: 'Upload .ics' })).toBeEnabled();
  },
};

/** Each calendar says when it last synced, why it failed, or that it waits for its first sync. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list', { name: 'Imported calendars' });
    const rows = within(list).getAllByRole('listitem');
    await expect(rows).toHaveLength(4);
    await expect(rows[0]).toHaveTextContent('calendar.google.com');
    await expect(rows[0]).toHaveTextContent(/Synced .* · 52 busy times/);
    await expect(rows[1]).toHaveTextContent('The calendar did not answer within 10 seconds');
    await expect(rows[2]).toHaveTextContent(/Uploaded .* · 1 busy time(?!s)/);
    await expect(rows[3]).toHaveTextContent('Waiting for the first sync…');
  },
};

/** Adding an address calls the API with it, empties the field and says so. */
export const AddAddress: Story = {
  name: 'Add an address',
  args: { calendars: [] },
  play: async ({ canvas, args }) => {
    const url = 'https://calendar.google.com/calendar/ical/abc/private-123/basic.ics';
    const field = canvas.getByRole('textbox', { name: /Calendar address/ });
    await userEvent.type(field, url);
    await userEvent.click(canvas.getByRole('button', { name: 'Add calendar' }));
    await waitFor(() => expect(args.onAdd).toHaveBeenCalledWith(url));
    await expect(await screen.findByText('Calendar added')).toBeVisible();
    await waitFor(() => expect(field).toHaveValue(''));
    await dismissToasts();
  },
};

/** An address that is no web address is refused on the field before any request. */
export const AddInvalid: Story = {
  name: 'Add an address: not a web address',
  args: { calendars: [] },
  play: async ({ canvas, args }) => {
    await userEvent.type(canvas.getByRole('textbox', { name: /Calendar address/ }), 'my calendar');
    await userEvent.click(canvas.getByRole('button', { name: 'Add calendar' }));
    await expect(
      await canvas.findByText('must be an https:// (or webcal://) address'),
    ).toBeVisible();
    await expect(args.onAdd).not.toHaveBeenCalled();
  },
};

/** The API refuses a plain http:// address: its words land on the field. */
export const AddRefused: Story = {
  name: 'Add an address: refused by the API',
  args: {
    calendars: [],
    onAdd: fn(async () => {
      throw new ApiError('Use the calendar’s https:// address', {
        code: 400,
        status: 400,
        errorCode: 'calendar_url_not_https',
        fields: { url: 'must be an https:// (or webcal://) address' },
        request: { method: 'POST', url: '/v1/vendor/busy-calendars' },
      });
    }),
  },
  play: async ({ canvas, args }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: /Calendar address/ }),
      'http://calendar.example/busy.ics',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Add calendar' }));
    await expect(
      await canvas.findByText('must be an https:// (or webcal://) address'),
    ).toBeVisible();
    await expect(args.onAdd).toHaveBeenCalledOnce();
  },
};

/** Uploading a file hands it to the API and says it now blocks slots. */
export const Upload: Story = {
  name: 'Upload an .ics',
  play: async ({ canvas, args }) => {
    const file = new File(['BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n'], 'holidays.ics', {
      type: 'text/calendar',
    });
    await userEvent.upload(canvas.getByLabelText('Calendar file (.ics)'), file);
    await waitFor(() => expect(args.onUpload).toHaveBeenCalledWith(file));
    await expect(await screen.findByText('Calendar imported')).toBeVisible();
    await dismissToasts();
  },
};

/** A file the API cannot read: a toast says why. */
export const UploadRefused: Story = {
  name: 'Upload an .ics: not a calendar',
  args: {
    onUpload: fn(async () => {
      throw new ApiError('This is not an iCalendar (.ics) file', {
        code: 422,
        status: 422,
        errorCode: 'calendar_unreadable',
        request: { method: 'POST', url: '/v1/vendor/busy-calendars/upload' },
      });
    }),
  },
  play: async ({ canvas }) => {
    const file = new File(['hello'], 'notes.ics', { type: 'text/calendar' });
    await userEvent.upload(canvas.getByLabelText('Calendar file (.ics)'), file);
    await expect(await screen.findByText('This is not an iCalendar (.ics) file')).toBeVisible();
    await dismissToasts();
  },
};

/** "Remove" asks first, then removes that calendar. */
export const Remove: Story = {
  name: 'Remove a calendar',
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Remove outlook.office365.com' }));
    const dialog = await settled(
      await screen.findByRole('alertdialog', { name: 'Remove this calendar?' }),
    );
    await expect(dialog).toHaveTextContent('customers can book those times again');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onRemove).toHaveBeenCalledOnce();
    await expect(args.onRemove).toHaveBeenCalledWith(FAILING.id);
    await expect(await screen.findByText('Calendar removed')).toBeVisible();
    await dismissToasts();
  },
};

/** Cancelling the confirmation removes nothing. */
export const RemoveCancelled: Story = {
  name: 'Remove a calendar: cancelled',
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Remove calendar.google.com' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onRemove).not.toHaveBeenCalled();
  },
};

/** On a phone: the button goes under the address field. */
export const Phone: Story = { name: 'Phone (375 px)', ...at375px };

export const Dark: Story = { globals: { theme: 'dark' } };
