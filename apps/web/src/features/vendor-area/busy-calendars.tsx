import { BusyCalendarsSection } from './busy-calendars-view';
import { useBusyCalendarActions, useBusyCalendars } from './use-busy-calendars';

/**
 * The "Busy times from other calendars" section of `/vendor/availability` with its data
 * (`GET /v1/vendor/busy-calendars`) and writes (add an address, upload a file, remove).
 */
export function BusyCalendars() {
  const { data, error, isLoading, mutate } = useBusyCalendars();
  const { add, upload, remove } = useBusyCalendarActions();
  return (
    <BusyCalendarsSection
      calendars={data}
      isLoading={isLoading}
      error={error}
      onRetry={() => mutate()}
      onAdd={add}
      onUpload={upload}
      onRemove={remove}
    />
  );
}
