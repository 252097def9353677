import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ApiError,
  createClient,
  HttpError,
  isApiError,
  isHttpError,
  isRequestError,
  isTimeoutError,
  MESSAGES,
  RequestError,
  TimeoutError,
} from '../src/index';
import { closedPort, json, startServer, type TestServer } from './server';

let server: TestServer;

beforeEach(async () => {
  server = await startServer();
});

afterEach(async () => {
  await server.close();
});

/** A client on the test server with no retry delay, so tests stay fast. */
function client(config: Partial<Parameters<typeof createClient>[0]> = {}) {
  return createClient({
    baseUrl: `${server.origin}/v1`,
    ...config,
    retry: { delayMs: 0, ...config.retry },
  });
}

async function catchError(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(isApiError(error)).toBe(true);
    return error as ApiError;
  }
  throw new Error('expected the request to fail');
}

describe('retries', () => {
  it.each([408, 409, 425, 429, 500, 502, 503, 504])('retries a GET once on %i', async (status) => {
    server.handle((_, res) => json(res, status, { ok: false, error: { message: 'busy' } }));
    const error = await catchError(client().request({ endpoint: '/things' }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.code).toBe(status);
    expect(server.requests).toHaveLength(2);
  });

  it('returns the second answer when the retry succeeds', async () => {
    server.handle((_, res) => {
      if (server.requests.length === 1) json(res, 503, { ok: false, error: { message: 'down' } });
      else json(res, 200, { ok: true, data: 'second' });
    });
    await expect(client().request({ endpoint: '/things' })).resolves.toBe('second');
    expect(server.requests).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 422])(
    'does not retry a GET on %i: exactly 1 request',
    async (status) => {
      server.handle((_, res) => json(res, status, { ok: false, error: { message: 'no' } }));
      await catchError(client().request({ endpoint: '/things' }));
      expect(server.requests).toHaveLength(1);
    },
  );

  it.each(['post', 'put', 'patch', 'delete'] as const)(
    'does not retry %s on 503: exactly 1 request',
    async (method) => {
      server.handle((_, res) => json(res, 503, { ok: false, error: { message: 'down' } }));
      await catchError(client().request({ endpoint: '/things', method, body: { a: 1 } }));
      expect(server.requests).toHaveLength(1);
    },
  );

  it('does not retry a body-less DELETE on 503 either', async () => {
    server.handle((_, res) => json(res, 503, {}));
    await catchError(client().request({ endpoint: '/things/1', method: 'delete' }));
    expect(server.requests).toHaveLength(1);
  });

  it('retries a POST when the request opts in with retry: 1', async () => {
    server.handle((_, res) => json(res, 503, {}));
    await catchError(client().request({ endpoint: '/orders', method: 'post', body: {}, retry: 1 }));
    expect(server.requests).toHaveLength(2);
  });

  it('retries a GET up to a per-request retry: 3 (4 requests)', async () => {
    server.handle((_, res) => json(res, 500, {}));
    await catchError(client().request({ endpoint: '/things', retry: 3 }));
    expect(server.requests).toHaveLength(4);
  });

  it('does not retry a GET with retry: false', async () => {
    server.handle((_, res) => json(res, 503, {}));
    await catchError(client().request({ endpoint: '/things', retry: false }));
    expect(server.requests).toHaveLength(1);
  });

  it('honours the client limit, methods and statusCodes', async () => {
    server.handle((_, res) => json(res, 418, {}));
    const teapot = client({ retry: { limit: 2, methods: ['get', 'put'], statusCodes: [418] } });
    await catchError(teapot.request({ endpoint: '/a', method: 'put', body: {} }));
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry with limit 0', async () => {
    server.handle((_, res) => json(res, 503, {}));
    await catchError(client({ retry: { limit: 0 } }).request({ endpoint: '/a' }));
    expect(server.requests).toHaveLength(1);
  });

  it('waits delayMs between attempts', async () => {
    server.handle((_, res) => json(res, 503, {}));
    const started = Date.now();
    await catchError(client({ retry: { delayMs: 120 } }).request({ endpoint: '/a' }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(110);
    expect(server.requests).toHaveLength(2);
  });

  it('passes the 1-based attempt number to a delayMs function', async () => {
    server.handle((_, res) => json(res, 503, {}));
    const delayMs = vi.fn(() => 0);
    await catchError(client({ retry: { delayMs } }).request({ endpoint: '/a', retry: 2 }));
    expect(delayMs.mock.calls).toEqual([[1], [2]]);
  });

  it('honours Retry-After (seconds) over delayMs', async () => {
    server.handle((_, res) => json(res, 429, {}, { 'Retry-After': '1' }));
    const started = Date.now();
    await catchError(client({ retry: { delayMs: 0 } }).request({ endpoint: '/a' }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.requests).toHaveLength(2);
  });

  it('caps Retry-After at maxDelayMs', async () => {
    server.handle((_, res) => json(res, 503, {}, { 'Retry-After': '3600' }));
    const started = Date.now();
    await catchError(client({ retry: { maxDelayMs: 50 } }).request({ endpoint: '/a' }));
    expect(Date.now() - started).toBeLessThan(1000);
    expect(server.requests).toHaveLength(2);
  });

  it('stops waiting for a retry when the signal aborts', async () => {
    server.handle((_, res) => json(res, 503, {}));
    const controller = new AbortController();
    const promise = client({ retry: { delayMs: 5_000 } }).request({
      endpoint: '/a',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 50);
    const error = await catchError(promise);
    expect(error).toBeInstanceOf(RequestError);
    expect(server.requests).toHaveLength(1);
  });
});

describe('error normalisation (spec §8)', () => {
  it('takes the message from error.message and keeps errorCode, fields, status and body', async () => {
    const body = {
      ok: false,
      error: {
        message: 'Your card was declined',
        code: 'card_declined',
        fields: { 'card.number': 'Bad' },
      },
    };
    server.handle((_, res) => json(res, 402, body));
    const error = await catchError(
      client().request({ endpoint: '/pay', method: 'post', body: {} }),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(isHttpError(error)).toBe(true);
    expect(error.message).toBe('Your card was declined');
    expect(error.code).toBe(402);
    expect(error.status).toBe(402);
    expect(error.errorCode).toBe('card_declined');
    expect(error.fields).toEqual({ 'card.number': 'Bad' });
    expect((error as HttpError).body).toEqual(body);
    expect(error.response?.status).toBe(402);
    expect(error.request).toEqual({ method: 'POST', url: `${server.origin}/v1/pay` });
    expect(error.name).toBe('HttpError');
  });

  it('falls back to the body message', async () => {
    server.handle((_, res) => json(res, 400, { message: 'Bad thing' }));
    const error = await catchError(client().request({ endpoint: '/a' }));
    expect(error.message).toBe('Bad thing');
    expect(error.code).toBe(400);
    expect(error.errorCode).toBeUndefined();
    expect(error.fields).toBeUndefined();
  });

  it("falls back to 'Unknown error' for an empty body", async () => {
    server.handle((_, res) => {
      res.writeHead(500);
      res.end();
    });
    const error = await catchError(client().request({ endpoint: '/a', retry: false }));
    expect(error.message).toBe('Unknown error');
    expect(error.message).toBe(MESSAGES.unknownError);
    expect(error.code).toBe(500);
  });

  it("falls back to 'Unknown error' for a non-JSON body and keeps the text", async () => {
    server.handle((_, res) => {
      res.writeHead(502, { 'Content-Type': 'text/html' });
      res.end('<h1>Bad gateway</h1>');
    });
    const error = await catchError(client().request({ endpoint: '/a', retry: false }));
    expect(error.message).toBe('Unknown error');
    expect((error as HttpError).body).toBe('<h1>Bad gateway</h1>');
  });

  it('treats a 2xx body with ok: false as an HttpError', async () => {
    server.handle((_, res) => json(res, 200, { ok: false, error: { message: 'Nope' } }));
    const error = await catchError(client().request({ endpoint: '/a' }));
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Nope');
  });

  it('turns invalid JSON on a 200 into a RequestError', async () => {
    server.handle((_, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{not json');
    });
    const error = await catchError(client().request({ endpoint: '/a' }));
    expect(error).toBeInstanceOf(RequestError);
    expect(isRequestError(error)).toBe(true);
    expect(error.cause).toBeInstanceOf(SyntaxError);
    expect(server.requests).toHaveLength(1);
  });

  it('calls onUnauthorized on a 401 to a request that carried a bearer', async () => {
    server.handle((_, res) => json(res, 401, { ok: false, error: { message: 'Expired' } }));
    const onUnauthorized = vi.fn();
    const c = client({ getAccessToken: () => 'tok', onUnauthorized });
    const error = await catchError(c.request({ endpoint: '/me' }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(error);
  });

  it('does not call onUnauthorized on a 401 without a bearer', async () => {
    server.handle((_, res) => json(res, 401, { ok: false, error: { message: 'Wrong password' } }));
    const onUnauthorized = vi.fn();
    const c = client({ getAccessToken: () => 'tok', onUnauthorized });
    await catchError(c.request({ endpoint: '/auth/login', method: 'post', body: {}, auth: false }));
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('wraps a failing getAccessToken in a RequestError without sending', async () => {
    const c = client({
      getAccessToken: () => {
        throw new Error('storage unavailable');
      },
    });
    const error = await catchError(c.request({ endpoint: '/me' }));
    expect(error).toBeInstanceOf(RequestError);
    expect(error.message).toBe('storage unavailable');
    expect(server.requests).toHaveLength(0);
  });

  it("uses 'Something went wrong 4000' when the cause has no message", () => {
    const error = new RequestError({ request: { method: 'GET', url: '/x' }, cause: {} });
    expect(error.message).toBe('Something went wrong 4000');
    expect(error.code).toBe('REQUEST_FAILED');
  });

  it('rejects an unresolvable URL with a RequestError before sending', async () => {
    const c = createClient({ baseUrl: '/v1' }); // relative: no `location` in Node
    const error = await catchError(c.request({ endpoint: '/a' }));
    expect(error).toBeInstanceOf(RequestError);
    expect(error.request.url).toBe('/v1/a');
  });

  it('reports a caller abort as a RequestError and does not retry it', async () => {
    server.handle(() => {}); // never answers
    const controller = new AbortController();
    const promise = client().request({ endpoint: '/a', signal: controller.signal });
    setTimeout(() => controller.abort(new Error('user left')), 50);
    const error = await catchError(promise);
    expect(error).toBeInstanceOf(RequestError);
    expect(error.message).toBe('user left');
    expect(server.requests).toHaveLength(1);
  });
});

describe('timeouts (spec §7, §8)', () => {
  it('turns an unanswered GET into a TimeoutError after retrying once', async () => {
    server.handle(() => {}); // never answers
    const error = await catchError(client({ timeout: 50 }).request({ endpoint: '/slow' }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(isTimeoutError(error)).toBe(true);
    expect(error.message).toBe('Connection timeout. Please try again later.');
    expect(error.code).toBe('TIMEOUT');
    expect(error.response).toBeUndefined();
    expect(server.requests).toHaveLength(2);
  });

  it('does not retry an unanswered POST: exactly 1 request', async () => {
    server.handle(() => {});
    const error = await catchError(
      client({ timeout: 50 }).request({ endpoint: '/slow', method: 'post', body: {} }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
    expect(server.requests).toHaveLength(1);
  });

  it('lets a per-request timeout override the client one', async () => {
    server.handle(() => {});
    const error = await catchError(
      client({ timeout: 10_000 }).request({ endpoint: '/slow', timeout: 30, retry: false }),
    );
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it('turns a refused connection into a TimeoutError, retried once for GET', async () => {
    const port = await closedPort();
    const seen = vi.fn(globalThis.fetch);
    const c = createClient({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      fetch: seen,
      retry: { delayMs: 0 },
    });
    const error = await catchError(c.request({ endpoint: '/a' }));
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error.message).toBe(MESSAGES.connectionTimeout);
    expect(error.cause).toBeInstanceOf(TypeError);
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('has no timeout with timeout 0 (the default)', async () => {
    server.handle((_, res) => {
      setTimeout(() => json(res, 200, { ok: true, data: 'late' }), 150);
    });
    await expect(client({ timeout: 0 }).request({ endpoint: '/slow' })).resolves.toBe('late');
    await expect(client().request({ endpoint: '/slow' })).resolves.toBe('late');
    expect(server.requests).toHaveLength(2);
  });
});

describe('request building', () => {
  it('unwraps the data field', async () => {
    server.handle((_, res) => json(res, 200, { ok: true, data: { id: 7, name: 'Ann' } }));
    await expect(client().request<{ id: number }>({ endpoint: '/a' })).resolves.toEqual({
      id: 7,
      name: 'Ann',
    });
  });

  it('resolves with undefined on 204', async () => {
    server.handle((_, res) => {
      res.writeHead(204);
      res.end();
    });
    await expect(client().request({ endpoint: '/a', method: 'delete' })).resolves.toBeUndefined();
  });

  it('joins baseUrl and endpoint with one slash', async () => {
    const c = createClient({ baseUrl: `${server.origin}/v1/` });
    await c.request({ endpoint: '/a/b' });
    await c.request({ endpoint: 'c' });
    expect(server.requests.map((r) => r.url)).toEqual(['/v1/a/b', '/v1/c']);
  });

  it('serialises the query: null/undefined skipped, arrays repeated, booleans as text', async () => {
    await client().request({
      endpoint: '/vendors',
      query: {
        q: 'hair cut',
        page: 2,
        near: null,
        sort: undefined,
        tag: ['a', null, 'b&c'],
        open: true,
      },
    });
    const url = new URL(server.requests[0]!.url, server.origin);
    expect(url.pathname).toBe('/v1/vendors');
    expect([...url.searchParams]).toEqual([
      ['q', 'hair cut'],
      ['page', '2'],
      ['tag', 'a'],
      ['tag', 'b&c'],
      ['open', 'true'],
    ]);
  });

  it('keeps a query already in the endpoint', async () => {
    await client().request({ endpoint: '/a?x=1', query: { y: 2 } });
    expect(server.requests[0]!.url).toBe('/v1/a?x=1&y=2');
  });

  it('sends no query string when every value is null', async () => {
    await client().request({ endpoint: '/a', query: { x: null } });
    expect(server.requests[0]!.url).toBe('/v1/a');
  });

  it('sends JSON bodies with Content-Type application/json', async () => {
    await client().request({ endpoint: '/a', method: 'post', body: { name: 'Ann', n: 1 } });
    const seen = server.requests[0]!;
    expect(seen.method).toBe('POST');
    expect(seen.headers['content-type']).toBe('application/json');
    expect(seen.headers.accept).toBe('application/json');
    expect(JSON.parse(seen.body.toString())).toEqual({ name: 'Ann', n: 1 });
  });

  it('sends no body and no Content-Type without a body', async () => {
    await client().request({ endpoint: '/a', method: 'post' });
    const seen = server.requests[0]!;
    expect(seen.headers['content-type']).toBeUndefined();
    expect(seen.body.length).toBe(0);
  });

  it('sends the access token as a bearer credential', async () => {
    await client({ getAccessToken: async () => 'access-1' }).request({ endpoint: '/me' });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer access-1');
  });

  it('sends no Authorization with auth: false or when there is no token', async () => {
    await client({ getAccessToken: () => 'access-1' }).request({ endpoint: '/a', auth: false });
    await client({ getAccessToken: () => null }).request({ endpoint: '/a' });
    await client().request({ endpoint: '/a' });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('sends an explicit bearer instead of the access token', async () => {
    await client({ getAccessToken: () => 'access-1' }).request({
      endpoint: '/auth/reset-token',
      method: 'post',
      bearer: 'refresh-1',
    });
    expect(server.requests[0]!.headers.authorization).toBe('Bearer refresh-1');
  });

  it('merges headers: client, then per-request winning', async () => {
    const c = client({ headers: { 'X-App': 'web', 'X-Both': 'client' } });
    await c.request({ endpoint: '/a', headers: { 'X-Both': 'request', 'Idempotency-Key': 'k1' } });
    const { headers } = server.requests[0]!;
    expect(headers['x-app']).toBe('web');
    expect(headers['x-both']).toBe('request');
    expect(headers['idempotency-key']).toBe('k1');
  });

  it('sends a multipart object as FormData without the JSON content type', async () => {
    const avatar = new Blob(['PNGDATA'], { type: 'image/png' });
    await client().request({
      endpoint: '/me/avatar',
      method: 'post',
      multipart: true,
      body: { name: 'Ann', avatar, skip: null, tags: ['a', 'b'] },
    });
    const seen = server.requests[0]!;
    const type = seen.headers['content-type'] ?? '';
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    const parsed = await new Response(new Uint8Array(seen.body), {
      headers: { 'Content-Type': type },
    }).formData();
    expect(parsed.get('name')).toBe('Ann');
    expect(parsed.getAll('tags')).toEqual(['a', 'b']);
    expect(parsed.has('skip')).toBe(false);
    const file = parsed.get('avatar') as File;
    expect(await file.text()).toBe('PNGDATA');
  });

  it('sends a FormData body as multipart even without the flag', async () => {
    const form = new FormData();
    form.append('x', '1');
    await client().request({ endpoint: '/a', method: 'post', body: form });
    expect(server.requests[0]!.headers['content-type']).toMatch(/^multipart\/form-data/);
  });

  it('rejects a non-object multipart body with a RequestError', async () => {
    const error = await catchError(
      client().request({ endpoint: '/a', method: 'post', multipart: true, body: 'text' }),
    );
    expect(error).toBeInstanceOf(RequestError);
    expect(server.requests).toHaveLength(0);
  });

  it('uses a custom fetch', async () => {
    const fetchSpy = vi.fn(
      async () => new Response(JSON.stringify({ ok: true, data: 1 }), { status: 200 }),
    );
    const c = createClient({ baseUrl: 'http://example.test/v1', fetch: fetchSpy });
    await expect(c.request({ endpoint: '/a' })).resolves.toBe(1);
    expect(fetchSpy).toHaveBeenCalledWith(
      'http://example.test/v1/a',
      expect.objectContaining({ method: 'GET' }),
    );
  });
});

describe("responseType: 'blob' (attachments)", () => {
  it('resolves with the raw bytes, sending the bearer and accepting any type', async () => {
    server.handle((_, res) => {
      res.writeHead(200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="id.pdf"',
      });
      res.end('%PDF-1.7 bytes');
    });
    const blob = await client({ getAccessToken: () => 'tok' }).request<Blob>({
      endpoint: '/admin/vendors/v/documents/d',
      responseType: 'blob',
    });
    expect(blob).toBeInstanceOf(Blob);
    expect(blob.type).toBe('application/pdf');
    expect(await blob.text()).toBe('%PDF-1.7 bytes');
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.headers.authorization).toBe('Bearer tok');
    expect(server.requests[0]!.headers.accept).toBe('*/*');
  });

  it('still throws an HttpError with the server message when the download fails', async () => {
    server.handle((_, res) =>
      json(res, 404, { ok: false, error: { message: 'Document not found' } }),
    );
    const error = await catchError(
      client().request({ endpoint: '/a', responseType: 'blob', retry: false }),
    );
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('Document not found');
    expect(error.status).toBe(404);
  });
});

describe('MESSAGES (spec §8)', () => {
  it('holds the catalogue wording', () => {
    expect(MESSAGES.sessionExpired).toBe('Session expired, Please login again');
    expect(MESSAGES.somethingWentWrong).toBe('Oops! Something went wrong');
    expect(MESSAGES.tryAgain).toBe('Oops! Something went wrong. Try again');
    expect(MESSAGES.errorVerifyingOtp).toBe('Error verifying OTP');
    expect(MESSAGES.errorFetchingVendorServices).toBe('Error fetching vendor services');
  });
});
