import { Button } from '@vetted/ui';
import type { LucideIcon } from 'lucide-react';
import { ConfirmAction, type ConfirmActionProps } from './confirm-action';
import { ReasonDialog, type ReasonDialogProps } from './reason-dialog';

/*
 * The decision buttons of the vendor and user pages, each opening its dialog: an outlined
 * button for a decision that needs a reason (always destructive), a primary one for a decision
 * that is only confirmed. The button and the dialog's confirming button say the same word.
 */

/** The button of a decision: its icon and word (also the confirming button's label). */
interface DecisionButton {
  icon: LucideIcon;
  /** E.g. "Reject", "Suspend". */
  label: string;
}

/** A decision with a reason (reject, suspend): an outlined button opening a `ReasonDialog`. */
export function ReasonDecision({
  icon: Icon,
  label,
  ...dialog
}: DecisionButton & Omit<ReasonDialogProps, 'trigger' | 'confirmLabel' | 'destructive'>) {
  return (
    <ReasonDialog
      trigger={
        <Button variant="outline">
          <Icon aria-hidden="true" /> {label}
        </Button>
      }
      confirmLabel={label}
      destructive
      {...dialog}
    />
  );
}

/** A decision only confirmed (approve, reinstate): a button opening a `ConfirmAction`. */
export function ConfirmDecision({
  icon: Icon,
  label,
  ...dialog
}: DecisionButton & Omit<ConfirmActionProps, 'trigger' | 'confirmLabel' | 'destructive'>) {
  return (
    <ConfirmAction
      trigger={
        <Button>
          <Icon aria-hidden="true" /> {label}
        </Button>
      }
      confirmLabel={label}
      {...dialog}
    />
  );
}
