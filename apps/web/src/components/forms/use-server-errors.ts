import { MESSAGES } from '@vetted/api-client';
import * as React from 'react';
import type { FieldValues, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';

/** What {@link useServerErrors} gives a form. */
export interface ServerErrors {
  /** The error no field owns, for a {@link FormError} above the buttons; null when none. */
  formError: string | null;
  /** Shows (or with null clears) the form's error, e.g. for a failure outside submitting. */
  setFormError: (message: string | null) => void;
  /**
   * Runs `send` (the save) after clearing the form's error. A rejection never escapes: the
   * server's field errors (`error.fields`, known paths only) go on their fields, the first one
   * focused; any other failure becomes the form's error.
   */
  submit: (send: () => Promise<void>) => Promise<void>;
}

/**
 * Where a react-hook-form form shows what its save rejected with. `fields` are the dotted paths
 * the server may name (`'city'`, `'business.city'`); `messageOf` words any other failure
 * (default: the API's message, else the generic "try again").
 */
export function useServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly string[],
  messageOf: (error: unknown) => string = errorMessage,
): ServerErrors {
  const [formError, setFormError] = React.useState<string | null>(null);
  const submit = async (send: () => Promise<void>) => {
    setFormError(null);
    try {
      await send();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, fields)) setFormError(messageOf(error));
    }
  };
  return { formError, setFormError, submit };
}

/**
 * The message of whatever a save threw (an API error's, or a plain `Error`'s from the page),
 * else the generic "try again": for forms whose page may reject with its own words.
 */
export function thrownMessage(error: unknown): string {
  return (error as Error).message || MESSAGES.tryAgain;
}
