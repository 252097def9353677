import { Button } from '@vetted/ui/button';
import { EmptyState } from '@vetted/ui/empty-state';
import { AlertTriangle, ArrowLeft, Home, RotateCw, SearchX } from 'lucide-react';
import { Link } from 'wouter';
import { errorStatus } from '../lib/errors';

export interface ErrorStateProps {
  /** Spec §8 text, e.g. "Error loading data". */
  title: string;
  /** The server's message, when it says more. */
  message?: string;
  /**
   * The error itself. A 404, 403 or 410 answer (the thing is gone or not the caller's) offers
   * a way back — "Go back" and "Home" — instead of "Try again", which would only fail again.
   */
  error?: unknown;
  /** Shows a "Try again" button (not for a not-found or forbidden `error`). */
  onRetry?: () => void;
  className?: string;
}

/** HTTP statuses after which trying again cannot help: not found, forbidden, gone. */
const DEAD_END_STATUSES = new Set([403, 404, 410]);

/**
 * The error state of a data view: announced (role="alert"), with a retry button, or for a
 * not-found or forbidden `error` a way back (the previous page, and home).
 */
export function ErrorState({ title, message, error, onRetry, className }: ErrorStateProps) {
  const status = errorStatus(error);
  const deadEnd = status !== undefined && DEAD_END_STATUSES.has(status);
  const description =
    message && message !== title
      ? message
      : deadEnd
        ? 'It may have been removed, or it is not yours to see.'
        : 'Check your connection and try again.';
  return (
    <div role="alert" aria-live="assertive" className={className}>
      <EmptyState
        icon={deadEnd ? <SearchX /> : <AlertTriangle />}
        title={title}
        description={description}
        action={
          deadEnd ? (
            <div className="flex flex-wrap justify-center gap-2">
              <Button variant="outline" onClick={() => window.history.back()}>
                <ArrowLeft aria-hidden="true" />
                Go back
              </Button>
              <Button asChild>
                <Link href="/">
                  <Home aria-hidden="true" />
                  Home
                </Link>
              </Button>
            </div>
          ) : onRetry ? (
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
