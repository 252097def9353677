import { CalendarX } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/utils';
import { EmptyState } from './empty-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

/** A bookable time range; ISO 8601 instants. */
interface Slot {
  startsAt: string;
  endsAt: string;
  available: boolean;
}

/** The slots of one calendar day (`date` is YYYY-MM-DD in the vendor's time zone). */
interface SlotDay {
  date: string;
  slots: Slot[];
}

type SlotPickerProps = Omit<React.ComponentProps<'div'>, 'onChange' | 'defaultValue'> & {
  /** Days to offer, in order. */
  days: SlotDay[];
  /** IANA time zone the times are shown in, e.g. "Europe/Dublin". */
  timeZone: string;
  /** `startsAt` of the chosen slot. */
  value?: string;
  /** Called with the chosen slot's `startsAt`. */
  onChange: (startsAt: string) => void;
  /**
   * Locale used for day and time labels.
   * @defaultValue the browser's locale
   */
  locale?: string;
  /**
   * Extra content of a day without free times, under "Pick another day" — e.g. a "Join the
   * waitlist" button. Called with the day's `date` and whether it has slots at all (false: the
   * vendor does not work that day).
   * @defaultValue nothing
   */
  dayEmptyAction?: (date: string, hasSlots: boolean) => React.ReactNode;
};

function dayLabels(date: string, locale?: string) {
  // Dates are calendar days, not instants: format them at UTC noon so no zone shifts the day.
  const d = new Date(`${date}T12:00:00Z`);
  const fmt = (opts: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat(locale, { timeZone: 'UTC', ...opts }).format(d);
  return {
    weekday: fmt({ weekday: 'short' }),
    day: fmt({ day: 'numeric' }),
    month: fmt({ month: 'short' }),
    full: fmt({ weekday: 'long', day: 'numeric', month: 'long' }),
  };
}

/**
 * Booking time picker: a strip of day tabs, then a grid of start times formatted in `timeZone`.
 * Taken slots are disabled and struck through; a day without free times shows an empty state.
 */
function SlotPicker({
  days,
  timeZone,
  value,
  onChange,
  locale,
  dayEmptyAction,
  className,
  ...props
}: SlotPickerProps) {
  const initialDay =
    days.find((d) => d.slots.some((s) => s.startsAt === value))?.date ??
    days.find((d) => d.slots.some((s) => s.available))?.date ??
    days[0]?.date ??
    '';
  const [day, setDay] = React.useState(initialDay);
  const timeFormat = React.useMemo(
    () => new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }),
    [locale, timeZone],
  );

  if (days.length === 0) {
    return (
      <EmptyState
        data-slot="slot-picker-empty"
        icon={<CalendarX />}
        title="No free times"
        description="This vendor has no availability in the coming days."
        className={className}
      />
    );
  }

  return (
    <div data-slot="slot-picker" className={cn('flex flex-col gap-3', className)} {...props}>
      <Tabs value={day} onValueChange={setDay}>
        <TabsList aria-label="Day" className="w-full justify-start rounded-lg">
          {days.map((d) => {
            const l = dayLabels(d.date, locale);
            const free = d.slots.filter((s) => s.available).length;
            return (
              <TabsTrigger
                key={d.date}
                value={d.date}
                className="flex min-w-16 flex-col gap-0 rounded-md px-3 py-2"
              >
                <span className="text-xs">{l.weekday}</span>
                <span className="text-base font-semibold">{l.day}</span>
                <span className="text-xs">{l.month}</span>
                <span className="sr-only">
                  , {free === 0 ? 'no free times' : `${free} free ${free === 1 ? 'time' : 'times'}`}
                </span>
              </TabsTrigger>
            );
          })}
        </TabsList>
        {days.map((d) => {
          const free = d.slots.some((s) => s.available);
          return (
            <TabsContent key={d.date} value={d.date} className="focus-visible:ring-offset-2">
              {free ? (
                <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 md:grid-cols-6">
                  {d.slots.map((slot) => {
                    const selected = slot.startsAt === value;
                    const label = timeFormat.format(new Date(slot.startsAt));
                    return (
                      <li key={slot.startsAt}>
                        <button
                          type="button"
                          data-slot="slot-picker-time"
                          aria-pressed={selected}
                          disabled={!slot.available}
                          aria-label={slot.available ? label : `${label}, taken`}
                          onClick={() => onChange(slot.startsAt)}
                          className={cn(
                            'w-full rounded-pill border border-input px-3 py-2 text-sm font-medium tabular-nums',
                            'outline-none transition-colors duration-base focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-surface',
                            'hover:border-primary hover:bg-primary-soft',
                            'disabled:cursor-not-allowed disabled:border-border disabled:bg-surface-muted disabled:text-muted disabled:line-through disabled:hover:bg-surface-muted',
                            selected &&
                              'border-primary bg-primary text-primary-fg hover:bg-primary',
                          )}
                        >
                          {label}
                        </button>
                      </li>
                    );
                  })}
                </ul>
              ) : (
                <EmptyState
                  data-slot="slot-picker-day-empty"
                  icon={<CalendarX />}
                  title="No free times on this day"
                  description="Pick another day."
                  action={dayEmptyAction?.(d.date, d.slots.length > 0)}
                />
              )}
            </TabsContent>
          );
        })}
      </Tabs>
      <p data-slot="slot-picker-zone" className="text-xs text-muted">
        Times in {timeZone}
      </p>
    </div>
  );
}

export { SlotPicker };
export type { Slot, SlotDay, SlotPickerProps };
