import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { notifications, outbox } from '../src/db/schema';
import {
  availableSlots,
  createCustomer,
  createVendor,
  GOOD_CARD,
  type TestUser,
  type TestVendor,
} from './fixtures';
import { createTestContext, type TestContext } from './helpers';
import { callServer, type ServerProcess, sharedServerEnv, startServer } from './processes';

// Two API processes need a database they can share: PostgreSQL (PGlite is one process's). CI
// sets DATABASE_URL and REDIS_URL; without them this file reports itself skipped, loudly.
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
if (!shared) {
  console.warn('multi-process.test.ts: skipped — set DATABASE_URL and REDIS_URL to run it');
}

const BOOKINGS = 6;
let ctx: TestContext;
let servers: ServerProcess[] = [];
let vendor: TestVendor;
let customers: TestUser[] = [];
let outboxDir: string;

beforeAll(async () => {
  if (!shared) return;
  ctx = await createTestContext();
  vendor = await createVendor(ctx);
  customers = await Promise.all(
    Array.from({ length: BOOKINGS }, (_, i) => createCustomer(ctx, `Customer ${i + 1}`)),
  );
  outboxDir = mkdtempSync(join(tmpdir(), 'vetted-mp-outbox-'));
  const env = sharedServerEnv(ctx.config, outboxDir);
  servers = await Promise.all([startServer(env), startServer(env)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await ctx?.close();
});

const call = callServer;

/**
 * Resolves once every outbox row that is due is delivered (or failed), polling the shared
 * database. Rows due later (a booking's reminders, the day before it) are not waited for.
 */
async function outboxSettled(timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const pending = await ctx.app.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(isNull(outbox.deliveredAt), isNull(outbox.failedAt), lte(outbox.dueAt, sql`now()`)),
      );
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${pending.length} outbox rows still pending`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(shared)('two API processes on one PostgreSQL and Redis', () => {
  it('deliver each side effect of a booking once, whichever process runs the worker', async () => {
    // The vendor listens on process B; bookings are made on A and paid on B, or the other way.
    const socket = new WebSocket(`${servers[1]!.url.replace('http', 'ws')}/v1/ws`, [
      'vetted.bearer',
      vendor.token,
    ]);
    const frames: { type: string; data?: { type?: string; link?: string } }[] = [];
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (raw) => {
        const frame = JSON.parse(String(raw));
        frames.push(frame);
        if (frame.type === 'ready') resolve();
      });
      socket.once('error', reject);
    });

    const slots = await availableSlots(ctx, vendor.serviceId, 7);
    const orderIds: string[] = [];
    for (const [i, customer] of customers.entries()) {
      const a = servers[i % 2]!;
      const b = servers[(i + 1) % 2]!;
      const order = await call(a, 'POST', '/orders', customer.token, {
        serviceId: vendor.serviceId,
        startsAt: slots[i]!.startsAt,
        address: '12 Main Street, New York',
      });
      const payment = await call(b, 'POST', '/payments/initialize', customer.token, {
        orderId: order.id,
      });
      await call(a, 'POST', `/payments/${payment.id}/confirm`, customer.token, { card: GOOD_CARD });
      orderIds.push(order.id);
    }
    await outboxSettled();

    // One "new booking" notification per order for the vendor, one "payment received" each.
    const vendorNotes = await ctx.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, vendor.id));
    const paidNotes = vendorNotes.filter((n) => n.type === 'order.paid');
    expect(paidNotes).toHaveLength(BOOKINGS);
    for (const id of orderIds) {
      expect(paidNotes.filter((n) => n.link?.includes(id))).toHaveLength(1);
    }
    for (const customer of customers) {
      const mine = await ctx.app.db
        .select()
        .from(notifications)
        .where(eq(notifications.userId, customer.id));
      expect(mine.filter((n) => n.type === 'payment.succeeded')).toHaveLength(1);
    }

    // One mail to the vendor per booking, in the folder both processes write to.
    const vendorMails = readdirSync(outboxDir)
      .filter((f) => f.endsWith(`-${vendor.email}.json`))
      .map((f) => JSON.parse(readFileSync(join(outboxDir, f), 'utf8')) as { text: string });
    expect(vendorMails).toHaveLength(BOOKINGS);

    // The vendor's socket on process B heard each booking once, wherever it was delivered.
    const deadline = Date.now() + 10_000;
    while (frames.filter((f) => f.data?.type === 'order.paid').length < BOOKINGS) {
      if (Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    socket.close();
    const heard = frames.filter((f) => f.type === 'notification' && f.data?.type === 'order.paid');
    expect(heard).toHaveLength(BOOKINGS);

    // Both processes took part in delivering (claims are spread by SKIP LOCKED) — reported, not
    // asserted: which worker wins a row is up to the scheduler.
    const claims = await ctx.app.db.select({ by: outbox.claimedBy }).from(outbox);
    console.info(
      `multi-process: ${claims.length} outbox rows delivered by ${new Set(claims.map((c) => c.by)).size} process(es)`,
    );
  }, 120_000);
});
