import {
  buildPath,
  HttpError,
  RequestError,
  type RequestInfo,
  TimeoutError,
} from '@vetted/api-client';
import { type Message, routes } from '@vetted/contract';
import { sessionManager } from './api';

/**
 * Uploads with progress (messages with images, requests for quotes with photos). The api-client
 * sends through `fetch`, which cannot report upload progress, so these calls go through
 * XMLHttpRequest ({@link postMultipart}): `multipart/form-data` with the bearer token of the
 * session. Errors are the api-client's own classes, so `errorMessage` (lib/errors.ts) shows the
 * server's words (e.g. 413 "Image must be less than 3mb", spec §8) and `error.fields` work as for
 * any other call.
 */

/** Base path of the API, as lib/api.ts `client` uses it. */
const API_BASE = '/v1';

/** What {@link uploadMessage} sends. */
export interface UploadMessageInput {
  conversationId: string;
  /** Text of the message; may be '' when images are attached. */
  body: string;
  /** The pictures, each under 3 MB (spec §9; the server answers 413 otherwise), at most 4. */
  images: readonly File[];
  /** Sent as `Idempotency-Key`: a resend with the same key returns the first message. */
  idempotencyKey: string;
  /** Called with the fraction of the request body sent, 0 to 1 (1 once the server answered). */
  onProgress?: (fraction: number) => void;
  /** Aborts the upload; the promise then rejects with a {@link RequestError}. */
  signal?: AbortSignal;
}

/** Seams for tests: the request object, the token source and the 401 hook. */
export interface UploadDeps {
  /** @defaultValue `() => new XMLHttpRequest()` */
  createRequest?: () => XMLHttpRequest;
  /**
   * The access token. @defaultValue the session manager's, refreshed first when it is about to
   * expire (`sessionManager.getValidSession()`, spec §4).
   */
  getAccessToken?: () => Promise<string>;
  /** Called on a 401 (the token was refused). @defaultValue clears the session, as the client does. */
  onUnauthorized?: () => void;
}

/** What {@link postMultipart} sends besides the form. */
export interface MultipartOptions {
  /** Called with the fraction of the request body sent, 0 to 1 (1 once the server answered). */
  onProgress?: (fraction: number) => void;
  /** Aborts the upload; the promise then rejects with a {@link RequestError}. */
  signal?: AbortSignal;
  /** More request headers (e.g. `Idempotency-Key`); `Accept` and `Authorization` are set. */
  headers?: Readonly<Record<string, string>>;
}

/**
 * `POST` of `form` (`multipart/form-data`) to `path` under the API base (`/v1`; the path as
 * `buildPath` makes it), through XMLHttpRequest so upload progress is reported, with the bearer
 * token of the session. A 401 calls `deps.onUnauthorized` (the session is cleared, as the
 * api-client does).
 * @returns the body's `data`, typed by the caller as the endpoint's answer.
 * @throws {HttpError} on a 4xx/5xx or an `{ ok: false }` body, its message, code and fields from
 *   the body's `error` (413 "Image must be less than 3mb", spec §8).
 * @throws {TimeoutError} when the request got no answer (network down): "Connection timeout.
 *   Please try again later." (spec §8).
 * @throws {RequestError} when aborted, when there is no session, or when the answer is not JSON.
 */
export async function postMultipart<T>(
  path: string,
  form: FormData,
  options: MultipartOptions = {},
  deps: UploadDeps = {},
): Promise<T> {
  const {
    createRequest = () => new XMLHttpRequest(),
    getAccessToken = async () => (await sessionManager.getValidSession()).accessToken,
    onUnauthorized = () => sessionManager.clear(),
  } = deps;
  const { onProgress, signal, headers = {} } = options;
  const url = `${API_BASE}${path}`;
  const request: RequestInfo = { method: 'POST', url };

  let token: string;
  try {
    token = await getAccessToken();
  } catch (cause) {
    throw new RequestError({ request, cause });
  }

  return new Promise<T>((resolve, reject) => {
    const xhr = createRequest();
    const abort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', abort);
    if (signal?.aborted) {
      reject(new RequestError({ request, cause: signal.reason }));
      return;
    }
    signal?.addEventListener('abort', abort, { once: true });

    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(1, event.loaded / event.total));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new TimeoutError({ request }));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new RequestError({ request, cause: signal?.reason ?? 'Upload cancelled' }));
    };
    xhr.onload = () => {
      done();
      const body = parseBody(xhr.responseText);
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok && isRecord(body) && body.ok !== false && 'data' in body) {
        onProgress?.(1);
        resolve(body.data as T);
        return;
      }
      if (!ok || (isRecord(body) && body.ok === false)) {
        if (xhr.status === 401) onUnauthorized();
        // A Response only to carry the status: HttpError reads the message from `body`.
        const response = new Response(null, { status: xhr.status });
        reject(new HttpError({ request, response, body }));
        return;
      }
      reject(new RequestError({ request, cause: 'The answer was not understood' }));
    };
    xhr.send(form);
  });
}

/**
 * `POST /v1/conversations/:id/messages` as multipart ({@link postMultipart}): the `body` field,
 * one `images` file per picture and the message's `Idempotency-Key`, reporting upload progress.
 * @returns the stored message (the body's `data`).
 * @throws {HttpError} on a 4xx/5xx or an `{ ok: false }` body, its message from `error.message`
 *   (413 "Image must be less than 3mb", 429 "You can send 30 messages a minute…").
 * @throws {TimeoutError} when the request got no answer (network down): "Connection timeout.
 *   Please try again later." (spec §8).
 * @throws {RequestError} when aborted, when there is no session, or when the answer is not JSON.
 */
export async function uploadMessage(
  input: UploadMessageInput,
  deps: UploadDeps = {},
): Promise<Message> {
  const form = new FormData();
  form.append('body', input.body);
  for (const image of input.images) form.append('images', image, image.name);
  return postMultipart<Message>(
    buildPath(routes.sendMessage.path, { id: input.conversationId }),
    form,
    {
      onProgress: input.onProgress,
      signal: input.signal,
      headers: { 'Idempotency-Key': input.idempotencyKey },
    },
    deps,
  );
}

/** The answer's JSON, or its text when it is not JSON (undefined when empty). */
function parseBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Whether `value` is a JSON object (not null, not an array). */
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
