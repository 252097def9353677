import { MESSAGES } from '@vetted/api-client';
import type { Availability } from '@vetted/contract';
import { Alert, AlertDescription, AlertTitle, Button, PageHeader, Skeleton } from '@vetted/ui';
import { TriangleAlert } from 'lucide-react';
import { ErrorState } from '../../components/error-state';
import { ExceptionsCard, WeeklyHoursCard } from './availability-parts';
import { BookingRulesCard, TimeZoneCard } from './availability-rules';
import { type AvailabilityFormOptions, useAvailabilityForm } from './use-availability-form';

export interface AvailabilityViewProps extends Omit<AvailabilityFormOptions, 'availability'> {
  /** Hours, exceptions and booking rules (`GET /v1/vendor/availability`). */
  availability?: Availability;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
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

/** The opening-hours form once the hours are loaded (see `useAvailabilityForm`). */
function AvailabilityForm(options: AvailabilityFormOptions) {
  const { form, zones, submit, formError, announcement, weekly } = useAvailabilityForm(options);
  const {
    control,
    register,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  return (
    <form noValidate onSubmit={submit} aria-label="Opening hours" className="flex flex-col gap-6">
      {weekly.fields.length === 0 ? (
        <Alert variant="warning">
          <TriangleAlert aria-hidden="true" />
          <AlertTitle>No opening hours yet</AlertTitle>
          <AlertDescription>
            Customers cannot book you until you add the hours you work. Add them below and save.
          </AlertDescription>
        </Alert>
      ) : null}
      <TimeZoneCard control={control} zones={zones} error={errors.timeZone?.message} />
      <WeeklyHoursCard weekly={weekly} register={register} errors={errors} />
      <ExceptionsCard control={control} register={register} errors={errors} />
      <BookingRulesCard control={control} register={register} errors={errors} />

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
