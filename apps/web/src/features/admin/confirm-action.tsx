import { Alert, AlertDescription, ConfirmDialog } from '@vetted/ui';
import * as React from 'react';
import { errorMessage } from '../../lib/errors';

export interface ConfirmActionProps {
  /** The button that opens the prompt (rendered through `asChild`). */
  trigger: React.ReactNode;
  /** The question, e.g. "Approve Rivera Plumbing?". */
  title: string;
  /** What happens once confirmed. */
  description: React.ReactNode;
  /** Label of the confirming button, e.g. "Approve". */
  confirmLabel: string;
  /** Styles the confirming button as destructive. @defaultValue false */
  destructive?: boolean;
  /** Runs on confirm. Resolve to close; reject to stay open with the error shown. */
  onConfirm: () => Promise<void>;
  /** Opens the prompt on first render (stories). @defaultValue false */
  defaultOpen?: boolean;
}

/**
 * A decision without a reason (approve or reinstate) behind the design system's
 * ConfirmDialog, which keeps itself open when the action fails: here the failure is also said
 * inside the prompt, so the admin sees why and can try again or cancel.
 */
export function ConfirmAction({
  trigger,
  title,
  description,
  confirmLabel,
  destructive = false,
  onConfirm,
  defaultOpen = false,
}: ConfirmActionProps) {
  const [open, setOpen] = React.useState(defaultOpen);
  const [error, setError] = React.useState<string | null>(null);
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      trigger={trigger}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      destructive={destructive}
      onConfirm={async () => {
        setError(null);
        try {
          await onConfirm();
        } catch (failure) {
          setError(errorMessage(failure));
          throw failure;
        }
      }}
    >
      {error ? (
        <Alert variant="danger" role="alert">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}
