import type { Meta, StoryObj } from '@storybook/react-vite';
import type { Availability } from '@vetted/contract';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  availability,
  emptyAvailability,
  exceptionOverlapError,
  overlapError,
  storyTimeZones,
} from '../../fixtures/vendor-listings';
import { AvailabilityView } from './availability-view';
import { at375px, errorStory, loadingStory } from './story-states';

/*
 * `/vendor/availability`: weekly hours with several ranges a day, time zone,
 * exceptions and booking rules; saved in one go, the API's refusals shown where they belong.
 */

const meta = {
  title: 'Screens/Vendor/Opening hours',
  component: AvailabilityView,
  args: {
    availability,
    timeZones: storyTimeZones,
    onRetry: fn(),
    onSave: fn(async (body: Availability) => body),
  },
  decorators: [(Story) => <div className="mx-auto max-w-3xl">{Story()}</div>],
} satisfies Meta<typeof AvailabilityView>;
export default meta;
type Story = StoryObj<typeof meta>;

/** One weekday's row of the weekly hours. */
const day = (canvas: ReturnType<typeof within>, name: string) =>
  within(canvas.getByRole('listitem', { name }));

export const Loading: Story = loadingStory('Loading opening hours', { availability: undefined });

export const ErrorState: Story = errorStory('Error loading data', { availability: undefined });

/** A new pro: no hours, and a warning that nobody can book yet. */
export const Empty: Story = {
  name: 'No hours yet',
  args: { availability: emptyAvailability },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No opening hours yet')).toBeVisible();
    await expect(day(canvas, 'Monday').getByText('Closed')).toBeVisible();
    await expect(canvas.getByText('No exceptions.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save opening hours' })).toBeDisabled();
  },
};

export const Filled: Story = {
  play: async ({ canvas }) => {
    const monday = day(canvas, 'Monday');
    await expect(monday.getByLabelText('Monday, hours 1, from')).toHaveValue('09:00');
    await expect(monday.getByLabelText('Monday, hours 2, until')).toHaveValue('17:00');
    await expect(day(canvas, 'Saturday').getByLabelText('Saturday hours, from')).toHaveValue(
      '10:00',
    );
    await expect(day(canvas, 'Sunday').getByText('Closed')).toBeVisible();
    await expect(canvas.getByRole('combobox', { name: /^Time zone/ })).toHaveTextContent(
      'America/Los Angeles',
    );
    const closed = within(canvas.getByRole('listitem', { name: 'Exception 1' }));
    await expect(closed.getByLabelText(/^Date/)).toHaveValue('2026-12-25');
    await expect(closed.getByRole('switch', { name: 'Closed all day' })).toBeChecked();
    const short = within(canvas.getByRole('listitem', { name: 'Exception 2' }));
    await expect(short.getByLabelText('Exception 2, hours 1, until')).toHaveValue('12:00');
    await expect(canvas.getByRole('combobox', { name: /^Minimum notice/ })).toHaveTextContent(
      '2 h',
    );
  },
};

/** Sunday gets hours, Monday's are copied to every day, then all is saved in one body. */
export const EditAndSave: Story = {
  name: 'Add hours, copy a day, save',
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add hours on Sunday' }));
    await expect(day(canvas, 'Sunday').getByLabelText('Sunday hours, from')).toHaveValue('09:00');
    await expect(canvas.getByText('Unsaved changes')).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: "Copy to every day (Monday's hours)" }),
    );
    await expect(day(canvas, 'Saturday').getByLabelText('Saturday, hours 2, from')).toHaveValue(
      '13:00',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Saturday, hours 2' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save opening hours' }));
    await waitFor(() => expect(args.onSave).toHaveBeenCalledOnce());
    const body = (args.onSave as ReturnType<typeof fn>).mock.calls[0]![0] as Availability;
    await expect(body.weekly).toHaveLength(13);
    await expect(body.weekly.filter((r) => r.weekday === 6)).toEqual([
      { weekday: 6, start: '09:00', end: '12:00' },
    ]);
    await expect(body.exceptions).toEqual(availability.exceptions);
    await expect(await canvas.findByText('Opening hours saved')).toBeVisible();
  },
};

/** A range ending at 00:00 is sent as the contract's 24:00 (until midnight). */
export const UntilMidnight: Story = {
  name: 'A range until midnight',
  args: {
    availability: { ...emptyAvailability, weekly: [{ weekday: 5, start: '18:00', end: '24:00' }] },
  },
  play: async ({ canvas, args }) => {
    const friday = day(canvas, 'Friday');
    await expect(friday.getByLabelText('Friday hours, until')).toHaveValue('00:00');
    fireEvent.change(friday.getByLabelText('Friday hours, from'), { target: { value: '19:00' } });
    await userEvent.click(canvas.getByRole('button', { name: 'Save opening hours' }));
    await waitFor(() =>
      expect(args.onSave).toHaveBeenCalledWith(
        expect.objectContaining({ weekly: [{ weekday: 5, start: '19:00', end: '24:00' }] }),
      ),
    );
  },
};

/** Browser-side rules: an end before its start, an exception without a date or hours. */
export const Validation: Story = {
  name: 'Validation errors',
  args: { availability: emptyAvailability },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add hours on Monday' }));
    fireEvent.change(canvas.getByLabelText('Monday hours, until'), { target: { value: '08:00' } });
    // An exception without a date.
    await userEvent.click(canvas.getByRole('button', { name: 'Add an exception' }));
    // An exception open, but without hours.
    await userEvent.click(canvas.getByRole('button', { name: 'Add an exception' }));
    const second = within(canvas.getByRole('listitem', { name: 'Exception 2' }));
    fireEvent.change(second.getByLabelText(/^Date/), { target: { value: '2026-12-31' } });
    await userEvent.click(second.getByRole('switch', { name: 'Closed all day' }));
    await userEvent.click(second.getByRole('button', { name: 'Remove Exception 2, hours 1' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save opening hours' }));
    await expect(await canvas.findByText('End must be after start')).toBeVisible();
    const first = within(canvas.getByRole('listitem', { name: 'Exception 1' }));
    await expect(first.getByText('Choose a date')).toBeVisible();
    await expect(second.getByText('Add opening hours, or mark the day closed')).toBeVisible();
    await expect(args.onSave).not.toHaveBeenCalled();
  },
};

/** The API refuses overlapping ranges: its words (naming the day) above Save. */
export const ServerOverlap: Story = {
  name: 'Overlap refused by the API',
  args: {
    onSave: fn(async (_body: Availability): Promise<Availability> => Promise.reject(overlapError)),
  },
  play: async ({ canvas }) => {
    fireEvent.change(day(canvas, 'Monday').getByLabelText('Monday, hours 2, from'), {
      target: { value: '11:00' },
    });
    await userEvent.click(canvas.getByRole('button', { name: 'Save opening hours' }));
    const alert = (await canvas.findByText('Your hours were not saved')).closest('[role="alert"]');
    await expect(alert).toHaveTextContent('Monday: 09:00–12:00 overlaps 11:00–17:00');
    await expect(alert).not.toHaveTextContent('weekly:');
    // Nothing was saved: the change is still there to fix.
    await expect(canvas.getByText('Unsaved changes')).toBeVisible();
  },
};

/** An exception's ranges overlap: the API's words on that exception too. */
export const ServerExceptionOverlap: Story = {
  name: 'Exception overlap refused by the API',
  args: {
    onSave: fn(
      async (_body: Availability): Promise<Availability> => Promise.reject(exceptionOverlapError),
    ),
  },
  play: async ({ canvas }) => {
    const exception = within(canvas.getByRole('listitem', { name: 'Exception 2' }));
    await userEvent.click(exception.getByRole('button', { name: 'Add hours to Exception 2' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Save opening hours' }));
    await expect(
      await exception.findByText('2026-12-24: 09:00–12:00 overlaps 11:00–13:00'),
    ).toBeVisible();
    await expect(canvas.getByText('Your hours were not saved')).toBeVisible();
  },
};

export const Dark: Story = { globals: { theme: 'dark' } };

export const Mobile: Story = {
  name: 'Filled at 375 px',
  ...at375px,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Add hours on Monday' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Save opening hours' })).toBeVisible();
  },
};
