import type { Availability } from '@vetted/contract';
import {
  Card,
  FormField,
  Input,
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '@vetted/ui';
import { type Control, Controller, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import {
  type AvailabilityFormInput,
  BUFFER_CHOICES,
  bufferLabel,
  NOTICE_CHOICES,
  noticeLabel,
  withValue,
} from './availability-schema';

type FormControl = Control<AvailabilityFormInput, unknown, Availability>;

/** The "Time zone" card: one select of IANA zones (`zones`), shown with spaces for `_`. */
export function TimeZoneCard({
  control,
  zones,
  error,
}: {
  control: FormControl;
  zones: string[];
  error?: string;
}) {
  return (
    <Card>
      <FormField
        label="Time zone"
        hint="Your hours and every booking time are in this zone; customers see times in it too."
        error={error}
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
  );
}

/** The booking rules chosen from lists of minutes, in the order shown. */
const MINUTES_FIELDS = [
  {
    name: 'minNoticeMinutes',
    label: 'Minimum notice',
    hint: 'The earliest a customer can book, counted from now.',
    choices: NOTICE_CHOICES,
    format: noticeLabel,
  },
  {
    name: 'bufferMinutes',
    label: 'Buffer after bookings',
    hint: 'Free time kept after each booking, for travel or tidying up.',
    choices: BUFFER_CHOICES,
    format: bufferLabel,
  },
] as const;

/** The "Booking rules" card: minimum notice, buffer after bookings, days ahead. */
export function BookingRulesCard({
  control,
  register,
  errors,
}: {
  control: FormControl;
  register: UseFormRegister<AvailabilityFormInput>;
  errors: FieldErrors<AvailabilityFormInput>;
}) {
  return (
    <Card>
      <h2 className="text-lg font-semibold">Booking rules</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        {MINUTES_FIELDS.map((f) => (
          <MinutesField key={f.name} control={control} error={errors[f.name]?.message} {...f} />
        ))}
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
  );
}

/**
 * A field choosing a number of minutes from `choices` (plus the current value when it is not one
 * of them, e.g. saved elsewhere), each shown through `format`.
 */
function MinutesField({
  control,
  name,
  label,
  hint,
  error,
  choices,
  format,
}: {
  control: FormControl;
  name: 'minNoticeMinutes' | 'bufferMinutes';
  label: string;
  hint: string;
  error?: string;
  choices: readonly number[];
  format: (minutes: number) => string;
}) {
  return (
    <FormField label={label} hint={hint} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <Select value={String(field.value)} onValueChange={(v) => field.onChange(Number(v))}>
            <SelectTrigger onBlur={field.onBlur}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {withValue(choices, field.value).map((m) => (
                <SelectItem key={m} value={String(m)}>
                  {format(m)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
      />
    </FormField>
  );
}
