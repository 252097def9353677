import { Alert, AlertDescription } from '@vetted/ui';
import type * as React from 'react';

export interface FormErrorProps {
  /** What went wrong, in words a person can act on; nothing is shown when null. */
  message: string | null;
  /** An icon before the message (e.g. `<CircleAlert aria-hidden="true" />`). */
  icon?: React.ReactNode;
  /** Classes of the alert (e.g. a grid span). */
  className?: string;
}

/**
 * The error of a whole form (one that no field owns), announced as it appears: a danger
 * {@link Alert}, or nothing while `message` is null.
 */
export function FormError({ message, icon, className }: FormErrorProps) {
  if (!message) return null;
  return (
    <Alert variant="danger" role="alert" className={className}>
      {icon}
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}
