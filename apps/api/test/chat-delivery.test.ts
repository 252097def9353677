import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { outbox } from '../src/db/schema';
import { realtimeJob } from '../src/domains/notifications';
import { AFTER_COMMIT_CLAIM, AFTER_COMMIT_LEASE_MS, enqueueHeld } from '../src/jobs/after-commit';
import {
  bearer,
  createCustomer,
  createVendor,
  openDirect,
  say,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { connectReady, type TestSocket } from './sockets';

/**
 * Chat delivery without a polling hop, exactly once across two API instances (jobs/after-commit.ts):
 * the sender posts on instance A, the recipient's socket is on instance B. The send publishes its
 * `message` frame right after commit; the frame's outbox job is the safety net and delivers it
 * only when that publish did not happen. On PostgreSQL + Redis the two apps share the database
 * and Redis, as two instances behind a balancer; on PGlite they share the one database and the
 * test carries A's bus to B (what Redis does between instances).
 */

let a: TestContext;
let b: FastifyInstance;
let bDatabase: Database | null = null;
let customer: TestUser;
let vendor: TestVendor;
let conversationId: string;
let vendorOnB: TestSocket;

beforeAll(async () => {
  a = await createTestContext();
  if (a.config.databaseUrl) bDatabase = await openDatabase({ databaseUrl: a.config.databaseUrl });
  b = await buildApp({
    config: a.config,
    database: bDatabase ?? a.database,
    logger: false,
  });
  await b.ready();
  await b.listen({ port: 0, host: '127.0.0.1' });
  customer = await createCustomer(a, 'Cora Customer');
  vendor = await createVendor(a, { businessName: 'Drip Masters' });
  conversationId = await openDirect(a, customer, vendor);
  if (a.app.events.kind === 'memory') {
    // In-process buses are per instance: carry what A publishes to the pro over to B.
    a.app.events.subscribe(`user:${vendor.id}`, (frame) =>
      b.events.publish(`user:${vendor.id}`, frame),
    );
  }
  const port = (b.server.address() as AddressInfo).port;
  vendorOnB = await connectReady(`ws://127.0.0.1:${port}/v1/ws`, vendor.token);
}, 120_000);

afterAll(async () => {
  vendorOnB?.socket.close();
  await b?.close();
  await bDatabase?.close();
  await a?.close();
});

/** The `message` frames the pro's socket on B received for message `id`. */
const framesOf = (id: string) =>
  vendorOnB.frames.filter((f) => f.type === 'message' && f.data?.id === id);

/**
 * Waits until everything published before now has reached the pro's socket on B: a typing hint
 * sent on A goes straight on the bus, behind whatever was published earlier.
 */
async function settled() {
  const seen = vendorOnB.frames.filter((f) => f.type === 'typing').length;
  const res = await a.app.inject({
    method: 'POST',
    url: `/v1/conversations/${conversationId}/typing`,
    headers: bearer(customer.token),
  });
  expect(res.statusCode).toBe(200);
  await vendorOnB.next(() => vendorOnB.frames.filter((f) => f.type === 'typing').length > seen);
}

/** The `realtime` outbox rows of message `id` (one per participant). */
function frameRows(id: string) {
  return a.app.db
    .select()
    .from(outbox)
    .where(
      and(eq(outbox.kind, 'realtime'), sql`${outbox.payload}->'event'->'data'->>'id' = ${id}`),
    );
}

/** Makes every job of these rows due now and runs what is due on both instances, B first. */
async function runJobs(ids: string[]) {
  for (const id of ids) await a.app.jobs.makeDue(id);
  await b.jobs.drain();
  await a.drain();
}

describe('chat delivery across two instances', () => {
  it('a message sent on A reaches the recipient’s socket on B at once, and once, jobs run too', async () => {
    const sent = await say(a, customer, conversationId, 'Are you free Friday?');

    // No job has run: the send published the frame itself once committed.
    const heard = await vendorOnB.next((f) => f.type === 'message' && f.data?.id === sent.id);
    expect(heard.data).toEqual({
      id: sent.id,
      conversationId,
      sender: { id: customer.id, name: 'Cora Customer', role: 'customer' },
      body: 'Are you free Friday?',
      attachments: [],
      createdAt: sent.createdAt,
      readAt: null,
    });
    const rows = await frameRows(sent.id);
    expect(rows.map((r) => (r.payload as { userId: string }).userId).sort()).toEqual(
      [customer.id, vendor.id].sort(),
    );
    for (const r of rows) {
      expect(r.deliveredAt).not.toBeNull();
      expect(r.attempts).toBe(1);
      expect(r.claimedBy).toBe(AFTER_COMMIT_CLAIM);
    }

    // The safety-net jobs run on both instances and find their rows delivered.
    await runJobs(rows.map((r) => r.id));
    for (const r of rows) {
      const [job] = await a.app.jobs.boss.findJobs('realtime', { id: r.id });
      expect(job?.state).toBe('completed');
    }
    await settled();
    expect(framesOf(sent.id)).toHaveLength(1);
    const after = await frameRows(sent.id);
    expect(after.map((r) => r.attempts)).toEqual([1, 1]);
  });

  it('when the publish after commit fails, the job delivers the frame, once', async () => {
    const publish = vi
      .spyOn(a.app.events, 'publish')
      .mockRejectedValue(new Error('Redis is unreachable'));
    let sent: Awaited<ReturnType<typeof say>>;
    try {
      // The message is stored and answered all the same.
      sent = await say(a, customer, conversationId, 'Still there?');
    } finally {
      publish.mockRestore();
    }
    const rows = await frameRows(sent.id);
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      // Handed back to its job: no longer held, not delivered, due now.
      expect(r.deliveredAt).toBeNull();
      expect(r.claimedBy).toBeNull();
      expect(r.lastError).toBe('Redis is unreachable');
      const [job] = await a.app.jobs.boss.findJobs('realtime', { id: r.id });
      expect(job?.state).toBe('created');
    }
    await settled();
    expect(framesOf(sent.id)).toHaveLength(0);

    // B's worker delivers it; A's finds nothing left to do.
    await b.jobs.drain();
    const heard = await vendorOnB.next((f) => f.type === 'message' && f.data?.id === sent.id);
    expect(heard.data.body).toBe('Still there?');
    await runJobs(rows.map((r) => r.id));
    await settled();
    expect(framesOf(sent.id)).toHaveLength(1);
    const after = await frameRows(sent.id);
    for (const r of after) expect(r.deliveredAt).not.toBeNull();
  });

  it('a job leaves a frame its writer still holds, and delivers it once the hold lapses', async () => {
    // A writer that died right after commit: its frame is held, never published by it.
    const held = await enqueueHeld(a.app.db, realtimeJob, [
      { payload: { userId: vendor.id, event: { type: 'message', data: { id: 'held-frame' } } } },
    ]);
    const [id] = held.rows.map((r) => r.id);
    if (!id) throw new Error('nothing enqueued');

    await runJobs([id]);
    let [row] = await a.app.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.deliveredAt).toBeNull();
    expect(row?.claimedBy).toBe(AFTER_COMMIT_CLAIM);
    const [waiting] = await a.app.jobs.boss.findJobs('realtime', { id });
    expect(waiting?.state).toBe('retry');
    await settled();
    expect(framesOf('held-frame')).toHaveLength(0);

    // The lease runs out (moved back rather than waited for).
    await a.app.db
      .update(outbox)
      .set({ claimedAt: new Date(Date.now() - AFTER_COMMIT_LEASE_MS - 1000) })
      .where(eq(outbox.id, id));
    await runJobs([id]);
    await vendorOnB.next((f) => f.type === 'message' && f.data?.id === 'held-frame');
    [row] = await a.app.db.select().from(outbox).where(eq(outbox.id, id));
    expect(row?.deliveredAt).not.toBeNull();
    await runJobs([id]);
    await settled();
    expect(framesOf('held-frame')).toHaveLength(1);
  });
});
