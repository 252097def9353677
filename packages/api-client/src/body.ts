// Request body helpers of `createClient`: type guards and the multipart conversion.

/** Whether `value` is a plain object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether `value` is a `FormData` (false where the runtime has none). */
export function isFormData(value: unknown): value is FormData {
  return typeof FormData !== 'undefined' && value instanceof FormData;
}

/** Whether `value` is a `Blob` (false where the runtime has none). */
function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** Converts a plain object to `FormData` (see `RequestOptions.multipart` in `client.ts`). */
export function toFormData(body: unknown): FormData {
  if (isFormData(body)) return body;
  if (!isRecord(body)) throw new TypeError('A multipart body must be a FormData or a plain object');
  const form = new FormData();
  const append = (key: string, value: unknown) => {
    if (value === null || value === undefined) return;
    if (isBlob(value)) form.append(key, value);
    else if (typeof value === 'object') form.append(key, JSON.stringify(value));
    else form.append(key, String(value));
  };
  for (const [key, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) append(key, item);
    else append(key, value);
  }
  return form;
}
