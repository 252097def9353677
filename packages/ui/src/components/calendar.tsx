import { ChevronLeft, ChevronRight } from 'lucide-react';
import type * as React from 'react';
import { DayPicker, getDefaultClassNames, type Modifiers } from 'react-day-picker';
import { cn } from '../lib/utils';

type CalendarProps = React.ComponentProps<typeof DayPicker>;

function CalendarChevron({
  orientation,
  className,
}: {
  orientation?: 'up' | 'down' | 'left' | 'right';
  className?: string;
}) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon aria-hidden="true" className={cn('size-4', className)} />;
}

/** A month calendar (react-day-picker) styled with the design tokens. All DayPicker props pass through. */
/**
 * Day button label that contains the visible day number as a word ("Wednesday, March 11, 2026"),
 * so speech-input users can say what they see (WCAG 2.5.3; the default says "11th").
 */
function labelDayButton(date: Date, modifiers: Modifiers): string {
  const label = new Intl.DateTimeFormat(undefined, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(date);
  return `${label}${modifiers.today ? ', today' : ''}${modifiers.selected ? ', selected' : ''}`;
}

function Calendar({
  className,
  classNames,
  labels,
  showOutsideDays = true,
  ...props
}: CalendarProps) {
  const d = getDefaultClassNames();
  return (
    <DayPicker
      data-slot="calendar"
      showOutsideDays={showOutsideDays}
      className={cn('w-fit rounded-lg bg-surface p-3 text-fg', className)}
      classNames={{
        root: cn(d.root),
        months: cn('relative flex flex-col gap-4 sm:flex-row', d.months),
        month: cn('flex flex-col gap-3', d.month),
        nav: cn('absolute inset-x-0 top-0 flex items-center justify-between', d.nav),
        button_previous: cn(
          'inline-flex size-8 items-center justify-center rounded-full text-fg outline-none hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-disabled',
          d.button_previous,
        ),
        button_next: cn(
          'inline-flex size-8 items-center justify-center rounded-full text-fg outline-none hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-disabled',
          d.button_next,
        ),
        month_caption: cn('flex h-8 items-center justify-center px-8', d.month_caption),
        caption_label: cn('text-sm font-semibold', d.caption_label),
        month_grid: cn('w-full border-collapse', d.month_grid),
        weekdays: cn('flex', d.weekdays),
        weekday: cn('w-10 text-center text-xs font-medium text-muted', d.weekday),
        week: cn('mt-1 flex w-full', d.week),
        day: cn('size-10 p-0 text-center text-sm', d.day),
        day_button: cn(
          'inline-flex size-10 items-center justify-center rounded-full outline-none transition-colors duration-base hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none',
          d.day_button,
        ),
        selected: cn(
          '[&>button]:bg-primary [&>button]:text-primary-fg [&>button]:hover:bg-primary',
          d.selected,
        ),
        today: cn('[&>button]:font-bold [&>button]:text-link', d.today),
        outside: cn('text-muted', d.outside),
        disabled: cn('text-muted line-through opacity-disabled', d.disabled),
        hidden: cn('invisible', d.hidden),
        range_start: cn('rounded-l-full bg-primary-soft', d.range_start),
        range_middle: cn(
          'bg-primary-soft [&>button]:rounded-none [&>button]:bg-transparent! [&>button]:text-fg!',
          d.range_middle,
        ),
        range_end: cn('rounded-r-full bg-primary-soft', d.range_end),
        ...classNames,
      }}
      components={{ Chevron: CalendarChevron }}
      labels={{ labelDayButton, ...labels }}
      {...props}
    />
  );
}

export { Calendar };
export type { CalendarProps };
