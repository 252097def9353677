import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

const TOKEN = 'metrics-test-token-0123456789';

let guarded: TestContext;
let unset: TestContext;
beforeAll(async () => {
  guarded = await createTestContext({ metricsToken: TOKEN });
  unset = await createTestContext({ metricsToken: undefined });
});
afterAll(async () => {
  await guarded?.close();
  await unset?.close();
});

const metrics = (ctx: TestContext, authorization?: string) =>
  ctx.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: authorization === undefined ? {} : { authorization },
  });

describe('GET /metrics with METRICS_TOKEN set', () => {
  it('serves Prometheus text to the bearer of the token', async () => {
    await guarded.app.inject({ method: 'GET', url: '/v1/health' });
    const res = await metrics(guarded, `Bearer ${TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(res.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/v1\/health",status_code="200"\} [1-9]/,
    );
    // The scheme is case-insensitive (RFC 7235 §2.1).
    expect((await metrics(guarded, `bearer ${TOKEN}`)).statusCode).toBe(200);
  });

  it.each([
    ['no Authorization header', undefined],
    ['a wrong token', 'Bearer metrics-test-token-0123456780'],
    ['a prefix of the token', `Bearer ${TOKEN.slice(0, -1)}`],
    ['the token with extra text', `Bearer ${TOKEN}x`],
    ['the token and another word', `Bearer ${TOKEN} ${TOKEN}`],
    ['another scheme', `Basic ${Buffer.from(`prometheus:${TOKEN}`).toString('base64')}`],
    ['the bare token', TOKEN],
    ['an empty bearer', 'Bearer '],
  ])('answers 401 with %s, and no metrics', async (_name, authorization) => {
    const res = await metrics(guarded, authorization);
    expect(res.statusCode).toBe(401);
    expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(res.json()).toEqual({
      ok: false,
      error: { message: 'A valid metrics token is required', code: 'unauthorized' },
    });
    expect(res.body).not.toContain('process_cpu');
  });
});

describe('GET /metrics without METRICS_TOKEN', () => {
  it('is not served at all: 404 with or without a token', async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}`, 'Bearer undefined']) {
      const res = await metrics(unset, authorization);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect(res.body).not.toContain('process_cpu');
    }
  });
});
