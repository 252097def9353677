import type { OrderDetail } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import {
  Alert,
  AlertDescription,
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@vetted/ui';
import { CalendarPlus, Download, ExternalLink } from 'lucide-react';
import * as React from 'react';
import { saveBlob } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { useFocusKeptInDialog } from '../../lib/hooks/use-focus-kept-in-dialog';
import { api } from '../../lib/vetted-api';
import { calendarFileName, googleCalendarUrl } from './calendar-links';
import { ActionTrigger } from './header-actions';

export interface AddToCalendarDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The booking's reference (`VT-7K2P9Q`), named in the description and the file name. */
  reference: string;
  /** The Google Calendar link that opens the prefilled event (see `googleCalendarUrl`). */
  googleUrl: string;
  /**
   * Fetches the booking's `.ics` and saves it; rejects with the API's error, which the dialog
   * shows (it stays open). The dialog closes when it resolves.
   */
  onDownload: () => Promise<void>;
}

/**
 * "Add to calendar": the booking as an `.ics` file (Apple Calendar, Outlook and most calendar
 * apps; "Download .ics" shows a spinner meanwhile and the API's refusal in an alert) or as a new
 * Google Calendar event (a link opening Google's prefilled form in a new tab).
 */
export function AddToCalendarDialog({
  open,
  onOpenChange,
  reference,
  googleUrl,
  onDownload,
}: AddToCalendarDialogProps) {
  const [downloading, setDownloading] = React.useState(false);
  const [error, setError] = React.useState<string | null>(null);
  const options = React.useRef<HTMLDivElement>(null);
  // The pressed button turns disabled while the file comes: keep focus in the dialog.
  useFocusKeptInDialog(downloading, options);
  const changeOpen = (next: boolean) => {
    if (!next) setError(null);
    onOpenChange(next);
  };
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      await onDownload();
      changeOpen(false);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setDownloading(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="max-w-md">
        <DialogHeader>
          <DialogTitle>Add to calendar</DialogTitle>
          <DialogDescription>
            Keep booking {reference} in your calendar, with its time and address.
          </DialogDescription>
        </DialogHeader>
        <div ref={options} className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <Button variant="outline" loading={downloading} onClick={download}>
              <Download aria-hidden="true" /> Download .ics
            </Button>
            <p className="text-center text-xs text-muted">
              For Apple Calendar, Outlook and most calendar apps.
            </p>
          </div>
          <Button variant="outline" asChild>
            <a href={googleUrl} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" /> Google Calendar
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
        </div>
        {error ? (
          <Alert variant="danger" role="alert">
            <AlertDescription>{error}</AlertDescription>
          </Alert>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** Fetches `order`'s `.ics` with the session (`GET /v1/orders/:id/calendar.ics`) and saves it. */
async function downloadOrderCalendar(order: OrderDetail): Promise<void> {
  const blob = await api.orders.calendar(order.id);
  saveBlob(blob, calendarFileName(order.reference));
}

/**
 * The order page's "Add to calendar" action (a secondary header action: a button, or an item of
 * "More actions" on phones) opening {@link AddToCalendarDialog}. The Google event links back to
 * this side's order page: the customer's booking or the pro's job.
 */
export function AddToCalendarAction({
  order,
  perspective,
  download = downloadOrderCalendar,
}: {
  order: OrderDetail;
  perspective: 'customer' | 'vendor';
  /** Fetches and saves the `.ics`; injectable for stories. */
  download?: (order: OrderDetail) => Promise<void>;
}) {
  const [open, setOpen] = React.useState(false);
  const page = perspective === 'customer' ? ROUTES.user.historyOrder : ROUTES.vendor.historyOrder;
  // Absolute: the link is read in Google Calendar, not in this app.
  const orderUrl = new URL(
    buildLink(page, { query: { id: order.id } }),
    globalThis.location?.origin ?? 'http://localhost',
  ).href;
  return (
    <>
      <ActionTrigger onClick={() => setOpen(true)}>
        <CalendarPlus aria-hidden="true" /> Add to calendar
      </ActionTrigger>
      <AddToCalendarDialog
        open={open}
        onOpenChange={setOpen}
        reference={order.reference}
        googleUrl={googleCalendarUrl(order, orderUrl)}
        onDownload={() => download(order)}
      />
    </>
  );
}
