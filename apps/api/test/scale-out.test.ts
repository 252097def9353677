import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findNginx, type RunningNginx, startNginx } from '../../../scripts/nginx.mjs';
import {
  ledgerEntries,
  notifications,
  outbox,
  payments,
  sandboxBankEvents,
} from '../src/db/schema';
import { createVendor, GOOD_CARD, type TestVendor } from './fixtures';
import { createTestContext, createTestDatabase, type TestContext } from './helpers';
import { freePort, type ServerProcess, startServer } from './processes';
import { connectReady, type TestSocket } from './sockets';

// The deployment of deploy/compose.yaml, from processes: two built API instances on one fresh
// PostgreSQL database and Redis, an S3 server, an SMTP server, and nginx in front with the
// deploy/ config. PostgreSQL and Redis are what several instances share (PGlite is one
// process's); nginx is Debian's (`.ci/run` installs it). Each missing piece is named.
const shared = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const nginxBinary = findNginx();
const inCi = Boolean(process.env.CI);
if (!shared) {
  console.warn('scale-out.test.ts: skipped — set DATABASE_URL and REDIS_URL to run it');
} else if (!nginxBinary && !inCi) {
  console.warn(
    'scale-out.test.ts: skipped — nginx is not installed (apt-get install nginx, or set NGINX_PATH); CI installs it and fails without it',
  );
}
// In CI a missing nginx fails the test (startNginx throws) instead of skipping it.
const runs = shared && (Boolean(nginxBinary) || inCi);

const JWT_SECRET = 'scale-out-secret-scale-out-secret-0123456789';
const PUBLIC_BUCKET = 'vetted-media';
const PRIVATE_BUCKET = 'vetted-private';
/**
 * Longest wait, after the kill, for every side effect to be delivered: a job the killed instance
 * had claimed is retried by the other once its heartbeat goes silent (pg-boss
 * `heartbeatSeconds`, 10 s, checked every 10 s), then after its retry delay.
 */
const DELIVERY_TIMEOUT_MS = Number(process.env.SCALE_OUT_DELIVERY_TIMEOUT_MS ?? 120_000);

interface CapturedMail {
  messageId: string;
  to: string;
  subject: string;
  raw: string;
}

const mails: CapturedMail[] = [];
let smtp: SMTPServer;
// biome-ignore lint/suspicious/noExplicitAny: s3rver ships no types; only run() and close() are used
let s3: any;
let testDatabase: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
let ctx: TestContext | undefined;
let servers: ServerProcess[] = [];
let edge: RunningNginx | undefined;

/** A header of a raw RFC 5322 message (unfolded), or ''. */
function header(raw: string, name: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  const match = new RegExp(`^${name}:\\s*(.*)$`, 'im').exec(head);
  return match?.[1]?.trim() ?? '';
}

/**
 * Resolves when `check` returns a value other than undefined, asked every `everyMs`; rejects
 * after `timeoutMs` naming `what`.
 */
async function until<T>(
  what: string | (() => Promise<string>),
  check: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
  everyMs = 50,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) {
      const detail = typeof what === 'string' ? what : await what();
      throw new Error(`timed out after ${timeoutMs} ms: ${detail}`);
    }
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** `/v1/health/ready` of `base` answers 200. */
async function ready(base: string): Promise<boolean> {
  try {
    const res = await fetch(`${base}/v1/health/ready`);
    await res.arrayBuffer();
    return res.ok;
  } catch {
    return false;
  }
}

// biome-ignore lint/suspicious/noExplicitAny: each step reads the fields it asserts on
type Json = any;

/**
 * `method path` (below `/v1`) on `base` as `token`: JSON `body`, or a `FormData`. Returns the
 * answer's `data`; throws naming the call, status and body on a non-2xx answer.
 */
async function call(
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
): Promise<Json> {
  const form = body instanceof FormData;
  const res = await fetch(`${base}/v1${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined && !form ? { 'content-type': 'application/json' } : {}),
    },
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} on ${base}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: unknown }).data;
}

beforeAll(async () => {
  if (!runs) return;
  // An SMTP server that keeps every mail (as mail.test.ts does).
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        for (const to of session.envelope.rcptTo) {
          mails.push({
            messageId: header(raw, 'Message-ID'),
            to: to.address,
            subject: header(raw, 'Subject'),
            raw,
          });
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  // A real S3 protocol server (files in a temporary folder) with the two buckets.
  const S3rver = createRequire(import.meta.url)('s3rver');
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(join(tmpdir(), 'vetted-s3-')),
    configureBuckets: [{ name: PUBLIC_BUCKET }, { name: PRIVATE_BUCKET }],
  });
  const { port: s3Port } = (await s3.run()) as AddressInfo;

  testDatabase = await createTestDatabase();
  const edgePort = await freePort();
  const env = (name: string): Record<string, string> => ({
    NODE_ENV: 'production',
    DATABASE_URL: testDatabase!.databaseUrl!,
    REDIS_URL: process.env.REDIS_URL!,
    JWT_SECRET,
    // Each instance its own data folder: a file kept on one instance's disk would 404 on the other.
    DATA_DIR: mkdtempSync(join(tmpdir(), `vetted-scale-${name}-`)),
    S3_BUCKET: PUBLIC_BUCKET,
    S3_PRIVATE_BUCKET: PRIVATE_BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    MAIL_FROM: 'Vetted <no-reply@vetted.test>',
    PUBLIC_URL: `http://127.0.0.1:${edgePort}`,
    TRUST_PROXY: '127.0.0.1',
    MIGRATE_ON_START: 'true',
    SEED_ON_START: 'false',
    OUTBOX_POLL_MS: '50',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
    RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'warn',
  });
  // Both at the same moment on the empty database: the migrations run once, under the lock.
  servers = await Promise.all([startServer(env('a'), 120_000), startServer(env('b'), 120_000)]);
  for (const server of servers) {
    await until(`${server.url} ready\n${server.output()}`, async () =>
      (await ready(server.url)) ? true : undefined,
    );
  }
  // The test's own view of the database (fixtures, final counts); it delivers no jobs.
  ctx = await createTestContext(
    { jwtSecret: new TextEncoder().encode(JWT_SECRET) },
    { testDatabase },
  );
  edge = await startNginx({
    upstreams: servers.map((s) => s.url.replace('http://', '')),
    port: edgePort,
    nginx: nginxBinary ?? 'nginx',
  });
}, 240_000);

afterAll(async () => {
  await edge?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  if (ctx) await ctx.close();
  else await testDatabase?.drop();
  await s3?.close();
  if (smtp) await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe.runIf(runs)('scale-out: two instances behind nginx on PostgreSQL, Redis and S3', () => {
  it(
    'a customer and a pro go through the journey by nginx alone, and one instance dies midway',
    async () => {
      const [a, b] = servers as [ServerProcess, ServerProcess];
      const base = edge!.url;
      const wsUrl = `${base.replace('http', 'ws')}/v1/ws`;

      // Sign up through nginx; the code arrives over SMTP.
      const email = `scale-${Date.now()}@example.test`;
      const signup = await call(base, 'POST', '/auth/signup', undefined, {
        fullName: 'Sam Scale',
        email,
        password: 'a-good-password',
      });
      const otpMail = await until('the sign-up mail', () =>
        mails.find((m) => m.to === email && /sign-up code/.test(m.subject)),
      );
      const code = /(\d{6}) is your Vetted sign-up code/.exec(otpMail.subject)?.[1];
      const session = await call(base, 'POST', '/auth/otp/verify', undefined, {
        challengeId: signup.challengeId,
        code,
      });
      const customer = { token: session.accessToken as string };

      // An avatar uploaded through nginx is the same file on every instance (S3, not a disk).
      const png = await sharp({
        create: { width: 64, height: 64, channels: 3, background: '#2a6fdb' },
      })
        .png()
        .toBuffer();
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
      await call(base, 'POST', '/me/avatar', customer.token, form);
      const me = await call(base, 'GET', '/me', customer.token);
      expect(me.avatarUrl).toBeTruthy();
      const avatarPath = new URL(me.avatarUrl, base).pathname;
      const bodies: Buffer[] = [];
      for (const origin of [base, a.url, b.url]) {
        const res = await fetch(`${origin}${avatarPath}`);
        expect(res.status, `${origin}${avatarPath}`).toBe(200);
        bodies.push(Buffer.from(await res.arrayBuffer()));
      }
      expect(bodies[0]!.length).toBeGreaterThan(0);
      expect(bodies[1]!.equals(bodies[0]!)).toBe(true);
      expect(bodies[2]!.equals(bodies[0]!)).toBe(true);

      // A pro (set up in the database, as the other multi-process tests do) renames a service
      // through nginx: every instance serves the new title within a second, though each had the
      // old one cached.
      const vendor: TestVendor = await createVendor(ctx!, {
        businessName: 'Scale Plumbing',
        serviceTitle: 'Leak repair',
      });
      for (const server of servers) {
        const service = await call(server.url, 'GET', `/services/${vendor.serviceId}`);
        expect(service.title).toBe('Leak repair');
        await call(server.url, 'GET', `/vendors/${vendor.vendorId}/services`);
      }
      await call(base, 'PATCH', `/vendor/services/${vendor.serviceId}`, vendor.token, {
        title: 'Leak and burst pipe repair',
      });
      const renamedAt = Date.now();
      for (const server of servers) {
        const seenAfter = await until(
          `${server.url} serves the new title`,
          async () => {
            const service = await call(server.url, 'GET', `/services/${vendor.serviceId}`);
            const list = await call(server.url, 'GET', `/vendors/${vendor.vendorId}/services`);
            const renamed =
              service.title === 'Leak and burst pipe repair' &&
              list.some((s: Json) => s.title === 'Leak and burst pipe repair');
            return renamed ? Date.now() - renamedAt : undefined;
          },
          5_000,
        );
        expect(seenAfter, `${server.url}: new title after ${seenAfter} ms`).toBeLessThanOrEqual(
          1_000,
        );
      }

      // Both sides listen on the socket through nginx.
      let vendorSocket: TestSocket = await connectReady(wsUrl, vendor.token, 30_000);
      let customerSocket: TestSocket = await connectReady(wsUrl, customer.token, 30_000);

      // Book, pay.
      const slots = await call(base, 'GET', `/services/${vendor.serviceId}/slots?days=7`);
      const slot = slots.days.flatMap((d: Json) => d.slots).find((s: Json) => s.available);
      const order = await call(base, 'POST', '/orders', customer.token, {
        serviceId: vendor.serviceId,
        startsAt: slot.startsAt,
        address: '12 Main Street, New York',
      });
      const payment = await call(base, 'POST', '/payments/initialize', customer.token, {
        orderId: order.id,
      });
      await call(base, 'POST', `/payments/${payment.id}/confirm`, customer.token, {
        card: GOOD_CARD,
      });

      // A chat message reaches the other side's socket, whichever instance each is on.
      const conversation = await call(base, 'POST', '/conversations', customer.token, {
        kind: 'direct',
        vendorId: vendor.vendorId,
      });
      const first = await call(
        base,
        'POST',
        `/conversations/${conversation.id}/messages`,
        customer.token,
        { body: 'Is the parking on the street OK?' },
      );
      const heard = await vendorSocket.next(
        (f) => f.type === 'message' && f.data?.id === first.id,
        30_000,
      );
      expect(heard.data.body).toBe('Is the parking on the street OK?');

      // The pro accepts (the capture, mails and notifications are queued), and instance A dies
      // at once, with no shutdown: whatever it had claimed is left half done.
      await call(base, 'POST', `/orders/${order.id}/transitions`, vendor.token, {
        action: 'accept',
      });
      await a.kill9();
      const killedAt = Date.now();
      const left = () => Math.max(1_000, killedAt + DELIVERY_TIMEOUT_MS - Date.now());
      /** The side effects due and not delivered yet (a delayed one, e.g. an unread-message mail, waits for its time), for a timeout's message. */
      const pendingJobs = async () => {
        const rows = await ctx!.app.db
          .select()
          .from(outbox)
          .where(
            and(isNull(outbox.deliveredAt), isNull(outbox.failedAt), lte(outbox.dueAt, new Date())),
          );
        return `undelivered: ${JSON.stringify(
          rows.map((r) => ({
            kind: r.kind,
            attempts: r.attempts,
            claimedBy: r.claimedBy,
            lastError: r.lastError,
          })),
        )}\nsurvivor's output:\n${b.output().slice(-4000)}`;
      };

      // The journey goes on through nginx alone, now served by B: the sockets reconnect (as the
      // web app does when its socket drops), the capture completes, a reply reaches the customer.
      vendorSocket.socket.close();
      customerSocket.socket.close();
      vendorSocket = await connectReady(wsUrl, vendor.token, 30_000);
      customerSocket = await connectReady(wsUrl, customer.token, 30_000);
      const reply = await call(
        base,
        'POST',
        `/conversations/${conversation.id}/messages`,
        vendor.token,
        { body: 'Yes, see you then.' },
      );
      const replyHeard = await customerSocket.next(
        (f) => f.type === 'message' && f.data?.id === reply.id,
        30_000,
      );
      expect(replyHeard.data.body).toBe('Yes, see you then.');
      const captured = await until(
        async () => `the payment is captured; ${await pendingJobs()}`,
        async () => {
          const detail = await call(base, 'GET', `/orders/${order.id}`, customer.token);
          return detail.payment?.status === 'captured' ? detail : undefined;
        },
        left(),
        500,
      );
      console.info(`scale-out: captured ${Date.now() - killedAt} ms after the kill`);
      expect(captured.status).toBe('accepted');
      vendorSocket.socket.close();
      customerSocket.socket.close();

      // Every queued side effect is delivered (B takes over what A had claimed).
      const db = ctx!.app.db;
      await until(
        pendingJobs,
        async () => {
          const pending = await db
            .select({ id: outbox.id })
            .from(outbox)
            .where(
              and(
                isNull(outbox.deliveredAt),
                isNull(outbox.failedAt),
                lte(outbox.dueAt, new Date()),
              ),
            );
          return pending.length === 0 ? true : undefined;
        },
        left(),
        250,
      );
      console.info(
        `scale-out: every side effect delivered ${Date.now() - killedAt} ms after the kill`,
      );
      const failed = await db.select().from(outbox).where(sql`${outbox.failedAt} is not null`);
      expect(failed.map((r) => `${r.kind}: ${r.lastError}`)).toEqual([]);

      // Nothing charged twice: one payment, one authorisation and one capture at the (sandbox)
      // bank, and the order's ledger holds one charge of the order's total.
      const paymentRows = await db.select().from(payments).where(eq(payments.orderId, order.id));
      expect(paymentRows).toHaveLength(1);
      const bank = await db
        .select()
        .from(sandboxBankEvents)
        .where(eq(sandboxBankEvents.paymentId, paymentRows[0]!.id));
      expect(
        bank.filter((e) => e.type === 'authorization' && e.status === 'succeeded'),
      ).toHaveLength(1);
      expect(bank.filter((e) => e.type === 'capture')).toHaveLength(1);
      const postings = await db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.orderId, order.id));
      expect(postings.reduce((sum, p) => sum + p.amount, 0)).toBe(0);
      const charges = postings.filter((p) => p.kind === 'charge' && p.amount > 0);
      expect(charges.reduce((sum, p) => sum + p.amount, 0)).toBe(paymentRows[0]!.amount);

      // Every notification once: no two rows for one event.
      const notes = await db.select().from(notifications);
      const noteKeys = notes.map((n) => `${n.userId} ${n.type} ${n.link} ${n.body}`);
      expect(noteKeys.length).toBeGreaterThan(0);
      expect(new Set(noteKeys).size).toBe(noteKeys.length);
      expect(
        notes.filter(
          (n) => n.userId === vendor.id && n.type === 'order.paid' && n.link?.includes(order.id),
        ),
      ).toHaveLength(1);

      // Every mail once: one Message-ID per mail (a redelivery of one job reuses its Message-ID,
      // which mail systems collapse), and never two Message-IDs for one mail.
      const ids = new Map<string, Set<string>>();
      for (const mail of mails) {
        const key = `${mail.to} ${mail.subject}`;
        ids.set(key, (ids.get(key) ?? new Set()).add(mail.messageId));
      }
      for (const [key, set] of ids) expect(set.size, key).toBe(1);
      expect(mails.every((m) => m.messageId !== '')).toBe(true);
      const mailRows = await db
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.kind, 'mail'), sql`${outbox.deliveredAt} is not null`));
      const distinctIds = new Set(mails.map((m) => m.messageId));
      expect(distinctIds.size).toBe(mailRows.length);
      console.info(
        `scale-out: ${mails.length} mails received, ${distinctIds.size} distinct; ${notes.length} notifications; nginx log:\n${edge!.accessLog()}`,
      );
    },
    DELIVERY_TIMEOUT_MS + 180_000,
  );
});
