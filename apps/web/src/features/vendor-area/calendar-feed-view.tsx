import { MESSAGES } from '@vetted/api-client';
import type { CalendarFeed } from '@vetted/contract';
import { Button, Card, ConfirmDialog, FormField, Input, Skeleton } from '@vetted/ui';
import { Copy, RefreshCw } from 'lucide-react';
import * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';

/** Puts `text` on the clipboard (the Async Clipboard API); rejects when the browser refuses. */
const writeClipboard = (text: string) => navigator.clipboard.writeText(text);

export interface CalendarFeedSectionProps {
  /** `GET /v1/vendor/calendar-feed`: the pro's private feed URL. */
  feed?: CalendarFeed;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /**
   * Issues a new URL (`POST /v1/vendor/calendar-feed/rotate`); resolves once `feed` holds it,
   * rejects with the API's error (the old URL then still works).
   */
  onRotate: () => Promise<void>;
  /**
   * Puts the URL on the clipboard; injectable for stories and tests.
   * @defaultValue `navigator.clipboard.writeText`
   */
  copyText?: (text: string) => Promise<void>;
}

/**
 * "Calendar feed" on `/vendor/availability`: the pro's private iCalendar feed URL, read-only with
 * "Copy link" (toast "Link copied"; when the browser refuses, the link is selected to copy by
 * hand), what to do with it, and "Get a new link" after a confirmation, since the old one stops
 * working at once. Loading skeleton and load error like the page's other sections.
 */
export function CalendarFeedSection(props: CalendarFeedSectionProps) {
  const { feed, isLoading, error, onRetry } = props;
  let body: React.ReactNode;
  if (error && !feed) {
    body = (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  } else if (isLoading || !feed) {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading calendar feed">
        <Skeleton className="h-32 rounded-lg" />
      </div>
    );
  } else {
    body = <FeedCard {...props} feed={feed} />;
  }
  return (
    <section aria-labelledby="calendar-feed-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="calendar-feed-title" className="text-lg font-semibold">
          Calendar feed
        </h2>
        <p className="text-sm text-muted">
          Subscribe to this link in Google Calendar, Apple Calendar or Outlook to see your Vetted
          jobs. Anyone with the link can see them.
        </p>
      </div>
      {body}
    </section>
  );
}

/** The loaded feed: the URL with "Copy link", and "Get a new link". */
function FeedCard({
  feed,
  onRotate,
  copyText = writeClipboard,
}: CalendarFeedSectionProps & { feed: CalendarFeed }) {
  const input = React.useRef<HTMLInputElement>(null);
  const copy = async () => {
    try {
      await copyText(feed.url);
      toast.success('Link copied');
    } catch {
      // Clipboard access refused (permissions, an unfocused page): leave it to the person.
      input.current?.select();
      toast.error('Could not copy the link', { description: 'It is selected: copy it yourself.' });
    }
  };
  const rotate = async () => {
    try {
      await onRotate();
      toast.success('New link ready', {
        description: 'Subscribe to it in your calendar app; the old one no longer works.',
      });
    } catch (err) {
      toast.error(errorMessage(err));
      // Keeps the confirmation open, so the person can try again or cancel.
      throw err;
    }
  };
  return (
    <Card>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <FormField label="Your private calendar link" className="min-w-0 flex-1">
          <Input
            ref={input}
            readOnly
            value={feed.url}
            spellCheck={false}
            onFocus={(event) => event.currentTarget.select()}
            className="font-mono text-xs"
          />
        </FormField>
        <Button variant="outline" onClick={copy}>
          <Copy aria-hidden="true" /> Copy link
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <ConfirmDialog
          trigger={
            <Button variant="ghost" size="sm">
              <RefreshCw aria-hidden="true" /> Get a new link
            </Button>
          }
          title="Get a new calendar link?"
          description="The old link stops working at once. Calendars subscribed to it stop showing your jobs until you subscribe to the new one."
          confirmLabel="Get a new link"
          destructive
          onConfirm={rotate}
        />
        <p className="text-xs text-muted">If the link got out, get a new one.</p>
      </div>
    </Card>
  );
}
