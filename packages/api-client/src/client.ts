import type { ApiError, RequestInfo } from './errors/api-error';
import { HttpError } from './errors/http-error';
import { RequestError } from './errors/request-error';
import { TimeoutError } from './errors/timeout-error';
import { isFormData, isRecord, toFormData } from './body';
import { appendQuery, joinUrl, type QueryParams } from './query';
import { parseRetryAfter, sleep } from './retry';

/** HTTP methods of the spec §7 request helper, lower-case as the spec writes them. */
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Statuses retried by default (spec §7). */
export const DEFAULT_RETRY_STATUS_CODES: readonly number[] = Object.freeze([
  408, 409, 425, 429, 500, 502, 503, 504,
]);
/** Retries per request by default: one (spec §7 "retried once"). */
export const DEFAULT_RETRY_LIMIT = 1;
/** Methods retried by default: only GET, since POST/PUT/PATCH/DELETE carry a body (spec §7). */
export const DEFAULT_RETRY_METHODS: readonly Method[] = Object.freeze(['get'] as const);
/** Base delay before the first retry, in ms; doubles per further retry. Our choice, not spec. */
export const DEFAULT_RETRY_BASE_DELAY_MS = 100;
/** Upper bound of any retry delay, `Retry-After` included, in ms. Our choice, not spec. */
export const DEFAULT_MAX_RETRY_DELAY_MS = 10_000;

/** Retry policy of a client. Every field is optional; defaults follow spec §7. */
export interface RetryConfig {
  /**
   * Retries after the first attempt, so at most `limit + 1` requests are sent.
   * @defaultValue 1 — `0` disables retries for the whole client.
   */
  limit?: number;
  /**
   * Methods retried without a per-request `retry` override. POST, PUT, PATCH and DELETE are
   * left out on purpose: repeating a write can duplicate it.
   * @defaultValue `['get']`
   */
  methods?: readonly Method[];
  /**
   * Response statuses that trigger a retry. Network failures and timeouts are always retried
   * for eligible requests; any other status is thrown at once.
   * @defaultValue `[408, 409, 425, 429, 500, 502, 503, 504]` (spec §7)
   */
  statusCodes?: readonly number[];
  /**
   * Wait before retry number `attempt` (1-based), in ms — a number or a function. A
   * `Retry-After` header (seconds or HTTP date) on the failed response wins over it.
   * Both are clamped to `[0, maxDelayMs]`.
   * @defaultValue `attempt => 100 * 2 ** (attempt - 1)` (100 ms, 200 ms, …)
   */
  delayMs?: number | ((attempt: number) => number);
  /**
   * Cap of any retry delay in ms, `Retry-After` included (a longer `Retry-After` is shortened,
   * not obeyed).
   * @defaultValue 10 000
   */
  maxDelayMs?: number;
}

/** What `getAccessToken` may return; anything falsy sends no `Authorization` header. */
export type AccessToken = string | null | undefined;

/** Configuration of {@link createClient}. */
export interface ClientConfig {
  /**
   * Base URL every endpoint is appended to, with or without a trailing slash:
   * `'http://localhost:3000/v1'` or `'/v1'` (relative: resolved against `location` in a browser;
   * in Node it must be absolute, else requests fail with a {@link RequestError}).
   */
  baseUrl: string;
  /**
   * Returns the access token sent as `Authorization: Bearer <token>` on requests with
   * `auth !== false` (spec §7). Called once per attempt, so a token refreshed between attempts is
   * picked up. May be async. If it throws, the request fails with a {@link RequestError}.
   * @defaultValue none — no `Authorization` header.
   */
  getAccessToken?: () => AccessToken | Promise<AccessToken>;
  /**
   * The fetch implementation. Any rejection of it counts as a network failure
   * ({@link TimeoutError}).
   * @defaultValue `globalThis.fetch`, looked up at request time.
   */
  fetch?: typeof fetch;
  /**
   * Per-attempt timeout in ms, from sending until the body is read. `0`, a negative number or
   * `NaN` means no timeout (spec §7 default). A retried request gets a fresh timeout.
   * @defaultValue 0
   */
  timeout?: number;
  /** Retry policy; see {@link RetryConfig}. */
  retry?: RetryConfig;
  /**
   * Headers sent with every request. Per-request `headers` override them; they override the
   * client's `Accept: application/json` and computed `Authorization`/`Content-Type`.
   * @defaultValue `{}`
   */
  headers?: Record<string, string>;
  /**
   * Called with the {@link HttpError} when a request that carried a bearer credential is answered
   * 401 — e.g. to clear the session and redirect to login. Called before the error is thrown;
   * if it throws, that error propagates instead.
   */
  onUnauthorized?: (error: HttpError) => void;
}

/** Options of one {@link Client.request} call (spec §7 request helper). */
export interface RequestOptions {
  /** Path below `baseUrl` (`'/vendors/42'`); an absolute `http(s)://` URL is used as is. */
  endpoint: string;
  /** @defaultValue `'get'` */
  method?: Method;
  /**
   * Query parameters. `null`/`undefined` values are skipped, arrays repeat the key
   * (`tag=a&tag=b`), booleans become `'true'`/`'false'`. Merged after any query already in
   * `endpoint`.
   */
  query?: QueryParams;
  /**
   * Request body. Sent as JSON with `Content-Type: application/json` unless `multipart` is set
   * or it is a `FormData`. `undefined` sends no body and no `Content-Type`.
   */
  body?: unknown;
  /**
   * Send `body` as `multipart/form-data`: a `FormData` is sent as is, a plain object is converted
   * (null/undefined skipped, arrays appended per item, `Blob`s as files, other objects as JSON
   * strings, the rest via `String`). No `Content-Type` is set, so fetch adds the boundary.
   * @defaultValue `false` (a `FormData` body is multipart regardless)
   */
  multipart?: boolean;
  /** Extra headers for this request; they win over every other header. */
  headers?: Record<string, string>;
  /** Per-attempt timeout in ms for this request; `0` disables it. @defaultValue client `timeout` */
  timeout?: number;
  /**
   * Retries for this request: a number overrides the client `limit` AND the method check
   * (so `retry: 1` makes a POST retryable — only do that for idempotent writes, e.g. with an
   * `Idempotency-Key`); `false` disables retries. Statuses still follow the client policy.
   * @defaultValue client policy (`1` for GET, `0` otherwise)
   */
  retry?: number | false;
  /**
   * Cancels the request and any pending retry. An abort is a {@link RequestError} whose `cause`
   * is the signal's reason; it is never retried.
   */
  signal?: AbortSignal;
  /**
   * Send `Authorization: Bearer <token>` when `getAccessToken` yields a token.
   * @defaultValue `true`
   */
  auth?: boolean;
  /**
   * Explicit bearer credential (e.g. the refresh token for `POST /auth/reset-token`, spec §7).
   * Wins over `getAccessToken` and is sent even when `auth` is `false`.
   */
  bearer?: string;
  /**
   * How a successful body is read: `'json'` resolves with its `data` (spec §7); `'blob'` resolves
   * with the raw bytes as a `Blob` (an attachment such as a vetting document or a CSV export)
   * and accepts any content type. Error bodies are read as JSON either way, so failures
   * still throw {@link HttpError} with the server's message.
   * @defaultValue `'json'`
   */
  responseType?: 'json' | 'blob';
}

/** A configured HTTP client; see {@link createClient}. */
export interface Client {
  /**
   * Sends one request (plus retries) and resolves with the body's `data` field (spec §7),
   * typed as `T` (not validated). A 204 or empty body resolves with `undefined`. With
   * `responseType: 'blob'` it resolves with the raw body as a `Blob` instead.
   *
   * @throws {HttpError} the server answered 400–599, or a body with `ok: false`.
   * @throws {TimeoutError} the request went unanswered (timeout, refused, reset, DNS).
   * @throws {RequestError} anything else: abort, bad URL/body, invalid JSON on success.
   */
  request<T = unknown>(options: RequestOptions): Promise<T>;
  /** The configuration the client was made with (read-only). */
  readonly config: Readonly<ClientConfig>;
}

/**
 * Creates an HTTP client for the Vetted v1 API: a fetch wrapper with bearer auth, JSON bodies,
 * `data` unwrapping, timeouts and GET-only retries (spec §7), throwing the errors of spec §8.
 *
 * @example
 * const client = createClient({ baseUrl: '/v1', getAccessToken: () => session.get()?.accessToken });
 * const me = await client.request<User>({ endpoint: '/me' });
 */
export function createClient(config: ClientConfig): Client {
  const retryConfig = config.retry ?? {};
  const retryLimit = retryConfig.limit ?? DEFAULT_RETRY_LIMIT;
  const retryMethods = retryConfig.methods ?? DEFAULT_RETRY_METHODS;
  const retryStatusCodes = retryConfig.statusCodes ?? DEFAULT_RETRY_STATUS_CODES;
  const maxDelayMs = retryConfig.maxDelayMs ?? DEFAULT_MAX_RETRY_DELAY_MS;

  function retryDelay(attempt: number, error: ApiError): number {
    const retryAfter = error.response ? parseRetryAfter(error.response.headers) : undefined;
    let delay: number;
    if (retryAfter !== undefined) delay = retryAfter;
    else if (typeof retryConfig.delayMs === 'function') delay = retryConfig.delayMs(attempt);
    else if (typeof retryConfig.delayMs === 'number') delay = retryConfig.delayMs;
    else delay = DEFAULT_RETRY_BASE_DELAY_MS * 2 ** (attempt - 1);
    if (!Number.isFinite(delay)) delay = 0;
    return Math.min(Math.max(delay, 0), maxDelayMs);
  }

  function isRetryable(error: unknown): error is ApiError {
    if (error instanceof HttpError) return retryStatusCodes.includes(error.status);
    return error instanceof TimeoutError;
  }

  async function request<T>(options: RequestOptions): Promise<T> {
    const method = (options.method ?? 'get').toLowerCase() as Method;
    const info: RequestInfo = { method: method.toUpperCase(), url: options.endpoint };

    let url: string;
    let body: BodyInit | undefined;
    let isJson = false;
    try {
      url = appendQuery(joinUrl(config.baseUrl, options.endpoint), options.query);
      info.url = url;
      assertValidUrl(url);
      if (options.body !== undefined) {
        if (options.multipart || isFormData(options.body)) {
          body = toFormData(options.body);
        } else {
          body = JSON.stringify(options.body);
          isJson = true;
        }
      }
    } catch (cause) {
      throw new RequestError({ request: info, cause });
    }

    const limit =
      options.retry === false
        ? 0
        : typeof options.retry === 'number'
          ? options.retry
          : retryMethods.includes(method)
            ? retryLimit
            : 0;
    const timeout = options.timeout ?? config.timeout ?? 0;

    for (let attempt = 0; ; attempt++) {
      try {
        return await send<T>({ url, info, body, isJson, timeout, options });
      } catch (error) {
        if (attempt >= limit || !isRetryable(error)) throw error;
        await sleep(retryDelay(attempt + 1, error), options.signal, info);
      }
    }
  }

  async function send<T>(args: {
    url: string;
    info: RequestInfo;
    body: BodyInit | undefined;
    isJson: boolean;
    timeout: number;
    options: RequestOptions;
  }): Promise<T> {
    const { url, info, options } = args;
    const userSignal = options.signal;
    if (userSignal?.aborted) throw new RequestError({ request: info, cause: userSignal.reason });

    let headers: Headers;
    try {
      headers = new Headers({
        Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
      });
      const token = options.bearer ?? (options.auth === false ? undefined : await getToken());
      if (token) headers.set('Authorization', `Bearer ${token}`);
      if (args.isJson) headers.set('Content-Type', 'application/json');
      for (const [name, value] of Object.entries(config.headers ?? {})) headers.set(name, value);
      for (const [name, value] of Object.entries(options.headers ?? {})) headers.set(name, value);
    } catch (cause) {
      throw new RequestError({ request: info, cause });
    }

    const controller = new AbortController();
    const onUserAbort = () => controller.abort(userSignal?.reason);
    userSignal?.addEventListener('abort', onUserAbort, { once: true });
    let timedOut = false;
    const timer =
      args.timeout > 0
        ? setTimeout(() => {
            timedOut = true;
            controller.abort(
              new DOMException(`Timed out after ${args.timeout} ms`, 'TimeoutError'),
            );
          }, args.timeout)
        : undefined;

    let response: Response | undefined;
    let text: string;
    let blob: Blob | undefined;
    try {
      const fetchImpl = config.fetch ?? globalThis.fetch;
      const init: RequestInit = { method: info.method, headers, signal: controller.signal };
      if (args.body !== undefined) init.body = args.body;
      response = await fetchImpl(url, init);
      if (options.responseType === 'blob' && response.ok) {
        blob = await response.blob();
        text = '';
      } else {
        text = await response.text();
      }
    } catch (cause) {
      const withResponse = response ? { response } : {};
      if (userSignal?.aborted && !timedOut) {
        throw new RequestError({
          request: info,
          cause: userSignal.reason ?? cause,
          ...withResponse,
        });
      }
      // Timed out, or fetch / the body read rejected (refused, reset, DNS): sent but unanswered.
      throw new TimeoutError({ request: info, cause, ...withResponse });
    } finally {
      if (timer !== undefined) clearTimeout(timer);
      userSignal?.removeEventListener('abort', onUserAbort);
    }

    if (blob !== undefined) return blob as T;

    let parsed: unknown;
    let parseError: unknown;
    if (text.length > 0) {
      try {
        parsed = JSON.parse(text);
      } catch (error) {
        parsed = text;
        parseError = error;
      }
    }

    if (!response.ok || (isRecord(parsed) && parsed.ok === false)) {
      // Spec §7: 400–599 are errors (fetch follows 3xx itself). A 2xx `ok: false` body too.
      const error = new HttpError({ request: info, response, body: parsed });
      if (response.status === 401 && headers.has('Authorization')) config.onUnauthorized?.(error);
      throw error;
    }
    if (parseError !== undefined) {
      throw new RequestError({ request: info, response, cause: parseError });
    }
    return (isRecord(parsed) ? parsed.data : undefined) as T;
  }

  async function getToken(): Promise<string | undefined> {
    const token = await config.getAccessToken?.();
    return token || undefined;
  }

  return { request, config: Object.freeze({ ...config }) };
}

/** Throws a `TypeError` when `url` cannot be resolved (relative URLs need a `location`). */
function assertValidUrl(url: string): void {
  const base = (globalThis as { location?: { href?: string } }).location?.href;
  // `new URL` throws TypeError on an unresolvable URL, before anything is sent.
  new URL(url, base);
}
