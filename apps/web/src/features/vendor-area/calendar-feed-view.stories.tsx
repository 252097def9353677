import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import type { CalendarFeed } from '@vetted/contract';
import { toast } from '@vetted/ui/toaster';
import * as React from 'react';
import { expect, fn, mocked, screen, userEvent, waitFor, within } from 'storybook/test';
import { settled } from '../../fixtures/settled';
import { CalendarFeedSection, type CalendarFeedSectionProps } from './calendar-feed-view';
import { at375px, errorStory, loadingStory } from './story-states';

/*
 * "Calendar feed" on `/vendor/availability`: the pro's private feed URL to subscribe to in a
 * calendar app, "Copy link" and "Get a new link" (the old one stops working at once). The
 * clipboard and the API are injected: no network, no real clipboard.
 */

const FIRST: CalendarFeed = {
  url: 'https://vetted.example/v1/calendar/Qm9vdHN0cmFwLWZlZWQtdG9rZW4tb25lLTIwMjYtMTEtMjc.ics',
};
const SECOND: CalendarFeed = {
  url: 'https://vetted.example/v1/calendar/U2Vjb25kLWZlZWQtdG9rZW4tYWZ0ZXItcm90YXRpb24tMjAyNg.ics',
};

/**
 * The section as the page holds it: `onRotate` (the args' spy) resolves, then the feed becomes
 * `next`, as the SWR cache does after `POST /v1/vendor/calendar-feed/rotate`.
 */
function WithRotation({ next, ...props }: CalendarFeedSectionProps & { next: CalendarFeed }) {
  const [feed, setFeed] = React.useState(props.feed);
  return (
    <CalendarFeedSection
      {...props}
      feed={feed}
      onRotate={async () => {
        await props.onRotate();
        setFeed(next);
      }}
    />
  );
}

/**
 * Clears the toasts (the preview's one `<Toaster>` outlives a story) and waits until they are
 * gone, so the next story and the accessibility checks after a play judge this story's page.
 */
async function dismissToasts() {
  toast.dismiss();
  await waitFor(() => expect(document.querySelector('[data-sonner-toast]')).toBeNull());
}

/** The feed link; `hidden` finds it under an open confirmation, which hides the page from AT. */
const feedLink = (canvas: { getByRole: typeof screen.getByRole }) =>
  canvas.getByRole<HTMLInputElement>('textbox', {
    name: 'Your private calendar link',
    hidden: true,
  });

/** Opens "Get a new link?" and confirms it; resolves with the confirmation's panel. */
async function confirmRotation(canvas: { getByRole: typeof screen.getByRole }) {
  await userEvent.click(canvas.getByRole('button', { name: 'Get a new link' }));
  const dialog = await settled(
    await screen.findByRole('alertdialog', { name: 'Get a new calendar link?' }),
  );
  await userEvent.click(within(dialog).getByRole('button', { name: 'Get a new link' }));
  return dialog;
}

const meta = {
  title: 'Screens/Vendor/Calendar feed',
  component: CalendarFeedSection,
  beforeEach: () => {
    toast.dismiss();
  },
  args: {
    feed: FIRST,
    onRetry: fn(),
    onRotate: fn(async () => {}),
    copyText: fn(async () => {}),
  },
  render: (args) => <WithRotation {...args} next={SECOND} />,
} satisfies Meta<typeof CalendarFeedSection>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = loadingStory('Loading calendar feed', { feed: undefined });

export const ErrorState: Story = errorStory('Error loading data', { feed: undefined });

/** The link, read-only, and what it is for. */
export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(/Subscribe to this link in Google Calendar, Apple Calendar or Outlook/),
    ).toBeVisible();
    await expect(canvas.getByText(/Anyone with the link can see them\./)).toBeVisible();
    await expect(feedLink(canvas)).toHaveValue(FIRST.url);
    await expect(feedLink(canvas)).toHaveAttribute('readonly');
  },
};

/** "Copy link" puts the URL on the clipboard and says so in a toast. */
export const Copy: Story = {
  name: 'Copy the link',
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await expect(args.copyText).toHaveBeenCalledOnce();
    await expect(args.copyText).toHaveBeenCalledWith(FIRST.url);
    await expect(await screen.findByText('Link copied')).toBeVisible();
    await dismissToasts();
  },
};

/** The browser refuses the clipboard: the link is selected for the person to copy. */
export const CopyRefused: Story = {
  name: 'Copy refused by the browser',
  args: {
    copyText: fn(async () => {
      throw new DOMException('Document is not focused.', 'NotAllowedError');
    }),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await expect(await screen.findByText('Could not copy the link')).toBeVisible();
    const link = feedLink(canvas);
    await waitFor(() =>
      expect((link.selectionEnd ?? 0) - (link.selectionStart ?? 0)).toBe(FIRST.url.length),
    );
    await dismissToasts();
  },
};

/**
 * "Get a new link" asks first; while the API issues it the confirmation is busy and the old link
 * stays; then the new URL replaces it and a toast says what to do with it.
 */
export const Rotate: Story = {
  name: 'Get a new link',
  play: async ({ canvas, args }) => {
    // The play settles the request itself, after it has seen the busy state (no timer races).
    let finish = () => {};
    mocked(args.onRotate).mockImplementationOnce(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Get a new link' }));
    const dialog = await settled(
      await screen.findByRole('alertdialog', { name: 'Get a new calendar link?' }),
    );
    await expect(dialog).toHaveTextContent('The old link stops working at once.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Get a new link' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Get a new link' })).toHaveAttribute(
        'aria-busy',
        'true',
      ),
    );
    await expect(feedLink(canvas)).toHaveValue(FIRST.url);
    finish();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onRotate).toHaveBeenCalledOnce();
    await expect(feedLink(canvas)).toHaveValue(SECOND.url);
    await expect(await screen.findByText('New link ready')).toBeVisible();
    await dismissToasts();
  },
};

/** Cancelling the confirmation keeps the link. */
export const RotateCancelled: Story = {
  name: 'Get a new link: cancelled',
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Get a new link' }));
    const dialog = await settled(await screen.findByRole('alertdialog'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await expect(args.onRotate).not.toHaveBeenCalled();
    await expect(feedLink(canvas)).toHaveValue(FIRST.url);
  },
};

/** The API refuses: a toast says why, the confirmation stays open and the old link is kept. */
export const RotateFailed: Story = {
  name: 'Get a new link: refused',
  args: {
    onRotate: fn(async () => {
      throw new ApiError('Too many requests. Try again in a minute.', {
        code: 429,
        status: 429,
        request: { method: 'POST', url: '/v1/vendor/calendar-feed/rotate' },
      });
    }),
  },
  play: async ({ canvas }) => {
    const dialog = await confirmRotation(canvas);
    await expect(
      await screen.findByText('Too many requests. Try again in a minute.'),
    ).toBeVisible();
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Get a new link' })).toBeEnabled(),
    );
    await expect(feedLink(canvas)).toHaveValue(FIRST.url);
    await dismissToasts();
  },
};

/** On a phone: the Copy button goes under the link. */
export const Phone: Story = { name: 'Phone (375 px)', ...at375px };

export const Dark: Story = { globals: { theme: 'dark' } };
