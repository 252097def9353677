import { MESSAGES } from '@vetted/api-client';
import { QUOTE_RULES, type VendorFreeSlots } from '@vetted/contract';
import {
  Button,
  EmptyState,
  FilterChip,
  Skeleton,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@vetted/ui';
import { CalendarX } from 'lucide-react';
import * as React from 'react';
import { ErrorState } from '../../components/error-state';
import { formatDateTime } from '../../lib/format';

export interface VendorSlotPickerProps {
  /** `GET /v1/vendor/free-slots` for the quote's duration; undefined while loading or not asked. */
  data?: VendorFreeSlots;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** The chosen starts (ISO instants), at most `QUOTE_RULES.maxSlots` (3). */
  value: string[];
  onChange: (value: string[]) => void;
}

/** Calendar day `date` (`YYYY-MM-DD`) as "Mon 23 Nov", read at UTC noon so no zone shifts it. */
function dayLabel(date: string): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * The quote builder's times: the pro's free starts by day (tabs), each a toggle; up to 3 may be
 * offered (the contract's `QUOTE_RULES.maxSlots`), then the others are disabled until one is
 * removed. The chosen ones are listed above with a remove button, in the pro's time zone, which
 * the picker names. Skeleton while loading, the error with "Try again", and an empty state when
 * the calendar has nothing free.
 */
export function VendorSlotPicker({
  data,
  isLoading,
  error,
  onRetry,
  value,
  onChange,
}: VendorSlotPickerProps) {
  const firstFree = data?.days.find((d) => d.slots.length > 0)?.date ?? data?.days[0]?.date ?? '';
  const [day, setDay] = React.useState(firstFree);
  // A new answer (another duration) may not have the day that was open.
  const shownDay = data?.days.some((d) => d.date === day) ? day : firstFree;
  if (error && !data) {
    return (
      <ErrorState
        title={MESSAGES.errorLoadingData}
        message={error.message}
        error={error}
        onRetry={onRetry}
      />
    );
  }
  if (!data) {
    return isLoading ? (
      <div role="status" aria-busy="true" aria-label="Loading your free times">
        <Skeleton className="h-32 rounded-lg" />
      </div>
    ) : null;
  }
  if (!data.days.some((d) => d.slots.length > 0)) {
    return (
      <EmptyState
        icon={<CalendarX />}
        title="No free times"
        description="Your calendar has no free time this long in the coming days. Try a shorter job, or open more hours in Availability."
      />
    );
  }
  const full = value.length >= QUOTE_RULES.maxSlots;
  const toggle = (startsAt: string) =>
    onChange(
      value.includes(startsAt) ? value.filter((s) => s !== startsAt) : [...value, startsAt].sort(),
    );
  const timeOf = (iso: string) =>
    new Intl.DateTimeFormat(undefined, {
      timeZone: data.timeZone,
      hour: 'numeric',
      minute: '2-digit',
    }).format(new Date(iso));
  return (
    <div className="flex flex-col gap-3">
      <p aria-live="polite" className="text-sm">
        {value.length === 0
          ? 'No time chosen yet.'
          : `Offering ${value.length} of ${QUOTE_RULES.maxSlots}:`}
      </p>
      {value.length > 0 ? (
        <ul aria-label="Times offered" className="flex flex-wrap gap-2">
          {value.map((s) => (
            <li key={s}>
              <FilterChip
                label={formatDateTime(s, data.timeZone, true)}
                removeLabel={`Remove ${formatDateTime(s, data.timeZone, true)}`}
                onRemove={() => toggle(s)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      <Tabs value={shownDay} onValueChange={setDay}>
        <TabsList aria-label="Day" className="w-full justify-start overflow-x-auto rounded-lg">
          {data.days.map((d) => (
            <TabsTrigger key={d.date} value={d.date} className="rounded-md px-3 py-2">
              {dayLabel(d.date)}
            </TabsTrigger>
          ))}
        </TabsList>
        {data.days.map((d) => (
          <TabsContent key={d.date} value={d.date}>
            {d.slots.length > 0 ? (
              <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
                {d.slots.map((s) => {
                  const chosen = value.includes(s);
                  return (
                    <li key={s}>
                      <Button
                        type="button"
                        size="sm"
                        className="w-full tabular-nums"
                        variant={chosen ? 'primary' : 'outline'}
                        aria-pressed={chosen}
                        disabled={full && !chosen}
                        onClick={() => toggle(s)}
                      >
                        {timeOf(s)}
                      </Button>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="py-4 text-sm text-muted">Nothing free on this day.</p>
            )}
          </TabsContent>
        ))}
      </Tabs>
      <p className="text-xs text-muted">
        Times in {data.timeZone}
        {full ? ` · You can offer up to ${QUOTE_RULES.maxSlots} times.` : null}
      </p>
    </div>
  );
}
