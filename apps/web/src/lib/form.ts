import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError } from '@vetted/api-client';
import type { FieldErrors, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';

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

/** The outcome of `validateWith`: the schema's output, or the first message of each bad field. */
export type Validated<T> =
  | { data: T; errors?: undefined }
  | { data?: undefined; errors: Record<string, string> };

/**
 * Checks `values` against `schema` as a react-hook-form form does (`zodResolver`), for a form
 * whose fields are read on submit: `{ data }` (the schema's output) when valid, else `{ errors }`
 * with the first message of each failing field, keyed by its dotted path ("card.number").
 */
export async function validateWith<Output, Input extends FieldValues>(
  schema: z.ZodType<Output, Input>,
  values: Input,
): Promise<Validated<Output>> {
  const result = await zodResolver(schema)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  const errors: Record<string, string> = {};
  collectMessages(result.errors, '', errors);
  return Object.keys(errors).length === 0 ? { data: result.values as Output } : { errors };
}

/** Flattens react-hook-form's nested `FieldErrors` into `out`, one message per dotted path. */
function collectMessages(node: FieldErrors, prefix: string, out: Record<string, string>): void {
  for (const [key, value] of Object.entries(node)) {
    if (!value || typeof value !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value.message === 'string' && 'type' in value) out[path] = value.message;
    else collectMessages(value as FieldErrors, path, out);
  }
}
