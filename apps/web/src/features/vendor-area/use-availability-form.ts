import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError } from '@vetted/api-client';
import type { Availability } from '@vetted/contract';
import * as React from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { useUnsavedChangesWarning } from '../../lib/hooks/use-unsaved-changes';
import {
  type AvailabilityFormInput,
  availabilityFormSchema,
  availabilityFormValues,
  FORM_PATH,
  nextRange,
  WEEK_ORDER,
  WEEKDAYS,
  zoneList,
} from './availability-schema';

/** What `useAvailabilityForm` needs: the saved hours, how to save, and the zones to offer. */
export interface AvailabilityFormOptions {
  /** What the API answered last; the form starts from it. */
  availability: Availability;
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
 * State and actions of the opening-hours form: react-hook-form with the contract's schema, the
 * weekly ranges as one field array (grouped by weekday when shown), and the save. A refusal puts
 * the API's field errors on their fields (known paths only, `FORM_PATH`) and its words in
 * `formError`; a save resets the form to what the API answered and announces it. Leaving with
 * unsaved changes asks first.
 */
export function useAvailabilityForm({ availability, onSave, timeZones }: AvailabilityFormOptions) {
  const [formError, setFormError] = React.useState<string | null>(null);
  const [announcement, setAnnouncement] = React.useState('');
  const form = useForm<AvailabilityFormInput, unknown, Availability>({
    resolver: zodResolver(availabilityFormSchema),
    defaultValues: availabilityFormValues(availability),
  });
  const { control, handleSubmit, setError, clearErrors, reset, watch, formState } = form;
  useUnsavedChangesWarning(formState.isDirty && !formState.isSubmitting);
  const weekly = useFieldArray({ control, name: 'weekly' });
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

  /** Adds the range after the day's last one (see `nextRange`). */
  const addRange = (weekday: number) => {
    const indices = dayIndices(weekday);
    const last = indices[indices.length - 1];
    weekly.append({ weekday, ...nextRange(last === undefined ? undefined : values[last]) });
  };

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

  return {
    form,
    zones,
    submit,
    formError,
    announcement,
    weekly: { fields: weekly.fields, remove: weekly.remove, dayIndices, addRange, copyToEveryDay },
  };
}

/** The weekly hours' part of `useAvailabilityForm`: its ranges and what the day rows can do. */
export type WeeklyRanges = ReturnType<typeof useAvailabilityForm>['weekly'];
