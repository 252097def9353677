import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createVendor, type TestUser, type TestVendor } from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { callServer, type ServerProcess, sharedServerEnv, startServer } from './processes';
import { connectReady } from './sockets';

// Two API processes need a database they can share: PostgreSQL (PGlite is one process's). CI
// sets DATABASE_URL and REDIS_URL; without them this file reports itself skipped, loudly.
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
if (!shared) {
  console.warn(
    'conversations-multi-process.test.ts: skipped — set DATABASE_URL and REDIS_URL to run it',
  );
}

let ctx: TestContext;
let servers: ServerProcess[] = [];
let customer: TestUser;
let vendor: TestVendor;

beforeAll(async () => {
  if (!shared) return;
  ctx = await createTestContext();
  customer = await createCustomer(ctx, 'Cora Customer');
  vendor = await createVendor(ctx, { businessName: 'Drip Masters' });
  const env = sharedServerEnv(ctx.config);
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await ctx?.close();
});

const call = callServer;

/** A socket on `server`, once the server says `ready`. */
const connect = (server: ServerProcess, token: string) =>
  connectReady(`${server.url.replace('http', 'ws')}/v1/ws`, token, 30_000);

describe.runIf(shared)('conversations across two API processes (PostgreSQL + Redis)', () => {
  it('a message sent through process A reaches the recipient’s socket on process B, once', async () => {
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const vendorOnB = await connect(b, vendor.token);
    const customerOnA = await connect(a, customer.token);

    const conversation = await call(a, 'POST', '/conversations', customer.token, {
      kind: 'direct',
      vendorId: vendor.vendorId,
    });
    const sent = await call(
      a,
      'POST',
      `/conversations/${conversation.id}/messages`,
      customer.token,
      {
        body: 'Hello from process A',
      },
    );

    // Whichever process's worker delivers the outbox row, Redis carries it to B's socket.
    const heard = await vendorOnB.next((f) => f.type === 'message');
    expect(heard.data).toEqual({
      id: sent.id,
      conversationId: conversation.id,
      sender: { id: customer.id, name: 'Cora Customer', role: 'customer' },
      body: 'Hello from process A',
      attachments: [],
      createdAt: sent.createdAt,
      readAt: null,
    });

    // Typing goes straight on the bus: sent to A, heard on B.
    await call(a, 'POST', `/conversations/${conversation.id}/typing`, customer.token);
    const typing = await vendorOnB.next((f) => f.type === 'typing');
    expect(typing.data).toEqual({
      conversationId: conversation.id,
      userId: customer.id,
      name: 'Cora Customer',
    });

    // And back: the pro reads on B, the customer's socket on A hears the receipt.
    const receipt = await call(b, 'POST', `/conversations/${conversation.id}/read`, vendor.token);
    const read = await customerOnA.next((f) => f.type === 'read');
    expect(read.data).toEqual({
      conversationId: conversation.id,
      readAt: receipt.readAt,
      readerId: vendor.id,
    });

    // The read frame reaches the pro's own socket after the message was delivered: by then the
    // message had arrived exactly once, though both processes run an outbox worker.
    await vendorOnB.next((f) => f.type === 'read');
    expect(vendorOnB.frames.filter((f) => f.type === 'message')).toHaveLength(1);
    // The in-app notification may be delivered by the other worker, in its own time.
    const note = await vendorOnB.next((f) => f.type === 'notification');
    expect(note.data).toMatchObject({
      type: 'message.received',
      title: 'New message from Cora Customer',
      body: 'Hello from process A',
    });
    vendorOnB.socket.close();
    customerOnA.socket.close();
  }, 120_000);
});
