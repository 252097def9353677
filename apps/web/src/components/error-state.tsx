import { Button } from '@vetted/ui/button';
import { EmptyState } from '@vetted/ui/empty-state';
import { AlertTriangle, RotateCw } from 'lucide-react';

export interface ErrorStateProps {
  /** Spec §8 text, e.g. "Error loading data". */
  title: string;
  /** The server's message, when it says more. */
  message?: string;
  /** Shows a "Try again" button. */
  onRetry?: () => void;
  className?: string;
}

/** The error state of a data view: announced (role="alert"), with a retry button. */
export function ErrorState({ title, message, onRetry, className }: ErrorStateProps) {
  return (
    <div role="alert" aria-live="assertive" className={className}>
      <EmptyState
        icon={<AlertTriangle />}
        title={title}
        description={
          message && message !== title ? message : 'Check your connection and try again.'
        }
        action={
          onRetry ? (
            <Button variant="outline" onClick={onRetry}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          ) : null
        }
      />
    </div>
  );
}
