/**
 * Malformed `multipart/form-data` on every upload endpoint — avatar, vetting document, service
 * image, message attachment — answers 400 `malformed_multipart` naming the problem (it used to
 * answer 500 "Boundary not found" / "Unexpected end of multipart data"); a form without a file
 * answers "No image selected" (spec §5; "No document selected" for documents) whatever text
 * fields it carries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createCustomer,
  createVendor,
  openDirect,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';

const BOUNDARY = '----VettedTestBoundary7MA4YWxkTrZu0gW';
/** Bytes of an image part: what the parser reads before it could tell the file is not one. */
const FILE_BYTES = Buffer.alloc(4096, 0x41);

interface Part {
  name: string;
  /** Sent as a file part when set. */
  filename?: string;
  data: Buffer | string;
}

/** A multipart body of `parts` with `boundary`, closed by the final delimiter (RFC 7578). */
function formBody(parts: Part[], boundary = BOUNDARY): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    const type = part.filename ? 'Content-Type: image/png\r\n' : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

const multipartType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

/** What a malformed body must answer: 400 `malformed_multipart`, with the message matching. */
const TRUNCATED = /^The multipart body ended before its closing boundary/;
const NO_BOUNDARY = /^The multipart body has no boundary/;
const BAD_BOUNDARY = /^The multipart boundary must be 1 to 70 characters/;

interface Endpoint {
  name: string;
  /** The URL and token of the upload, set up once. */
  target(): Promise<{ url: string; token: string }>;
  /** A complete form with one file and the text fields the endpoint takes. */
  fileForm: Part[];
  /** A form with text fields only (one of them one the endpoint does not take). */
  textOnlyForm: Part[];
  /** The answer to a form without a file. */
  withoutFile: { status: number; message: string };
}

let ctx: TestContext;
let vendor: TestVendor;
let customer: TestUser;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx);
  customer = await createCustomer(ctx);
});
afterAll(async () => ctx?.close());

const endpoints: Endpoint[] = [
  {
    name: 'POST /v1/me/avatar',
    target: async () => ({ url: '/v1/me/avatar', token: customer.token }),
    fileForm: [{ name: 'file', filename: 'me.png', data: FILE_BYTES }],
    textOnlyForm: [{ name: 'caption', data: 'Me at the beach' }],
    withoutFile: { status: 400, message: 'No image selected' },
  },
  {
    name: 'POST /v1/vendor/services/{id}/images',
    target: async () => ({
      url: `/v1/vendor/services/${vendor.serviceId}/images`,
      token: vendor.token,
    }),
    fileForm: [
      { name: 'alt', data: 'The van' },
      { name: 'file', filename: 'van.png', data: FILE_BYTES },
    ],
    textOnlyForm: [
      { name: 'alt', data: 'The van' },
      { name: 'caption', data: 'Our van' },
    ],
    withoutFile: { status: 400, message: 'No image selected' },
  },
  {
    name: 'POST /v1/vendor/documents',
    target: async () => ({ url: '/v1/vendor/documents', token: vendor.token }),
    fileForm: [
      { name: 'kind', data: 'identity' },
      { name: 'file', filename: 'passport.png', data: FILE_BYTES },
    ],
    textOnlyForm: [
      { name: 'kind', data: 'identity' },
      { name: 'note', data: 'Front page' },
    ],
    withoutFile: { status: 400, message: 'No document selected' },
  },
  {
    name: 'POST /v1/conversations/{id}/messages',
    target: async () => ({
      url: `/v1/conversations/${await openDirect(ctx, customer, vendor)}/messages`,
      token: customer.token,
    }),
    fileForm: [
      { name: 'body', data: 'Photo of the leak' },
      { name: 'images', filename: 'leak.png', data: FILE_BYTES },
    ],
    // A message takes text alone; a form with neither text nor an image is the empty message.
    textOnlyForm: [{ name: 'body', data: '   ' }],
    withoutFile: { status: 400, message: 'Write a message or attach an image' },
  },
];

describe.each(endpoints)('$name', (endpoint) => {
  let target: { url: string; token: string };
  beforeAll(async () => {
    target = await endpoint.target();
  });

  const send = (payload: Buffer, contentType: string) =>
    ctx.app.inject({
      method: 'POST',
      url: target.url,
      headers: { ...bearer(target.token), 'content-type': contentType },
      payload,
    });

  function expectMalformed(res: Awaited<ReturnType<typeof send>>, message: RegExp) {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().ok).toBe(false);
    expect(res.json().error.code).toBe('malformed_multipart');
    expect(res.json().error.message).toMatch(message);
  }

  it('answers 400 naming the boundary when the content type has none', async () => {
    const full = formBody(endpoint.fileForm);
    expectMalformed(await send(full, 'multipart/form-data'), NO_BOUNDARY);
    expectMalformed(await send(full, 'multipart/form-data; charset=utf-8'), NO_BOUNDARY);
  });

  it('answers 400 for an empty or over-long boundary', async () => {
    expectMalformed(
      await send(formBody(endpoint.fileForm), 'multipart/form-data; boundary='),
      BAD_BOUNDARY,
    );
    const long = 'b'.repeat(300);
    expectMalformed(
      await send(formBody(endpoint.fileForm, long), multipartType(long)),
      BAD_BOUNDARY,
    );
  });

  it('answers 400 for a body cut inside the file, inside a field, or before the final boundary', async () => {
    const full = formBody(endpoint.fileForm);
    const fileAt = full.indexOf(FILE_BYTES.subarray(0, 16));
    const insideFile = full.subarray(0, fileAt + FILE_BYTES.length / 2);
    expectMalformed(await send(insideFile, multipartType()), TRUNCATED);
    // Cut inside the first part's header block, then inside its value.
    expectMalformed(await send(full.subarray(0, 60), multipartType()), TRUNCATED);
    const firstValue = full.indexOf('\r\n\r\n') + 4;
    expectMalformed(await send(full.subarray(0, firstValue + 2), multipartType()), TRUNCATED);
    const unclosed = full.subarray(0, full.length - `--${BOUNDARY}--\r\n`.length);
    expectMalformed(await send(unclosed, multipartType()), TRUNCATED);
  });

  it('answers the missing-file message to a form of text fields only', async () => {
    const res = await send(formBody(endpoint.textOnlyForm), multipartType());
    expect(res.statusCode, res.body).toBe(endpoint.withoutFile.status);
    expect(res.json().error.message).toBe(endpoint.withoutFile.message);
    const empty = await send(formBody([]), multipartType());
    expect(empty.statusCode, empty.body).toBe(endpoint.withoutFile.status);
    expect(empty.json().error.message).toBe(endpoint.withoutFile.message);
  });

  it('answers 413 naming the problem to a form of more text fields than any upload takes', async () => {
    const name = endpoint.textOnlyForm[0]!.name;
    const fields = Array.from({ length: 6 }, () => ({ name, data: 'x' }));
    const res = await send(formBody(fields), multipartType());
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toEqual({
      message: 'The form has too many fields: send only the ones this upload takes',
      code: 'too_many_fields',
    });
  });

  it('still reads a well-formed form (the file is refused by its bytes, not by the parser)', async () => {
    const res = await send(formBody(endpoint.fileForm), multipartType());
    // 4 KB of "A" is no image or document: the endpoint's own type check answers, never 5xx.
    expect([400, 415]).toContain(res.statusCode);
    expect(res.json().error.code).not.toBe('malformed_multipart');
  });
});
