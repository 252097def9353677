import { zodResolver } from '@hookform/resolvers/zod';
import { type DisputeNoShowBody, disputeNoShowBodySchema } from '@vetted/contract';
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
  Textarea,
} from '@vetted/ui';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { errorMessage } from '../../lib/errors';

export interface NoShowDisputeDialogProps {
  /** The button that opens the dialog. */
  trigger: React.ReactNode;
  /** The fee disputed, formatted (e.g. `$60.00`), for the dialog's sentence. */
  fee: string;
  /** Sends the reason; rejects with the API's refusal (shown under the field). */
  onSubmit: (body: DisputeNoShowBody) => Promise<void>;
  /** Opens the dialog at first render (stories). @defaultValue false */
  defaultOpen?: boolean;
}

/**
 * "Dispute this fee": the customer says what happened (the contract's
 * `disputeNoShowBodySchema`: 10–2000 characters), sent to Vetted support. A refusal keeps the
 * dialog open with the API's sentence; closing (not while sending) clears the form.
 */
export function NoShowDisputeDialog({
  trigger,
  fee,
  onSubmit,
  defaultOpen = false,
}: NoShowDisputeDialogProps) {
  const [open, setOpen] = React.useState(defaultOpen);
  const form = useForm<DisputeNoShowBody>({
    resolver: zodResolver(disputeNoShowBodySchema),
    defaultValues: { reason: '' },
  });
  const { register, handleSubmit, setError, reset } = form;
  const { errors, isSubmitting } = form.formState;
  const submit = handleSubmit(async (body) => {
    try {
      await onSubmit(body);
      setOpen(false);
      reset();
    } catch (error) {
      setError('reason', { type: 'server', message: errorMessage(error) });
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
          <DialogTitle>Dispute the no-show fee</DialogTitle>
          <DialogDescription>
            Tell Vetted support why the fee of {fee} is wrong. They answer in a support chat and
            refund it if the pro was mistaken.
          </DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
          <FormField
            label="What happened?"
            hint="For example: when you were there, and how you tried to reach the pro."
            error={errors.reason?.message}
          >
            <Textarea rows={5} {...register('reason')} />
          </FormField>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                Not now
              </Button>
            </DialogClose>
            <Button type="submit" loading={isSubmitting}>
              Send to support
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
