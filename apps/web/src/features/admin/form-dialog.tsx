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
} from '@vetted/ui';
import * as React from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';
import { useFocusKeptInDialog } from '../../lib/hooks/use-focus-kept-in-dialog';

/*
 * A decision taken through a form in a dialog (a reason, a refund): the dialog stays open while
 * the request runs and when it fails — the server's field errors on their fields, anything else
 * said above the buttons — and closes, emptied, once it succeeds.
 */

/** What `useDialogForm` hands to `FormDialog`. */
export interface DialogFormState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The form's submit handler (checks with the form's resolver, then sends). */
  onSubmit: (event?: React.BaseSyntheticEvent) => Promise<void>;
  formRef: React.RefObject<HTMLFormElement | null>;
  /** Why the last request failed, when no field error says it. */
  formError: string | null;
  submitting: boolean;
}

/**
 * The open state and submit of a react-hook-form `form` in a dialog: `send` runs with the
 * checked values; resolving closes and resets the form, rejecting keeps it open with the
 * server's errors of `serverFields` on those fields, else the error's message. The dialog cannot
 * be closed while a request runs; closing it resets the form and the error.
 */
export function useDialogForm<Input extends FieldValues, Output>(
  form: UseFormReturn<Input, unknown, Output>,
  {
    defaultOpen,
    send,
    serverFields,
  }: {
    defaultOpen: boolean;
    send: (values: Output) => Promise<void>;
    serverFields: readonly Path<Input>[];
  },
): DialogFormState {
  const [open, setOpen] = React.useState(defaultOpen);
  const [formError, setFormError] = React.useState<string | null>(null);
  const { handleSubmit, reset, setError, formState } = form;
  const submitting = formState.isSubmitting;
  const formRef = React.useRef<HTMLFormElement>(null);
  useFocusKeptInDialog(submitting, formRef);

  const onOpenChange = (next: boolean) => {
    if (submitting) return;
    setOpen(next);
    if (!next) {
      reset();
      setFormError(null);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await send(values);
      // Still submitting here, so close directly rather than through `onOpenChange`.
      setOpen(false);
      reset();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, serverFields)) {
        setFormError(errorMessage(error));
      }
    }
  });

  return { open, onOpenChange, onSubmit, formRef, formError, submitting };
}

export interface FormDialogProps extends DialogFormState {
  /** The button that opens the dialog (rendered through `asChild`). */
  trigger: React.ReactNode;
  title: React.ReactNode;
  /** What happens, in words the admin can check before confirming. */
  description: React.ReactNode;
  /** Label of the submit button, e.g. "Reject". */
  submitLabel: string;
  /** Styles the submit button as destructive. @defaultValue false */
  destructive?: boolean;
  /** The form's fields. */
  children: React.ReactNode;
}

/**
 * A dialog holding one form: title and description, the fields, the request's error, then
 * Cancel and the submit button (loading, with Cancel disabled, while the request runs).
 */
export function FormDialog({
  trigger,
  title,
  description,
  submitLabel,
  destructive = false,
  children,
  open,
  onOpenChange,
  onSubmit,
  formRef,
  formError,
  submitting,
}: FormDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form ref={formRef} noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {formError ? (
            <Alert variant="danger" role="alert">
              <AlertDescription>{formError}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={submitting}>
                Cancel
              </Button>
            </DialogClose>
            <Button
              type="submit"
              variant={destructive ? 'destructive' : 'primary'}
              loading={submitting}
            >
              {submitLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
