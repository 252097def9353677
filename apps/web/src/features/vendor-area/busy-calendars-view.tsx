import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vetted/api-client';
import {
  BUSY_CALENDARS_MAX,
  type BusyCalendar,
  type BusyCalendarBody,
  busyCalendarBodySchema,
} from '@vetted/contract';
import { Badge, Button, Card, ConfirmDialog, FormField, Input, Skeleton } from '@vetted/ui';
import { CalendarX2, Trash2, Upload } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { ErrorState } from '../../components/error-state';
import { FormError } from '../../components/forms/form-error';
import { useServerErrors } from '../../components/forms/use-server-errors';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';

export interface BusyCalendarsSectionProps {
  /** `GET /v1/vendor/busy-calendars`: the pro's imported calendars. */
  calendars?: BusyCalendar[];
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Adds an ICS address; rejects with the API's error (a field error lands on the address). */
  onAdd: (url: string) => Promise<void>;
  /** Imports an `.ics` file; rejects with the API's error (too large, not a calendar). */
  onUpload: (file: File) => Promise<void>;
  /** Removes a calendar; rejects with the API's error (the confirmation stays open). */
  onRemove: (id: string) => Promise<void>;
}

/**
 * "Busy times from other calendars" on `/vendor/availability`: the pro's other calendars whose
 * events block their slots — each with its last sync or error and "Remove" after a
 * confirmation — a form to add a calendar's ICS address (refetched every 15 minutes) and an
 * "Upload .ics" button (read once). Loading skeleton and load error like the page's other
 * sections.
 */
export function BusyCalendarsSection(props: BusyCalendarsSectionProps) {
  const { calendars, isLoading, error, onRetry } = props;
  let body: React.ReactNode;
  if (error && !calendars) {
    body = (
      <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
    );
  } else if (isLoading || !calendars) {
    body = (
      <div role="status" aria-busy="true" aria-label="Loading imported calendars">
        <Skeleton className="h-40 rounded-lg" />
      </div>
    );
  } else {
    body = (
      <Card className="flex flex-col gap-4">
        <CalendarList calendars={calendars} onRemove={props.onRemove} />
        {calendars.length < BUSY_CALENDARS_MAX ? (
          <AddCalendar onAdd={props.onAdd} onUpload={props.onUpload} />
        ) : (
          <p className="text-sm text-muted">
            You have imported {BUSY_CALENDARS_MAX} calendars, the most there can be.
          </p>
        )}
      </Card>
    );
  }
  return (
    <section aria-labelledby="busy-calendars-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="busy-calendars-title" className="text-lg font-semibold">
          Busy times from other calendars
        </h2>
        <p className="text-sm text-muted">
          Events in these calendars block your slots, so customers cannot book you when you are busy
          elsewhere. Only the times are kept, never what the events are.
        </p>
      </div>
      {body}
    </section>
  );
}

/** What a calendar's last sync says: its error, "Waiting for the first sync", or when. */
function syncStatus(calendar: BusyCalendar): { text: string; failed: boolean } {
  if (calendar.lastError) return { text: calendar.lastError, failed: true };
  if (!calendar.lastSyncedAt) return { text: 'Waiting for the first sync…', failed: false };
  const times = calendar.busyCount === 1 ? '1 busy time' : `${calendar.busyCount} busy times`;
  const how = calendar.source === 'url' ? 'Synced' : 'Uploaded';
  return { text: `${how} ${formatDateTime(calendar.lastSyncedAt)} · ${times}`, failed: false };
}

/** The imported calendars, each with its status and "Remove"; a line when there is none. */
function CalendarList({
  calendars,
  onRemove,
}: Pick<BusyCalendarsSectionProps, 'onRemove'> & { calendars: BusyCalendar[] }) {
  if (calendars.length === 0) {
    return <p className="text-sm text-muted">No calendar imported yet.</p>;
  }
  return (
    <ul aria-label="Imported calendars" className="flex flex-col divide-y divide-border">
      {calendars.map((calendar) => (
        <CalendarRow key={calendar.id} calendar={calendar} onRemove={onRemove} />
      ))}
    </ul>
  );
}

/** One imported calendar: its name, kind, last sync or error, and "Remove". */
function CalendarRow({
  calendar,
  onRemove,
}: Pick<BusyCalendarsSectionProps, 'onRemove'> & { calendar: BusyCalendar }) {
  const status = syncStatus(calendar);
  const remove = async () => {
    try {
      await onRemove(calendar.id);
      toast.success('Calendar removed', { description: 'Its busy times no longer block slots.' });
    } catch (err) {
      toast.error(errorMessage(err));
      // Keeps the confirmation open, so the person can try again or cancel.
      throw err;
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-3 first:pt-0 last:pb-0">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{calendar.label}</span>
          <Badge variant="secondary">{calendar.source === 'url' ? 'Address' : 'File'}</Badge>
        </div>
        <p className={status.failed ? 'text-sm text-danger' : 'text-sm text-muted'}>
          {status.failed ? <CalendarX2 aria-hidden="true" className="mr-1 inline size-4" /> : null}
          {status.text}
        </p>
      </div>
      <ConfirmDialog
        trigger={
          <Button variant="ghost" size="sm" aria-label={`Remove ${calendar.label}`}>
            <Trash2 aria-hidden="true" /> Remove
          </Button>
        }
        title="Remove this calendar?"
        description="Its busy times stop blocking your slots at once: customers can book those times again."
        confirmLabel="Remove"
        destructive
        onConfirm={remove}
      />
    </li>
  );
}

/** The add-an-address form (contract schema) and the "Upload .ics" button. */
function AddCalendar({ onAdd, onUpload }: Pick<BusyCalendarsSectionProps, 'onAdd' | 'onUpload'>) {
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<BusyCalendarBody>({
    resolver: zodResolver(busyCalendarBodySchema),
    defaultValues: { url: '' },
  });
  const { formError, submit } = useServerErrors(setError, ['url']);
  return (
    <div className="flex flex-col gap-3">
      <form
        noValidate
        aria-label="Add a calendar address"
        className="flex flex-col gap-2 sm:flex-row sm:items-start"
        onSubmit={handleSubmit((values) =>
          submit(async () => {
            await onAdd(values.url);
            reset();
            toast.success('Calendar added', { description: 'Its busy times appear shortly.' });
          }),
        )}
      >
        <FormField
          label="Calendar address (ICS)"
          hint="In Google Calendar: Settings → your calendar → “Secret address in iCal format”. Checked every 15 minutes."
          error={errors.url?.message}
          className="min-w-0 flex-1"
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            placeholder="https://…/basic.ics"
            {...register('url')}
          />
        </FormField>
        <Button type="submit" loading={isSubmitting} className="sm:mt-6">
          Add calendar
        </Button>
      </form>
      <FormError message={formError} />
      <UploadIcs onUpload={onUpload} />
    </div>
  );
}

/** "Upload .ics": picks a file and imports it, saying how it went in a toast. */
function UploadIcs({ onUpload }: Pick<BusyCalendarsSectionProps, 'onUpload'>) {
  const input = React.useRef<HTMLInputElement>(null);
  const [busy, setBusy] = React.useState(false);
  const pick = async (event: React.ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (!file) return;
    setBusy(true);
    try {
      await onUpload(file);
      toast.success('Calendar imported', {
        description: `${file.name}: its busy times now block slots.`,
      });
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <input
        ref={input}
        type="file"
        accept=".ics,text/calendar"
        className="sr-only"
        aria-label="Calendar file (.ics)"
        tabIndex={-1}
        onChange={pick}
      />
      <Button variant="outline" loading={busy} onClick={() => input.current?.click()}>
        <Upload aria-hidden="true" /> Upload .ics
      </Button>
      <p className="text-xs text-muted">
        An uploaded file is read once: upload it again after changes.
      </p>
    </div>
  );
}
