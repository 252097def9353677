import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';

const LIMIT = 5;
const METRICS_TOKEN = 'platform-test-metrics-token';
const metricsAuth = { authorization: `Bearer ${METRICS_TOKEN}` };
let ctx: TestContext;
beforeAll(async () => {
  // Clients are told apart by X-Forwarded-For, as behind a load balancer (TRUST_PROXY=true).
  ctx = await createTestContext({
    rateLimitPerMinute: LIMIT,
    trustProxy: true,
    metricsToken: METRICS_TOKEN,
  });
});
afterAll(async () => ctx?.close());

let ipSeq = 0;
/** A fresh client address per test (trustProxy is on), so a shared Redis store starts from zero. */
const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${(++ipSeq % 250) + 1}`;

/** Subscribes to `channel` on `app`: `payload` is the first delivery (rejects after `ms`), `ready` the subscription. */
function nextEvent(
  app: TestContext['app'],
  channel: string,
  ms = 2000,
): { payload: Promise<unknown>; ready: Promise<void> } {
  let ready: Promise<void> = Promise.resolve();
  const payload = new Promise<unknown>((resolve, reject) => {
    const off = app.events.subscribe(channel, (p) => {
      clearTimeout(timer);
      off();
      resolve(p);
    });
    const timer = setTimeout(() => {
      off();
      reject(new Error(`no event on ${channel} within ${ms} ms`));
    }, ms);
    ready = off.ready;
  });
  return { payload, ready };
}

describe('metrics', () => {
  it('serves Prometheus text with default metrics and request durations by route', async () => {
    const ip = freshIp();
    await ctx.app.inject({ method: 'GET', url: '/v1/health', headers: { 'x-forwarded-for': ip } });
    const res = await ctx.app.inject({ method: 'GET', url: '/metrics', headers: metricsAuth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/v1\/health",status_code="200"\} [1-9]/,
    );
    expect(res.body).toContain('process_cpu_user_seconds_total');
    expect(res.body).toContain('nodejs_eventloop_lag_seconds');
  });
});

describe('rate limit', () => {
  it('answers 429 in the error wrapper once a client exceeds the limit', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof ctx.app.inject>> | undefined;
    for (let i = 0; i < LIMIT + 1; i++) {
      last = await ctx.app.inject({
        method: 'GET',
        url: '/v1/health',
        headers: { 'x-forwarded-for': ip },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const body = last!.json();
    expect(body.ok).toBe(false);
    expect(body.error.code).toBe('rate_limited');
    expect(body.error.message).toMatch(/^Too many requests\. Try again in /);
    expect(last!.headers['retry-after']).toBeDefined();

    // Another client is not affected; metrics and the SPA are not counted.
    const other = await ctx.app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(other.statusCode).toBe(200);
    const metrics = await ctx.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { 'x-forwarded-for': ip, ...metricsAuth },
    });
    expect(metrics.statusCode).toBe(200);
    const page = await ctx.app.inject({
      method: 'GET',
      url: '/about',
      headers: { 'x-forwarded-for': ip },
    });
    expect(page.statusCode).toBe(200);
  });

  it('compresses a small uncached JSON answer in one go: same tag, decodes to the identity body', async () => {
    for (let i = 0; i < 4; i++) await createVendor(ctx, { businessName: `Squeeze ${i}` });
    const get = (headers: Record<string, string>) =>
      ctx.app.inject({
        method: 'GET',
        url: '/v1/vendors?pageSize=50',
        headers: { 'x-forwarded-for': freshIp(), ...headers },
      });
    const identity = await get({});
    expect(identity.rawPayload.length).toBeGreaterThan(1024);
    expect(identity.headers['content-encoding']).toBeUndefined();
    const br = await get({ 'accept-encoding': 'gzip, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers.etag).toBe(identity.headers.etag);
    expect(brotliDecompressSync(br.rawPayload).equals(identity.rawPayload)).toBe(true);
    const gzip = await get({ 'accept-encoding': 'gzip' });
    expect(gunzipSync(gzip.rawPayload).equals(identity.rawPayload)).toBe(true);
    const asked = await get({ 'accept-encoding': 'br', 'x-no-compression': '1' });
    expect(asked.headers['content-encoding']).toBeUndefined();
    expect(asked.rawPayload.equals(identity.rawPayload)).toBe(true);
  });

  it('compresses JSON responses when the client accepts it', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/openapi.json',
      headers: { 'accept-encoding': 'br', 'x-forwarded-for': freshIp() },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('events', () => {
  it('delivers a published payload to subscribers, as a copy, until they unsubscribe', async () => {
    const channel = `test:${crypto.randomUUID()}`;
    const got: unknown[] = [];
    const off = ctx.app.events.subscribe<{ n: number }>(channel, (p) => {
      got.push(p);
    });
    // A throwing handler must not stop the others.
    const offBad = ctx.app.events.subscribe(channel, () => {
      throw new Error('boom');
    });
    await Promise.all([off.ready, offBad.ready]);
    const payload = { n: 1 };
    const first = nextEvent(ctx.app, channel);
    await first.ready;
    await ctx.app.events.publish(channel, payload);
    expect(await first.payload).toEqual({ n: 1 });
    expect(got).toEqual([{ n: 1 }]);
    expect(got[0]).not.toBe(payload);

    off();
    offBad();
    const second = nextEvent(ctx.app, channel);
    await second.ready;
    await ctx.app.events.publish(channel, { n: 2 });
    expect(await second.payload).toEqual({ n: 2 });
    expect(got).toEqual([{ n: 1 }]);
  });

  it('fans out between app instances through Redis when REDIS_URL is set, else stays in-process', async () => {
    const other = await createTestContext();
    try {
      const channel = `test:${crypto.randomUUID()}`;
      const expected = process.env.REDIS_URL ? 'redis' : 'memory';
      expect(ctx.app.events.kind).toBe(expected);
      expect(other.app.events.kind).toBe(expected);

      const onOther = nextEvent(other.app, channel, 3000);
      const onSelf = nextEvent(ctx.app, channel, 3000);
      await Promise.all([onOther.ready, onSelf.ready]);
      await ctx.app.events.publish(channel, { orderId: 'o-1', status: 'paid' });
      expect(await onSelf.payload).toEqual({ orderId: 'o-1', status: 'paid' });
      if (expected === 'redis') {
        expect(await onOther.payload).toEqual({ orderId: 'o-1', status: 'paid' });
      } else {
        await expect(onOther.payload).rejects.toThrow(/no event/);
      }
    } finally {
      await other.close();
    }
  }, 90_000);
});
