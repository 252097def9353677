import { isApiError } from '@vetted/api-client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

/**
 * Puts the server's field errors (`error.fields`, keyed by dotted path) on the matching form
 * fields. Returns true when at least one field error was shown.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly string[],
): boolean {
  if (!isApiError(error) || !error.fields) return false;
  let shown = false;
  for (const [path, message] of Object.entries(error.fields)) {
    if (known.includes(path)) {
      setError(path as Path<T>, { type: 'server', message }, { shouldFocus: !shown });
      shown = true;
    }
  }
  return shown;
}

/** A `redirect` query value that is safe to follow: an in-app absolute path only. */
export function safeRedirect(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return null;
  }
  return value;
}
