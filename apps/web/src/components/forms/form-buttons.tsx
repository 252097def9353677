import { Button } from '@vetted/ui';
import type * as React from 'react';

export interface FormButtonsProps {
  /** The submit button's text. */
  submitLabel: React.ReactNode;
  /** The form is being sent: the submit button shows its spinner. @defaultValue false */
  submitting?: boolean;
  /** Shows a "Cancel" button that calls it; hidden when unset. */
  onCancel?: () => void;
}

/** The buttons row of a form in a two-column grid: submit, then "Cancel" when it can be left. */
export function FormButtons({ submitLabel, submitting = false, onCancel }: FormButtonsProps) {
  return (
    <div className="flex flex-wrap gap-2 sm:col-span-2">
      <Button type="submit" loading={submitting}>
        {submitLabel}
      </Button>
      {onCancel ? (
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
