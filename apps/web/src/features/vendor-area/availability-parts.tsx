import type { Availability } from '@vetted/contract';
import { Button, Card, FormField, IconButton, Input, Label, Switch } from '@vetted/ui';
import { CalendarPlus, Copy, Plus, X } from 'lucide-react';
import * as React from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useFieldArray,
  useWatch,
} from 'react-hook-form';
import {
  type AvailabilityFormInput,
  nextRange,
  RANGES_PER_DAY,
  WEEK_ORDER,
  WEEKDAYS,
} from './availability-schema';
import type { WeeklyRanges } from './use-availability-form';

/** What every part of the opening-hours form gets from `useForm`. */
interface FormBits {
  control: Control<AvailabilityFormInput, unknown, Availability>;
  register: UseFormRegister<AvailabilityFormInput>;
  errors: FieldErrors<AvailabilityFormInput>;
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
  const inputProps = {
    type: 'time',
    step: 900,
    className: 'w-32',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  } as const;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center gap-2">
        <Label htmlFor={`${id}-start`} className="sr-only">
          {label}, from
        </Label>
        <Input id={`${id}-start`} {...inputProps} {...register(startName)} />
        <span aria-hidden="true" className="text-muted">
          –
        </span>
        <Label htmlFor={`${id}-end`} className="sr-only">
          {label}, until
        </Label>
        <Input id={`${id}-end`} {...inputProps} {...register(endName)} />
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

/** The "Weekly hours" card: a row per weekday, Monday first. */
export function WeeklyHoursCard({
  weekly,
  register,
  errors,
}: Omit<FormBits, 'control'> & { weekly: WeeklyRanges }) {
  return (
    <Card>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Weekly hours</h2>
        <p className="text-sm text-muted">
          Add several ranges on a day to take a break. A range ending at 00:00 runs until midnight.
        </p>
      </div>
      <ul className="flex flex-col divide-y divide-border">
        {WEEK_ORDER.map((weekday) => (
          <WeekdayRow
            key={weekday}
            weekday={weekday}
            weekly={weekly}
            register={register}
            errors={errors}
          />
        ))}
      </ul>
    </Card>
  );
}

/** One weekday: "Closed" or its ranges, then "Add hours" and "Copy to every day". */
function WeekdayRow({
  weekday,
  weekly,
  register,
  errors,
}: Omit<FormBits, 'control'> & { weekday: number; weekly: WeeklyRanges }) {
  const day = WEEKDAYS[weekday] ?? '';
  const indices = weekly.dayIndices(weekday);
  return (
    <li aria-label={day} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-start">
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
            onClick={() => weekly.addRange(weekday)}
          >
            <Plus aria-hidden="true" />
            Add hours
          </Button>
          {indices.length > 0 ? (
            <Button size="sm" variant="ghost" onClick={() => weekly.copyToEveryDay(weekday)}>
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
}

/** The "Exceptions" card: dates closed or with other hours, and "Add an exception". */
export function ExceptionsCard({ control, register, errors }: FormBits) {
  const exceptions = useFieldArray({ control, name: 'exceptions' });
  return (
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
  );
}

/** One exception: its date, "Closed all day" or its own ranges, and a remove button. */
function ExceptionRow({
  index,
  control,
  register,
  errors,
  onRemove,
}: FormBits & { index: number; onRemove: () => void }) {
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
