import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminReasonBody, adminReasonBodySchema } from '@vetted/contract';
import {
  Alert,
  AlertDescription,
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
import type { z } from 'zod';
import { useFocusKeptInDialog } from '../../lib/hooks/use-focus-kept-in-dialog';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';

/** Longest reason the API takes (contract `adminReasonBodySchema`: 500 characters). */
const REASON_MAX = 500;

export interface ReasonDialogProps {
  /** The button that opens the dialog (rendered through `asChild`). */
  trigger: React.ReactNode;
  /** The question, e.g. "Reject Rivera Plumbing?". */
  title: string;
  /** What happens, in words the admin can check before confirming. */
  description: React.ReactNode;
  /** Help under the reason field, e.g. who reads it. */
  hint: string;
  /** Label of the submit button, e.g. "Reject". */
  confirmLabel: string;
  /** Styles the submit button as destructive. @defaultValue false */
  destructive?: boolean;
  /**
   * Runs with the checked reason (trimmed, 3–500 characters). Resolve to close the dialog;
   * reject to keep it open with the error shown (the server's field error on the field).
   */
  onSubmit: (body: AdminReasonBody) => Promise<void>;
  /** Opens the dialog on first render (stories). @defaultValue false */
  defaultOpen?: boolean;
}

/**
 * A decision that needs a reason (reject or suspend a vendor, suspend a person): a
 * dialog with a required reason, checked with the contract's `adminReasonBodySchema` before it is
 * sent. A failed request keeps the dialog open and says why.
 */
export function ReasonDialog({
  trigger,
  title,
  description,
  hint,
  confirmLabel,
  destructive = false,
  onSubmit,
  defaultOpen = false,
}: ReasonDialogProps) {
  const [open, setOpen] = React.useState(defaultOpen);
  const [formError, setFormError] = React.useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof adminReasonBodySchema>, unknown, AdminReasonBody>({
    resolver: zodResolver(adminReasonBodySchema),
    defaultValues: { reason: '' },
  });
  const formRef = React.useRef<HTMLFormElement>(null);
  useFocusKeptInDialog(isSubmitting, formRef);
  const length = watch('reason')?.length ?? 0;

  const changeOpen = (next: boolean) => {
    if (isSubmitting) return;
    setOpen(next);
    if (!next) {
      reset();
      setFormError(null);
    }
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
      // Still submitting here, so close directly rather than through `changeOpen`.
      setOpen(false);
      reset();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['reason'])) {
        setFormError(errorMessage(error));
      }
    }
  });

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <FormField
            label="Reason"
            hint={`${hint} ${length}/${REASON_MAX} characters.`}
            error={errors.reason?.message}
            required
          >
            <Textarea rows={4} maxLength={REASON_MAX} {...register('reason')} />
          </FormField>
          {formError ? (
            <Alert variant="danger" role="alert">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'primary'}
              loading={isSubmitting}
            >
              {confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
