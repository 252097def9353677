import type { RequestInfo } from './errors/api-error';
import { RequestError } from './errors/request-error';

/** `Retry-After` in ms: delta-seconds or an HTTP date; `undefined` when absent or malformed. */
export function parseRetryAfter(headers: Headers): number | undefined {
  const value = headers.get('Retry-After')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Waits `ms`; rejects with a {@link RequestError} if `signal` aborts meanwhile. */
export function sleep(
  ms: number,
  signal: AbortSignal | undefined,
  info: RequestInfo,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new RequestError({ request: info, cause: signal.reason }));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RequestError({ request: info, cause: signal?.reason }));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
