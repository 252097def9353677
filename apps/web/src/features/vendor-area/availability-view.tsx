import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError, MESSAGES } from '@vetted/api-client';
import {
  type Availability,
  type AvailabilityException,
  availabilitySchema,
  timeRangeSchema,
  weeklyRangeSchema,
} from '@vetted/contract';
import {
  Alert,
  AlertDescription,
  AlertTitle,
  Button,
  Card,
  FormField,
  IconButton,
  Input,
  Label,
  PageHeader,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
  Skeleton,
  Switch,
} from '@vetted/ui';
import { CalendarPlus, Copy, Plus, TriangleAlert, X } from 'lucide-react';
import * as React from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useForm,
  useWatch,
} from 'react-hook-form';
import { z } from 'zod';
import { ErrorState } from '../../components/error-state';
import { useUnsavedChangesWarning } from '../../lib/hooks/use-unsaved-changes';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { formatDuration } from '../../lib/format';

/** Weekday names by the contract's numbers (0 = Sunday). */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
/** The order days are listed in: Monday first. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];
/** Ranges a day (or an exception) may have (contract: 6 per exception, 42 a week). */
const RANGES_PER_DAY = 6;
/** Minimum-notice choices, minutes (contract: 0 to 14 days). */
const NOTICE_CHOICES = [0, 30, 60, 120, 180, 240, 480, 720, 1440, 2880, 4320, 10080, 20160];
/** Buffer choices, minutes (contract: 0 to 240). */
const BUFFER_CHOICES = [0, 15, 30, 45, 60, 90, 120, 180, 240];

/*
 * Times are `HH:MM` from `<input type="time">`, which cannot show 24:00: a range ending at
 * midnight is typed (and shown) as 00:00 and sent as the contract's `24:00`.
 */
const endAtMidnight = <T extends { end: string }>(range: T): T =>
  range.end === '00:00' ? { ...range, end: '24:00' } : range;
const rangeInput = { start: z.string(), end: z.string() };

/**
 * The availability form's schema: the contract's `availabilitySchema` (its time, range and
 * bound rules, same words), with an end of 00:00 read as midnight and exceptions edited as
 * `{ date, closed, ranges }` — turned into the contract's `{ date, closed: true }` or
 * `{ date, ranges }`. Overlapping ranges are the API's to refuse (it names the day).
 */
export const availabilityFormSchema = availabilitySchema.extend({
  weekly: z
    .array(
      z
        .object({ weekday: z.number(), ...rangeInput })
        .transform(endAtMidnight)
        .pipe(weeklyRangeSchema),
    )
    .max(7 * RANGES_PER_DAY),
  exceptions: z
    .array(
      z
        .object({
          date: z.iso.date({ error: 'Choose a date' }),
          closed: z.boolean(),
          ranges: z
            .array(z.object(rangeInput).transform(endAtMidnight).pipe(timeRangeSchema))
            .max(RANGES_PER_DAY),
        })
        .superRefine((e, ctx) => {
          if (!e.closed && e.ranges.length === 0) {
            ctx.addIssue({
              code: 'custom',
              path: ['ranges'],
              message: 'Add opening hours, or mark the day closed',
            });
          }
        })
        .transform(
          (e): AvailabilityException =>
            e.closed ? { date: e.date, closed: true } : { date: e.date, ranges: e.ranges },
        ),
    )
    .max(366)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((e, i) => {
        if (seen.has(e.date)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'date'],
            message: 'Another exception has this date',
          });
        }
        seen.add(e.date);
      });
    }),
});

/** What the availability form holds. */
export type AvailabilityFormInput = z.input<typeof availabilityFormSchema>;

/** The form's values for what the API answered (ranges sorted, midnight as 00:00). */
export function availabilityFormValues(a: Availability): AvailabilityFormInput {
  const shown = (r: { start: string; end: string }) =>
    r.end === '24:00' ? { start: r.start, end: '00:00' } : { start: r.start, end: r.end };
  return {
    timeZone: a.timeZone,
    weekly: [...a.weekly]
      .sort((x, y) => x.weekday - y.weekday || x.start.localeCompare(y.start))
      .map((r) => ({ weekday: r.weekday, ...shown(r) })),
    exceptions: a.exceptions.map((e) =>
      'closed' in e
        ? { date: e.date, closed: true, ranges: [] }
        : { date: e.date, closed: false, ranges: e.ranges.map(shown) },
    ),
    minNoticeMinutes: a.minNoticeMinutes,
    bufferMinutes: a.bufferMinutes,
    horizonDays: a.horizonDays,
  };
}

/** Paths of the form a server field error may name (`weekly.3.start`, `exceptions.0.date`, …). */
const FORM_PATH =
  /^(timeZone|minNoticeMinutes|bufferMinutes|horizonDays|weekly\.\d+(\.(start|end))?|exceptions\.\d+(\.(date|ranges(\.\d+(\.(start|end))?)?))?)$/;

/** `HH:MM` → minutes after midnight; `24:00` → 1440. */
const toMinutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
/** Minutes after midnight → `HH:MM` (1440 and later → `00:00`, midnight as an end). */
const toTime = (m: number) =>
  m >= 1440
    ? '00:00'
    : `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

/** The range "Add hours" proposes after `last` (or 09:00–17:00 on an empty day). */
function nextRange(last: { end: string } | undefined): { start: string; end: string } {
  if (!last || !/^\d\d:\d\d$/.test(last.end) || last.end === '00:00') {
    return { start: '09:00', end: '17:00' };
  }
  const start = toMinutes(last.end) + 60;
  return start >= 1440
    ? { start: '09:00', end: '17:00' }
    : { start: toTime(start), end: toTime(Math.min(start + 120, 1440)) };
}

/** "None", "30 min", "2 h", "1 day", "14 days". */
function noticeLabel(minutes: number): string {
  if (minutes === 0) return 'None';
  if (minutes < 1440 || minutes % 1440 !== 0) return formatDuration(minutes);
  const days = minutes / 1440;
  return days === 1 ? '1 day' : `${days} days`;
}

/** Every IANA zone Intl knows, with `also` kept in (e.g. `UTC`, missing from some lists). */
function zoneList(also: string): string[] {
  const known =
    typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(also) ? known : [...known, also].sort();
}

export interface AvailabilityViewProps {
  /** Hours, exceptions and booking rules (`GET /v1/vendor/availability`). */
  availability?: Availability;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /**
   * Replaces everything (`PUT /v1/vendor/availability`) and resolves with what was saved.
   * Reject with the API's error: field errors show on their range or field, and the message
   * (e.g. which day overlaps) above the Save button.
   */
  onSave: (body: Availability) => Promise<Availability>;
  /** Zones offered. @defaultValue every zone of `Intl.supportedValuesOf('timeZone')` */
  timeZones?: string[];
}

/**
 * `/vendor/availability`: weekly opening hours with several ranges a day (add,
 * remove, copy a day to every day), the time zone they are in, exceptions (a date closed or
 * with other hours), and the booking rules — minimum notice, buffer after each booking, how far
 * ahead customers can book. Saved in one go; the API's refusals (overlapping ranges) show on
 * the range and above the Save button. Leaving with unsaved changes asks first.
 */
export function AvailabilityView({
  availability,
  isLoading,
  error,
  onRetry,
  onSave,
  timeZones,
}: AvailabilityViewProps) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="Opening hours"
        description="When customers can book you. Every time here is in your time zone."
      />
      {error && !availability ? (
        <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
      ) : isLoading || !availability ? (
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading opening hours"
          className="flex flex-col gap-4"
        >
          <Skeleton className="h-24" />
          <Skeleton className="h-96" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <AvailabilityForm availability={availability} onSave={onSave} timeZones={timeZones} />
      )}
    </div>
  );
}

function AvailabilityForm({
  availability,
  onSave,
  timeZones,
}: {
  availability: Availability;
  onSave: AvailabilityViewProps['onSave'];
  timeZones?: string[];
}) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const [announcement, setAnnouncement] = React.useState('');
  const {
    register,
    control,
    handleSubmit,
    setError,
    clearErrors,
    reset,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<AvailabilityFormInput, unknown, Availability>({
    resolver: zodResolver(availabilityFormSchema),
    defaultValues: availabilityFormValues(availability),
  });
  useUnsavedChangesWarning(isDirty && !isSubmitting);
  const weekly = useFieldArray({ control, name: 'weekly' });
  const exceptions = useFieldArray({ control, name: 'exceptions' });
  const timeZone = watch('timeZone');
  const zones = React.useMemo(() => timeZones ?? zoneList(timeZone), [timeZones, timeZone]);
  const values = watch('weekly');

  const submit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const saved = await onSave(body);
      reset(availabilityFormValues(saved));
      setAnnouncement('Opening hours saved');
    } catch (err) {
      const fields = isApiError(err) ? err.fields : undefined;
      const known = fields ? Object.keys(fields).filter((p) => FORM_PATH.test(p)) : [];
      applyServerFieldErrors(err, setError, known);
      // The API's message starts with the field path ("weekly: Monday: 09:00–12:00 overlaps
      // …"); its field messages say the same in words only.
      const said = fields ? Object.values(fields) : [];
      setFormError(said.length > 0 ? said.join(' ') : errorMessage(err));
    }
  });

  /** Indices (in the form's array) of one weekday's ranges, in their order. */
  const dayIndices = (weekday: number) =>
    weekly.fields.flatMap((f, index) => (f.weekday === weekday ? [index] : []));

  const copyToEveryDay = (weekday: number) => {
    const source = dayIndices(weekday).map((i) => ({
      start: values[i]?.start ?? '',
      end: values[i]?.end ?? '',
    }));
    weekly.replace(
      WEEK_ORDER.flatMap((d) => source.map((r) => ({ weekday: d, start: r.start, end: r.end }))),
    );
    clearErrors('weekly');
    setAnnouncement(`${WEEKDAYS[weekday]}'s hours copied to every day`);
  };

  const noHours = weekly.fields.length === 0;

  return (
    <form noValidate onSubmit={submit} aria-label="Opening hours" className="flex flex-col gap-6">
      {noHours ? (
        <Alert variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>No opening hours yet</AlertTitle>
          <AlertDescription>
            Customers cannot book you until you add the hours you work. Add them below and save.
          </AlertDescription>
        </Alert>
      ) : null}

      <Card>
        <FormField
          label="Time zone"
          hint="Your hours and every booking time are in this zone; customers see times in it too."
          error={errors.timeZone?.message}
          required
        >
          <Controller
            control={control}
            name="timeZone"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange}>
                <SelectTrigger onBlur={field.onBlur} className="sm:max-w-sm">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {zones.map((zone) => (
                    <SelectItem key={zone} value={zone}>
                      {zone.replaceAll('_', ' ')}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </FormField>
      </Card>

      <Card>
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">Weekly hours</h2>
          <p className="text-sm text-muted">
            Add several ranges on a day to take a break. A range ending at 00:00 runs until
            midnight.
          </p>
        </div>
        <ul className="flex flex-col divide-y divide-border">
          {WEEK_ORDER.map((weekday) => {
            const day = WEEKDAYS[weekday] ?? '';
            const indices = dayIndices(weekday);
            return (
              <li
                key={weekday}
                aria-label={day}
                className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start"
              >
                <p className="w-28 shrink-0 pt-2 font-medium">{day}</p>
                <div className="flex min-w-0 flex-1 flex-col gap-2">
                  {indices.length === 0 ? (
                    <p className="pt-2 text-sm text-muted">Closed</p>
                  ) : (
                    indices.map((index, k) => (
                      <RangeFields
                        key={weekly.fields[index]?.id}
                        label={indices.length > 1 ? `${day}, hours ${k + 1}` : `${day} hours`}
                        startName={`weekly.${index}.start`}
                        endName={`weekly.${index}.end`}
                        register={register}
                        error={
                          errors.weekly?.[index]?.start?.message ??
                          errors.weekly?.[index]?.end?.message ??
                          errors.weekly?.[index]?.message
                        }
                        onRemove={() => weekly.remove(index)}
                      />
                    ))
                  )}
                  <div className="flex flex-wrap gap-1">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Add hours on ${day}`}
                      disabled={indices.length >= RANGES_PER_DAY}
                      onClick={() => {
                        const last = indices[indices.length - 1];
                        weekly.append({
                          weekday,
                          ...nextRange(last === undefined ? undefined : values[last]),
                        });
                      }}
                    >
                      <Plus aria-hidden="true" />
                      Add hours
                    </Button>
                    {indices.length > 0 ? (
                      <Button size="sm" variant="ghost" onClick={() => copyToEveryDay(weekday)}>
                        <Copy aria-hidden="true" />
                        Copy to every day
                        {/* The visible words start the accessible name (WCAG 2.5.3). */}
                        <span className="sr-only"> ({day}'s hours)</span>
                      </Button>
                    ) : null}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </Card>

      <Card>
        <div className="flex flex-col gap-1">
          <h2 className="text-lg font-semibold">Exceptions</h2>
          <p className="text-sm text-muted">
            Dates when you are closed or keep other hours — a holiday, a training day. They replace
            that day's weekly hours.
          </p>
        </div>
        {exceptions.fields.length === 0 ? (
          <p className="text-sm text-muted">No exceptions.</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {exceptions.fields.map((field, index) => (
              <ExceptionRow
                key={field.id}
                index={index}
                control={control}
                register={register}
                errors={errors}
                onRemove={() => exceptions.remove(index)}
              />
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          className="w-fit"
          disabled={exceptions.fields.length >= 366}
          onClick={() => exceptions.append({ date: '', closed: true, ranges: [] })}
        >
          <CalendarPlus aria-hidden="true" />
          Add an exception
        </Button>
      </Card>

      <Card>
        <h2 className="text-lg font-semibold">Booking rules</h2>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField
            label="Minimum notice"
            hint="The earliest a customer can book, counted from now."
            error={errors.minNoticeMinutes?.message}
          >
            <Controller
              control={control}
              name="minNoticeMinutes"
              render={({ field }) => (
                <Select
                  value={String(field.value)}
                  onValueChange={(v) => field.onChange(Number(v))}
                >
                  <SelectTrigger onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {withValue(NOTICE_CHOICES, field.value).map((m) => (
                      <SelectItem key={m} value={String(m)}>
                        {noticeLabel(m)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField
            label="Buffer after bookings"
            hint="Free time kept after each booking, for travel or tidying up."
            error={errors.bufferMinutes?.message}
          >
            <Controller
              control={control}
              name="bufferMinutes"
              render={({ field }) => (
                <Select
                  value={String(field.value)}
                  onValueChange={(v) => field.onChange(Number(v))}
                >
                  <SelectTrigger onBlur={field.onBlur}>
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    {withValue(BUFFER_CHOICES, field.value).map((m) => (
                      <SelectItem key={m} value={String(m)}>
                        {m === 0 ? 'None' : formatDuration(m)}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            />
          </FormField>
          <FormField
            label="Book up to (days ahead)"
            hint="How far ahead customers see free times, 1 to 366 days."
            error={errors.horizonDays?.message}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={366}
              {...register('horizonDays', { valueAsNumber: true })}
            />
          </FormField>
        </div>
      </Card>

      {formError ? (
        <Alert variant="danger" role="alert">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>Your hours were not saved</AlertTitle>
          <AlertDescription>{formError}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" size="lg" loading={isSubmitting} disabled={!isDirty}>
          Save opening hours
        </Button>
        <p role="status" className="text-sm text-muted">
          {isDirty && !isSubmitting ? 'Unsaved changes' : announcement}
        </p>
      </div>
    </form>
  );
}

/** `choices` with `value` added in order when it is not one of them (a value saved elsewhere). */
function withValue(choices: number[], value: number): number[] {
  return choices.includes(value) ? choices : [...choices, value].sort((a, b) => a - b);
}

type RangeName =
  | `weekly.${number}.start`
  | `weekly.${number}.end`
  | `exceptions.${number}.ranges.${number}.start`
  | `exceptions.${number}.ranges.${number}.end`;

/** One time range: "from" and "until" inputs, a remove button, the range's error. */
function RangeFields({
  label,
  startName,
  endName,
  register,
  error,
  onRemove,
}: {
  /** Names the range for screen readers, e.g. "Monday, hours 2" or "Sunday hours". */
  label: string;
  startName: RangeName;
  endName: RangeName;
  register: UseFormRegister<AvailabilityFormInput>;
  error?: string;
  onRemove: () => void;
}) {
  const id = React.useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-start`} className="sr-only">
          {label}, from
        </Label>
        <Input
          id={`${id}-start`}
          type="time"
          step={900}
          className="w-32"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(startName)}
        />
        <span aria-hidden="true" className="text-muted">
          –
        </span>
        <Label htmlFor={`${id}-end`} className="sr-only">
          {label}, until
        </Label>
        <Input
          id={`${id}-end`}
          type="time"
          step={900}
          className="w-32"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(endName)}
        />
        <IconButton label={`Remove ${label}`} size="sm" className="size-8" onClick={onRemove}>
          <X aria-hidden="true" />
        </IconButton>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** One exception: its date, "Closed all day" or its own ranges, and a remove button. */
function ExceptionRow({
  index,
  control,
  register,
  errors,
  onRemove,
}: {
  index: number;
  control: Control<AvailabilityFormInput, unknown, Availability>;
  register: UseFormRegister<AvailabilityFormInput>;
  errors: FieldErrors<AvailabilityFormInput>;
  onRemove: () => void;
}) {
  const ranges = useFieldArray({ control, name: `exceptions.${index}.ranges` });
  const closed = useWatch({ control, name: `exceptions.${index}.closed` });
  const current = useWatch({ control, name: `exceptions.${index}.ranges` });
  const switchId = React.useId();
  const itemErrors = errors.exceptions?.[index];
  const label = `Exception ${index + 1}`;
  return (
    <li aria-label={label} className="flex flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-end gap-4">
        <FormField label="Date" error={itemErrors?.date?.message ?? itemErrors?.message} required>
          <Input type="date" className="w-44" {...register(`exceptions.${index}.date`)} />
        </FormField>
        <Controller
          control={control}
          name={`exceptions.${index}.closed`}
          render={({ field }) => (
            <div className="flex h-10 items-center gap-2">
              <Switch
                id={switchId}
                checked={field.value}
                onCheckedChange={(closed) => {
                  field.onChange(closed);
                  ranges.replace(closed ? [] : [{ start: '09:00', end: '17:00' }]);
                }}
                onBlur={field.onBlur}
              />
              <Label htmlFor={switchId}>Closed all day</Label>
            </div>
          )}
        />
        <Button
          size="sm"
          variant="ghost"
          className="ml-auto"
          aria-label={`Remove ${label}`}
          onClick={onRemove}
        >
          <X aria-hidden="true" />
          Remove
        </Button>
      </div>
      {ranges.fields.length > 0 ? (
        <div className="flex flex-col gap-2">
          {ranges.fields.map((range, k) => (
            <RangeFields
              key={range.id}
              label={`${label}, hours ${k + 1}`}
              startName={`exceptions.${index}.ranges.${k}.start`}
              endName={`exceptions.${index}.ranges.${k}.end`}
              register={register}
              error={
                itemErrors?.ranges?.[k]?.start?.message ??
                itemErrors?.ranges?.[k]?.end?.message ??
                itemErrors?.ranges?.[k]?.message
              }
              onRemove={() => ranges.remove(k)}
            />
          ))}
        </div>
      ) : null}
      {itemErrors?.ranges?.message || itemErrors?.ranges?.root?.message ? (
        <p role="alert" className="text-xs font-medium text-danger">
          {itemErrors.ranges.message ?? itemErrors.ranges.root?.message}
        </p>
      ) : null}
      {closed ? null : (
        <Button
          size="sm"
          variant="ghost"
          className="w-fit"
          aria-label={`Add hours to ${label}`}
          disabled={ranges.fields.length >= RANGES_PER_DAY}
          onClick={() => ranges.append(nextRange(current?.[current.length - 1]))}
        >
          <Plus aria-hidden="true" />
          Add hours
        </Button>
      )}
    </li>
  );
}
