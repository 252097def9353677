import { zodResolver } from '@hookform/resolvers/zod';
import { ON_MY_WAY_ETA_CHOICES, ON_MY_WAY_ETA_LIMITS, onMyWayBodySchema } from '@vetted/contract';
import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
  FormField,
  Input,
} from '@vetted/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage } from '../../lib/errors';

/**
 * The form's schema: the minutes as typed, checked by the contract's `etaMinutes` (whole
 * minutes, 1–240), so the browser and the API refuse the same values with the same words.
 */
const etaFormSchema = z.object({
  etaMinutes: z
    .string()
    .trim()
    .min(1, 'Enter the minutes until you arrive')
    .transform(Number)
    .pipe(onMyWayBodySchema.shape.etaMinutes),
});
type EtaFormInput = { etaMinutes: string };

export interface OnMyWayDialogProps {
  /** The button that opens the dialog (an `ActionTrigger`). */
  trigger: React.ReactNode;
  /** The customer's first name, for the dialog's sentence. */
  customerName: string;
  /** Sends the ETA in minutes; rejects with the API's refusal (shown in the dialog). */
  onSubmit: (etaMinutes: number) => Promise<void>;
}

/**
 * "On my way": the ETA as one of the usual choices (10, 20, 30, 45, 60 min) or any number of
 * minutes typed in, then "Tell the customer". A refusal keeps the dialog open with the API's
 * sentence; closing (not while sending) clears the form.
 */
export function OnMyWayDialog({ trigger, customerName, onSubmit }: OnMyWayDialogProps) {
  const [open, setOpen] = React.useState(false);
  const form = useForm<EtaFormInput, unknown, { etaMinutes: number }>({
    resolver: zodResolver(etaFormSchema),
    defaultValues: { etaMinutes: '' },
  });
  const { register, handleSubmit, setValue, setError, watch, reset } = form;
  const { errors, isSubmitting } = form.formState;
  const typed = watch('etaMinutes');
  const submit = handleSubmit(async ({ etaMinutes }) => {
    try {
      await onSubmit(etaMinutes);
      setOpen(false);
      reset();
    } catch (error) {
      setError('etaMinutes', { type: 'server', message: errorMessage(error) });
    }
  });
  const onOpenChange = (next: boolean) => {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) reset();
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>On my way</DialogTitle>
          <DialogDescription>
            {customerName} sees when you will arrive on their booking page and gets a notification.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">How long until you arrive?</legend>
            <div className="flex flex-wrap gap-2">
              {ON_MY_WAY_ETA_CHOICES.map((minutes) => {
                const pressed = typed.trim() === String(minutes);
                return (
                  <Button
                    key={minutes}
                    type="button"
                    variant={pressed ? 'primary' : 'outline'}
                    aria-pressed={pressed}
                    onClick={() =>
                      setValue('etaMinutes', String(minutes), { shouldValidate: true })
                    }
                  >
                    {minutes} min
                  </Button>
                );
              })}
            </div>
          </fieldset>
          <FormField
            label="Minutes until you arrive"
            hint={`From ${ON_MY_WAY_ETA_LIMITS.min} to ${ON_MY_WAY_ETA_LIMITS.max} minutes.`}
            error={errors.etaMinutes?.message}
          >
            <Input inputMode="numeric" autoComplete="off" {...register('etaMinutes')} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                Not now
              </Button>
            </DialogClose>
            <Button type="submit" loading={isSubmitting}>
              Tell the customer
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
