import { buildPath } from '@vetted/api-client';
import { type CreateQuoteRequestBody, type QuoteRequest, routes } from '@vetted/contract';
import { postMultipart, type UploadDeps } from '../../lib/upload';

/*
 * A request for quotes with photos, reporting upload progress (lib/upload.ts `postMultipart`):
 * the JSON fields as text (objects and arrays as JSON, as the api-client's own multipart body
 * writes them) and one `photos` file per picture.
 */

/** What {@link uploadQuoteRequest} sends. */
export interface UploadQuoteRequestInput {
  body: CreateQuoteRequestBody;
  /** The pictures, each under 3 MB (spec §5; the server answers 413 otherwise), at most 6. */
  photos: readonly File[];
  /** Called with the fraction of the request body sent, 0 to 1 (1 once the server answered). */
  onProgress?: (fraction: number) => void;
  /** Aborts the upload; the promise then rejects with a `RequestError` of the api-client. */
  signal?: AbortSignal;
}

/** Seams for tests: the request object, the token source and the 401 hook (lib/upload.ts). */
export type UploadQuoteRequestDeps = UploadDeps;

/** The multipart body: each field as text (objects and arrays as JSON), then the photos. */
export function quoteRequestForm(body: CreateQuoteRequestBody, photos: readonly File[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    form.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  for (const photo of photos) form.append('photos', photo, photo.name);
  return form;
}

/**
 * `POST /v1/quote-requests` as multipart ({@link postMultipart}), reporting upload progress.
 * @returns the request with its matches (the body's `data`).
 * @throws {HttpError} on a 4xx/5xx, its message and `fields` from the body (422
 *   `no_matching_pros`, 413 "Image must be less than 3mb").
 * @throws {TimeoutError} when the request got no answer (network down).
 * @throws {RequestError} when aborted, when there is no session, or when the answer is not JSON.
 */
export async function uploadQuoteRequest(
  input: UploadQuoteRequestInput,
  deps: UploadQuoteRequestDeps = {},
): Promise<QuoteRequest> {
  return postMultipart<QuoteRequest>(
    buildPath(routes.createQuoteRequest.path),
    quoteRequestForm(input.body, input.photos),
    { onProgress: input.onProgress, signal: input.signal },
    deps,
  );
}
