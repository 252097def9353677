import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_UNAUTHORIZED, REALTIME_PROTOCOL } from '../src/routes/realtime';
import { createCustomer, createVendor, paidOrder, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { connectSocket } from './sockets';

let ctx: TestContext;
let vendor: TestVendor;
let wsUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  vendor = await createVendor(ctx, { serviceTitle: 'Tap replacement' });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  wsUrl = `ws://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}/v1/ws`;
});
afterAll(async () => ctx?.close());

const connect = (token: string) => connectSocket(wsUrl, token);

describe('GET /v1/ws', () => {
  it('pushes a new-booking notification to the vendor the moment a customer pays', async () => {
    const conn = connect(vendor.token);
    await conn.next((f) => f.type === 'ready');
    expect(conn.socket.protocol).toBe(REALTIME_PROTOCOL);

    await paidOrder(ctx, vendor, await createCustomer(ctx));
    // The notification leaves through the outbox once the payment has committed.
    await ctx.drain();

    const frame = await conn.next((f) => f.type === 'notification');
    expect(frame.data?.title).toMatch(/^New booking: Tap replacement/);
    expect(frame.data?.link).toMatch(/^\/vendor\/history\/order\?id=/);
    conn.socket.close();
  });

  it('does not push one user’s notifications to another', async () => {
    const other = await createCustomer(ctx, 'Bystander');
    const payer = await createCustomer(ctx, 'Payer');
    const conn = connect(other.token);
    const payerConn = connect(payer.token);
    await conn.next((f) => f.type === 'ready');
    await payerConn.next((f) => f.type === 'ready');
    await paidOrder(ctx, vendor, payer);
    await ctx.drain();
    // The payer's own notification arriving means the bus has delivered this payment's events.
    await payerConn.next((f) => f.type === 'notification');
    expect(conn.frames.filter((f) => f.type === 'notification')).toEqual([]);
    conn.socket.close();
    payerConn.socket.close();
  });

  it('closes with 4401 and the spec message without a valid access token', async () => {
    const socket = new WebSocket(wsUrl, [REALTIME_PROTOCOL, 'not-a-jwt']);
    const [code, reason] = await new Promise<[number, string]>((resolve) =>
      socket.on('close', (c, r) => resolve([c, String(r)])),
    );
    expect(code).toBe(CLOSE_UNAUTHORIZED);
    expect(reason).toBe('Session not found');
  });
});
