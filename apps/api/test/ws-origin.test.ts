import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { isAllowedOrigin, REALTIME_PROTOCOL } from '../src/routes/realtime';
import { createCustomer, type TestUser } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

const PUBLIC_URL = 'https://vetted.example.com';
const DEV_ORIGIN = 'http://localhost:5173';

let ctx: TestContext;
let customer: TestUser;
let port: number;

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: PUBLIC_URL, allowedOrigins: [DEV_ORIGIN] });
  customer = await createCustomer(ctx);
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(async () => ctx?.close());

type Outcome =
  | { opened: true; firstFrame: string }
  | { opened: false; status: number; body: string };

/** Opens `/v1/ws` with `origin` (none when undefined); resolves with the first frame or the refusal. */
function attempt(origin: string | undefined): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `ws://127.0.0.1:${port}/v1/ws`,
      [REALTIME_PROTOCOL, customer.token],
      {
        ...(origin === undefined ? {} : { origin }),
      },
    );
    socket.once('message', (raw) => {
      resolve({ opened: true, firstFrame: String(raw) });
      socket.close();
    });
    socket.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk;
      });
      res.on('end', () => resolve({ opened: false, status: res.statusCode ?? 0, body }));
    });
    socket.once('error', (err) => {
      // `unexpected-response` handles refusals; any other error fails the test.
      if (!/Unexpected server response/.test(err.message)) reject(err);
    });
  });
}

describe('WebSocket /v1/ws origin check', () => {
  it.each([
    ['PUBLIC_URL’s origin', PUBLIC_URL],
    ['an origin listed in ALLOWED_ORIGINS', DEV_ORIGIN],
    ['no Origin header (not a browser)', undefined],
  ])('accepts %s', async (_name, origin) => {
    const outcome = await attempt(origin);
    expect(outcome).toEqual({ opened: true, firstFrame: JSON.stringify({ type: 'ready' }) });
  });

  it('accepts a page served by this very host', async () => {
    const outcome = await attempt(`http://127.0.0.1:${port}`);
    expect(outcome.opened).toBe(true);
  });

  it.each([
    ['another site', 'https://evil.example'],
    ['a look-alike of PUBLIC_URL', 'https://vetted.example.com.evil.example'],
    ['PUBLIC_URL’s host over another scheme and port', 'http://vetted.example.com:8080'],
    ['another port on this host', 'http://127.0.0.1:1'],
    ['an opaque origin', 'null'],
  ])('refuses %s with 403 before upgrading', async (_name, origin) => {
    const outcome = await attempt(origin);
    expect(outcome.opened).toBe(false);
    if (outcome.opened) return;
    expect(outcome.status).toBe(403);
    expect(JSON.parse(outcome.body)).toEqual({
      ok: false,
      error: { message: 'This origin may not open the live connection', code: 'forbidden_origin' },
    });
  });
});

describe('isAllowedOrigin', () => {
  const config = { publicUrl: 'http://localhost:3000', allowedOrigins: [] };
  it('compares origins exactly, and hosts case-insensitively', () => {
    expect(isAllowedOrigin('http://localhost:3000', 'localhost:3000', config)).toBe(true);
    expect(isAllowedOrigin('http://LOCALHOST:3000', 'other:3000', config)).toBe(true);
    expect(isAllowedOrigin('http://127.0.0.1:3000', '127.0.0.1:3000', config)).toBe(true);
    expect(isAllowedOrigin('http://localhost:5173', 'localhost:3000', config)).toBe(false);
    expect(isAllowedOrigin('not a url', 'localhost:3000', config)).toBe(false);
    expect(isAllowedOrigin('https://evil.example', undefined, config)).toBe(false);
    expect(isAllowedOrigin(undefined, undefined, config)).toBe(true);
  });
});
