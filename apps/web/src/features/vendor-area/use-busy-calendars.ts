import type { BusyCalendar } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { endpointKey } from '../../lib/keys';
import { useEndpoint } from '../../lib/use-endpoint';
import { api } from '../../lib/vetted-api';

/** How often the list is read again while an added address waits for its first fetch (ms). */
const PENDING_REFRESH_MS = 3000;

/** Whether an address was added but not fetched yet (the job runs right after the add). */
const awaitingFirstFetch = (calendars?: BusyCalendar[]) =>
  calendars?.some((c) => c.source === 'url' && !c.lastFetchedAt) ?? false;

/**
 * `GET /v1/vendor/busy-calendars` — the pro's imported calendars with their last sync and
 * error. Read again every 3 s while an added address waits for its first fetch, so its result
 * shows without a reload.
 */
export function useBusyCalendars() {
  return useEndpoint(
    'listBusyCalendars',
    {},
    { refreshInterval: (data) => (awaitingFirstFetch(data) ? PENDING_REFRESH_MS : 0) },
  );
}

/**
 * The writes of the pro's imported calendars. Each rejects with the API's error (field errors
 * for the address, 413/422 for a file, 409 past 10 calendars) and, on success, leaves the
 * cached list (`useBusyCalendars`) up to date:
 * - `add(url)`: `POST /v1/vendor/busy-calendars`; its first fetch follows in a job.
 * - `upload(file)`: `POST /v1/vendor/busy-calendars/upload` (`.ics`, at most 1 MB), read at once.
 * - `remove(id)`: `DELETE /v1/vendor/busy-calendars/:id`; its slots are free again.
 */
export function useBusyCalendarActions() {
  const { mutate } = useSWRConfig();
  return React.useMemo(() => {
    const key = endpointKey('listBusyCalendars');
    const append = async (write: Promise<BusyCalendar>) => {
      const created = await write;
      await mutate(key, (current?: BusyCalendar[]) => [...(current ?? []), created], {
        revalidate: false,
      });
    };
    return {
      add: (url: string) => append(api.vendor.addBusyCalendar({ url })),
      upload: (file: File) => append(api.vendor.uploadBusyCalendar(file, file.name)),
      remove: async (id: string) => {
        await mutate(key, api.vendor.deleteBusyCalendar(id), {
          populateCache: true,
          revalidate: false,
        });
      },
    };
  }, [mutate]);
}
