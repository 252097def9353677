import { isApiError, MESSAGES } from '@vetted/api-client';

/** The server's message for an error, else the spec §8 generic fallback. */
export function errorMessage(error: unknown, fallback: string = MESSAGES.tryAgain): string {
  if (isApiError(error) && error.message) return error.message;
  return fallback;
}

/** HTTP status of an API error, if the server answered. */
export function errorStatus(error: unknown): number | undefined {
  return isApiError(error) && typeof error.code === 'number' ? error.code : undefined;
}
