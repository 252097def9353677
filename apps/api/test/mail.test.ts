import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../src/db/schema';
import { otpMail } from '../src/domains/mail/templates';
import { createTestContext, type TestContext } from './helpers';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

const received: Received[] = [];
/** How many of the next messages the server refuses with a temporary error. */
let refuseNext = 0;
let server: SMTPServer;
let ctx: TestContext;

beforeAll(async () => {
  // A real SMTP server on loopback (ARCHITECTURE §2 mail): plain SMTP, no auth, no STARTTLS.
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuseNext > 0) {
          refuseNext--;
          const err = Object.assign(new Error('Mailbox busy, try later'), { responseCode: 451 });
          return callback(err);
        }
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  ctx = await createTestContext({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    mailFrom: 'Vetted <no-reply@vetted.test>',
  });
});
afterAll(async () => {
  await ctx?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const signup = (email: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/auth/signup',
    payload: { fullName: 'Mary Jackson', email, password: 'a-good-password' },
  });

async function jobFor(email: string) {
  const rows = await ctx.app.db.select().from(outbox);
  const row = rows.find((r) => (r.payload as { to: string }).to === email);
  if (!row) throw new Error(`no outbox job for ${email}`);
  return row;
}

describe('mail over SMTP, through the outbox', () => {
  it('delivers the OTP mail as text + HTML once the outbox is drained, then forgets the code', async () => {
    const res = await signup('mary@example.test');
    expect(res.statusCode).toBe(201);
    // Written in the sign-up's transaction, sent by the worker: nothing left before it runs.
    expect(received.some((m) => m.to.includes('mary@example.test'))).toBe(false);
    await ctx.drain();
    const mail = received.find((m) => m.to.includes('mary@example.test'));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('no-reply@vetted.test');
    const code = /(\d{6}) is your Vetted sign-up code/.exec(mail!.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail!.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail!.raw).toMatch(/Content-Type: text\/plain/i);
    expect(mail!.raw).toMatch(/Content-Type: text\/html/i);

    const job = await jobFor('mary@example.test');
    expect(job.deliveredAt).not.toBeNull();
    expect(job.attempts).toBe(1);
    expect(job.lastError).toBeNull();
    // The Message-ID is the outbox row's: a redelivery of the row is recognisably the same mail.
    expect(mail!.raw).toContain(`Message-ID: <${job.id}@`);
    // Once delivered, the row no longer holds the code.
    expect(JSON.stringify(job.payload)).not.toContain(code!);
    // With SMTP configured, nothing goes to the local outbox folder.
    expect(existsSync(ctx.config.outboxDir)).toBe(false);

    // And the mailed code really is the challenge's code.
    const verified = await ctx.app.inject({
      method: 'POST',
      url: '/v1/auth/otp/verify',
      payload: { challengeId: res.json().data.challengeId, code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('keeps a refused mail, backs off, and delivers it when it is due again', async () => {
    refuseNext = 1;
    const res = await signup('katherine@example.test');
    // The sign-up itself succeeds; the mail waits for a retry.
    expect(res.statusCode).toBe(201);
    const before = Date.now();
    await ctx.drain();
    expect(received.some((m) => m.to.includes('katherine@example.test'))).toBe(false);
    const failed = await jobFor('katherine@example.test');
    expect(failed.deliveredAt).toBeNull();
    expect(failed.failedAt).toBeNull();
    expect(failed.attempts).toBe(1);
    expect(failed.lastError).toMatch(/Mailbox busy/);
    // Backoff: the next attempt is scheduled at least a second later (pg-boss `retryDelay`).
    expect(failed.dueAt.getTime()).toBeGreaterThanOrEqual(before + 1000);
    expect(failed.claimedAt).toBeNull();
    // Not due yet: a drain leaves it alone.
    expect(await ctx.drain()).toBe(0);

    // Time passes: the row is due again.
    await ctx.app.jobs.makeDue(failed.id);
    expect(await ctx.drain()).toBe(1);
    expect(received.filter((m) => m.to.includes('katherine@example.test'))).toHaveLength(1);
    const [after] = await ctx.app.db.select().from(outbox).where(eq(outbox.id, failed.id));
    expect(after?.deliveredAt).not.toBeNull();
    expect(after?.attempts).toBe(2);
    // Nothing left to deliver.
    expect(await ctx.drain()).toBe(0);
  });
});

describe('mail retry of an expired code', () => {
  it('gives up on an OTP mail whose code expired before it could be delivered', async () => {
    refuseNext = 1;
    expect((await signup('dorothy@example.test')).statusCode).toBe(201);
    await ctx.drain();
    const job = await jobFor('dorothy@example.test');
    expect(job.deliveredAt).toBeNull();
    const payload = job.payload as { expiresAt: string };
    expect(Date.parse(payload.expiresAt)).toBeGreaterThan(Date.now());
    await ctx.app.db
      .update(outbox)
      .set({
        payload: { ...payload, expiresAt: new Date(Date.now() - 1000).toISOString() },
      })
      .where(eq(outbox.id, job.id));
    await ctx.app.jobs.makeDue(job.id);
    expect(await ctx.drain()).toBe(1);
    expect(received.some((m) => m.to.includes('dorothy@example.test'))).toBe(false);
    const [after] = await ctx.app.db.select().from(outbox).where(eq(outbox.id, job.id));
    expect(after?.failedAt).not.toBeNull();
    expect(after?.deliveredAt).toBeNull();
    expect(after?.lastError).toMatch(/expired/);
  });
});

describe('otpMail', () => {
  it('writes a plain-text and an escaped HTML body with the code and its lifetime', () => {
    const mail = otpMail({
      to: 'eve@example.test',
      fullName: '<b>Eve</b> Example',
      code: '012345',
      purpose: 'login',
      ttlMinutes: 10,
      publicUrl: 'http://localhost:3000',
    });
    expect(mail.subject).toBe('012345 is your Vetted sign-in code');
    expect(mail.text).toContain('    012345\n');
    expect(mail.text).toContain('It expires in 10 minutes');
    expect(mail.text.startsWith('Hi <b>Eve</b>,')).toBe(true);
    expect(mail.html).toContain('Hi &lt;b&gt;Eve&lt;/b&gt;,');
    expect(mail.html).not.toContain('<b>Eve</b>');
    expect(mail.html).toContain('012345');
    expect(mail.otp).toBe('012345');
  });
});
