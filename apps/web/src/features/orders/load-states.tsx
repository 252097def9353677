import { MESSAGES } from '@vetted/api-client';
import type * as React from 'react';
import { ErrorState } from '../../components/error-state';

/*
 * The two placeholder states of a view of fetched data, before it can show the data itself.
 * Nothing here is about orders: the file depends only on `components/` and the api-client, so it
 * can move to `components/` unchanged.
 */

export interface LoadErrorStateProps {
  /** Why loading failed; its message is shown, and its HTTP status picks retry or a way back. */
  error: Error;
  /** Shows "Try again" (not after a 403, 404 or 410, see {@link ErrorState}). */
  onRetry?: () => void;
}

/** A view's data failed to load: "Error loading data" (spec §8), the server's message, retry. */
export function LoadErrorState({ error, onRetry }: LoadErrorStateProps) {
  return (
    <ErrorState
      title={MESSAGES.errorLoadingData}
      message={error.message}
      error={error}
      onRetry={onRetry}
    />
  );
}

export interface LoadingStatusProps {
  /** The accessible name of the busy region, e.g. "Loading order". */
  label: string;
  /** Layout of the skeletons inside. */
  className?: string;
  /** The skeletons standing in for the view. */
  children: React.ReactNode;
}

/** A view's skeletons while its data loads: a busy `status` region named `label`. */
export function LoadingStatus({ label, className, children }: LoadingStatusProps) {
  return (
    <div className={className} role="status" aria-busy="true" aria-label={label}>
      {children}
    </div>
  );
}
