import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, asc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';

/** One mail: plain text plus a simple HTML alternative. `otp` is kept for the local outbox file. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-time code a mail carries, written as a top-level field of the outbox file. */
  otp?: string;
  /** ISO time after which the mail is pointless (an OTP's expiry): it is no longer retried. */
  expiresAt?: string;
}

export interface MailService {
  /**
   * Records the mail in the `outbox` table and delivers it (SMTP when `SMTP_URL` is set, else
   * the log plus a JSON file in `outboxDir`). Never throws for a delivery failure: the job stays
   * in the outbox and is retried by `retryPending`. Resolves to whether it was delivered now.
   */
  send(message: MailMessage): Promise<{ id: string; delivered: boolean }>;
  /** Retries undelivered jobs (fewer than MAX_ATTEMPTS, younger than a day). Returns how many got delivered. */
  retryPending(): Promise<number>;
  /** Stops the retry timer and closes the SMTP pool. */
  close(): Promise<void>;
}

/** Delivery attempts per mail job before it is left for a person to look at. */
export const MAIL_MAX_ATTEMPTS = 5;
const RETRY_INTERVAL_MS = 60_000;

interface StoredPayload extends MailMessage {}

/** A file-name-safe form of an address: `a@b.c` stays, anything odd becomes `_`. */
function safeName(to: string): string {
  return to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 120);
}

/**
 * The mail service (ARCHITECTURE §2 mail): nodemailer over SMTP when `config.smtpUrl` is set;
 * otherwise each mail is logged and written to `config.outboxDir/<timestamp>-<to>.json`
 * (the end-to-end tests read the OTP from there). Every mail is an `outbox` row first.
 */
export function createMailService(opts: {
  config: Config;
  db: Db;
  log: FastifyBaseLogger;
  /** Retry failed jobs every minute (default true). */
  retryTimer?: boolean;
}): MailService {
  const { config, db, log } = opts;
  const transport: Transporter | null = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : null;
  let lastStamp = 0;

  async function deliver(message: MailMessage): Promise<void> {
    if (transport) {
      await transport.sendMail({
        from: config.mailFrom,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      return;
    }
    // Strictly increasing stamps keep file names unique and sortable.
    lastStamp = Math.max(Date.now(), lastStamp + 1);
    const createdAt = new Date(lastStamp).toISOString();
    await mkdir(config.outboxDir, { recursive: true });
    const file = join(config.outboxDir, `${lastStamp}-${safeName(message.to)}.json`);
    const body = {
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.otp ? { code: message.otp, otp: message.otp } : {}),
      createdAt,
    };
    await writeFile(file, `${JSON.stringify(body, null, 2)}\n`);
    log.info(
      { to: message.to, subject: message.subject, code: message.otp, file },
      'mail (no SMTP_URL): written to outbox',
    );
  }

  async function attempt(id: string, message: MailMessage): Promise<boolean> {
    try {
      await deliver(message);
      await db
        .update(outbox)
        .set({ deliveredAt: new Date(), attempts: sql`${outbox.attempts} + 1`, lastError: null })
        .where(eq(outbox.id, id));
      return true;
    } catch (err) {
      const messageText = err instanceof Error ? err.message : String(err);
      log.warn({ err, to: message.to, outboxId: id }, 'mail delivery failed; will retry');
      await db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, lastError: messageText.slice(0, 1000) })
        .where(eq(outbox.id, id))
        .catch((e: unknown) => log.error({ err: e }, 'could not record mail failure'));
      return false;
    }
  }

  let retrying = false;
  const service: MailService = {
    async send(message) {
      const id = randomUUID();
      const payload: StoredPayload = { ...message };
      await db.insert(outbox).values({ id, kind: 'mail', payload });
      const delivered = await attempt(id, message);
      return { id, delivered };
    },
    async retryPending() {
      if (retrying) return 0;
      retrying = true;
      try {
        const rows = await db
          .select()
          .from(outbox)
          .where(
            and(
              eq(outbox.kind, 'mail'),
              isNull(outbox.deliveredAt),
              lt(outbox.attempts, MAIL_MAX_ATTEMPTS),
              gt(outbox.createdAt, new Date(Date.now() - 24 * 3600_000)),
            ),
          )
          .orderBy(asc(outbox.createdAt))
          .limit(50);
        let delivered = 0;
        for (const row of rows) {
          const payload = row.payload as StoredPayload;
          if (payload.expiresAt && Date.parse(payload.expiresAt) <= Date.now()) continue;
          if (await attempt(row.id, payload)) delivered++;
        }
        return delivered;
      } finally {
        retrying = false;
      }
    },
    async close() {
      if (timer) clearInterval(timer);
      transport?.close();
    },
  };

  const timer =
    opts.retryTimer === false
      ? null
      : setInterval(() => {
          service.retryPending().catch((err: unknown) => log.error({ err }, 'mail retry failed'));
        }, RETRY_INTERVAL_MS);
  timer?.unref();
  return service;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The OTP mail of sign-up and login: the 6-digit code, how long it is valid, and what to do if
 * the reader did not ask for it. Plain text first, simple inline-styled HTML second.
 */
export function otpMail(input: {
  to: string;
  fullName: string;
  code: string;
  purpose: 'signup' | 'login' | 'email_change';
  ttlMinutes: number;
  publicUrl: string;
}): MailMessage {
  const first = input.fullName.trim().split(/\s+/)[0] || 'there';
  const action =
    input.purpose === 'signup'
      ? 'finish creating your Vetted account'
      : input.purpose === 'login'
        ? 'sign in to Vetted'
        : 'confirm your new email address';
  const subject =
    input.purpose === 'signup'
      ? `${input.code} is your Vetted sign-up code`
      : `${input.code} is your Vetted sign-in code`;
  const text = [
    `Hi ${first},`,
    '',
    `Use this code to ${action}:`,
    '',
    `    ${input.code}`,
    '',
    `It expires in ${input.ttlMinutes} minutes and can be used once.`,
    "If you didn't ask for it, you can ignore this mail — nobody can sign in without your password.",
    '',
    '— The Vetted team',
    input.publicUrl,
    '',
  ].join('\n');
  const html = `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#f5f7fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1a1f2e">
    <table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
      <tr><td>
        <p style="margin:0 0 8px;font-size:20px;font-weight:700;color:#135FE1">Vetted</p>
        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">Use this code to ${escapeHtml(action)}:</p>
        <p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace">${escapeHtml(input.code)}</p>
        <p style="margin:0 0 8px;font-size:14px;color:#4a5163">It expires in ${input.ttlMinutes} minutes and can be used once.</p>
        <p style="margin:0 0 24px;font-size:14px;color:#4a5163">If you didn't ask for it, you can ignore this mail — nobody can sign in without your password.</p>
        <p style="margin:0;font-size:13px;color:#8a90a0">— The Vetted team · <a href="${escapeHtml(input.publicUrl)}" style="color:#135FE1">${escapeHtml(input.publicUrl)}</a></p>
      </td></tr>
    </table>
  </body>
</html>
`;
  return { to: input.to, subject, text, html, otp: input.code };
}
