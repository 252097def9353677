import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminReasonBody, adminReasonBodySchema } from '@vetted/contract';
import { FormField, Textarea } from '@vetted/ui';
import type * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormDialog, useDialogForm } from './form-dialog';

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
  const form = useForm<z.input<typeof adminReasonBodySchema>, unknown, AdminReasonBody>({
    resolver: zodResolver(adminReasonBodySchema),
    defaultValues: { reason: '' },
  });
  const dialog = useDialogForm(form, { defaultOpen, send: onSubmit, serverFields: ['reason'] });
  const length = form.watch('reason')?.length ?? 0;

  return (
    <FormDialog
      {...dialog}
      trigger={trigger}
      title={title}
      description={description}
      submitLabel={confirmLabel}
      destructive={destructive}
    >
      <FormField
        label="Reason"
        hint={`${hint} ${length}/${REASON_MAX} characters.`}
        error={form.formState.errors.reason?.message}
        required
      >
        <Textarea rows={4} maxLength={REASON_MAX} {...form.register('reason')} />
      </FormField>
    </FormDialog>
  );
}
