import { zodResolver } from '@hookform/resolvers/zod';
import { orderTransitionBodySchema } from '@vetted/contract';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  FormField,
  OtpInput,
} from '@vetted/ui';
import { CirclePlay } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useReached } from '../../lib/hooks/use-reached';

/**
 * A vendor may start a job at most 30 minutes before its slot (ms); the API's orders policy
 * `START_WINDOW_MS` has the final word and refuses earlier starts with 409.
 */
export const START_WINDOW_MS = 30 * 60_000;

/** The earliest instant (ms epoch) the vendor may start the job of a slot at `startsAt` (ISO). */
export function startAvailableAt(startsAt: string): number {
  return Date.parse(startsAt) - START_WINDOW_MS;
}

/** The start form: the customer's 4-digit code, checked by the contract's schema. */
const startFormSchema = orderTransitionBodySchema.pick({ startCode: true }).required();
type StartForm = { startCode: string };

export interface StartJobActionProps {
  /** The order's slot start (ISO); the job may start `START_WINDOW_MS` before it. */
  startsAt: string;
  /** The vendor's IANA zone, in which the earliest start time is shown. */
  timeZone?: string;
  /** Sends the code; rejects with the API's error when it refuses (shown in the dialog). */
  onStart: (startCode: string) => Promise<void>;
  /** Clock (ms epoch); injectable for stories. */
  now?: () => number;
}

/**
 * The start dialog's state: whether it is open, the code form and its submit. A refusal keeps
 * the dialog open with the API's sentence as the form's `root.server` error; closing (not while
 * sending) clears the form.
 */
function useStartJobForm(onStart: (startCode: string) => Promise<void>) {
  const [open, setOpen] = React.useState(false);
  const form = useForm<StartForm>({
    resolver: zodResolver(startFormSchema),
    defaultValues: { startCode: '' },
  });
  const { handleSubmit, setError, reset } = form;
  const submit = handleSubmit(async ({ startCode }) => {
    try {
      await onStart(startCode);
      setOpen(false);
      reset();
    } catch (error) {
      // The API's own sentence says what to do (wrong code, too early, too many tries).
      setError('root.server', { type: 'server', message: errorMessage(error) });
    }
  });
  const onOpenChange = (next: boolean) => {
    if (form.formState.isSubmitting) return;
    setOpen(next);
    if (!next) reset();
  };
  return { form, open, setOpen, onOpenChange, submit };
}

/** "Start job", disabled, with the time (ms epoch `availableAt`) it becomes available. */
function StartJobNotYet({ availableAt, timeZone }: { availableAt: number; timeZone?: string }) {
  const hintId = 'start-job-available-at';
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <Button disabled aria-describedby={hintId}>
        <CirclePlay aria-hidden="true" /> Start job
      </Button>
      <p id={hintId} className="text-xs text-muted">
        Available from{' '}
        <time dateTime={new Date(availableAt).toISOString()}>
          {formatDateTime(new Date(availableAt).toISOString(), timeZone, true)}
        </time>
      </p>
    </div>
  );
}

/**
 * "Start job": disabled, with the time it becomes available, until 30 minutes before the slot;
 * then a dialog asking for the customer's 4-digit start code. The API's refusal (wrong code, too
 * early, too many tries) is shown in the dialog, which stays open.
 */
export function StartJobAction({
  startsAt,
  timeZone,
  onStart,
  now = Date.now,
}: StartJobActionProps) {
  const availableAt = startAvailableAt(startsAt);
  const available = useReached(availableAt, now);
  const { form, open, setOpen, onOpenChange, submit } = useStartJobForm(onStart);
  const {
    control,
    formState: { errors, isSubmitting },
  } = form;

  if (!available) return <StartJobNotYet availableAt={availableAt} timeZone={timeZone} />;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <Button onClick={() => setOpen(true)}>
        <CirclePlay aria-hidden="true" /> Start job
      </Button>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Start this job</DialogTitle>
          <DialogDescription>
            Ask the customer for the 4-digit start code shown on their booking page.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <Controller
            control={control}
            name="startCode"
            render={({ field }) => (
              <FormField label="Start code" error={errors.startCode?.message}>
                <OtpInput
                  length={4}
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    if (errors.root?.server) form.clearErrors('root.server');
                  }}
                  autoFocus
                  disabled={isSubmitting}
                  invalid={Boolean(errors.root?.server)}
                  aria-describedby={errors.root?.server ? 'start-job-error' : undefined}
                />
              </FormField>
            )}
          />
          {errors.root?.server ? (
            <p id="start-job-error" role="alert" className="text-sm text-danger">
              {errors.root.server.message}
            </p>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                Not now
              </Button>
            </DialogClose>
            <Button type="submit" loading={isSubmitting}>
              Start job
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
