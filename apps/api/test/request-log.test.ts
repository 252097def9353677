import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { createTestContext, type TestContext } from './helpers';

/**
 * Production request logs: one line per request at info, when it completes, with
 * method, URL, status and time as plain fields — not Fastify's two lines with the full req/res
 * serializers — and none above info (LOG_LEVEL).
 */

let ctx: TestContext | undefined;
afterEach(async () => ctx?.close());

/** An app logging at `level` into memory; returns it and the parsed lines. */
async function appLoggingAt(level: string) {
  ctx = await createTestContext();
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const database = await openDatabase({});
  const app = await buildApp({ config: ctx.config, database, logger: { level, stream } });
  await app.ready();
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, lines, close };
}

describe('request log', () => {
  it('writes one line per request at info: method, url, status, time and request id', async () => {
    const { app, lines, close } = await appLoggingAt('info');
    try {
      const res = await app.inject({ method: 'GET', url: '/v1/categories?x=1' });
      expect(res.statusCode).toBe(200);
      await app.inject({ method: 'GET', url: '/v1/vendors/not-a-uuid' });
      const requests = lines.filter((l) => 'statusCode' in l);
      expect(requests).toHaveLength(2);
      expect(requests[0]).toMatchObject({
        level: 30,
        msg: 'request completed',
        method: 'GET',
        url: '/v1/categories?x=1',
        statusCode: 200,
        reqId: expect.any(String),
        responseTime: expect.any(Number),
      });
      expect(requests[1]).toMatchObject({ statusCode: 400, url: '/v1/vendors/not-a-uuid' });
      // No "incoming request" line, and no serialized req/res objects.
      expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
      expect(lines.some((l) => 'req' in l || 'res' in l)).toBe(false);
    } finally {
      await close();
    }
  });

  it('is silent above info', async () => {
    const { app, lines, close } = await appLoggingAt('warn');
    try {
      expect((await app.inject({ method: 'GET', url: '/v1/categories' })).statusCode).toBe(200);
      expect(lines.filter((l) => 'statusCode' in l)).toEqual([]);
    } finally {
      await close();
    }
  });
});
