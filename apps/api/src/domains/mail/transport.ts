import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { MailMessage } from '../../shared/mail';

export type { MailMessage };

export interface MailTransport {
  /**
   * Delivers one mail. `id` is the outbox row id (UUIDv7, time-ordered): it names the local file
   * and the SMTP `Message-ID`, so delivering the same row twice writes the same file / the same
   * message id. Throws when the SMTP server refuses.
   */
  send(message: MailMessage, id: string): Promise<void>;
  close(): void;
}

/** A file-name-safe form of an address: `a@b.c` stays, anything odd becomes `_`. */
function safeName(to: string): string {
  return to.replace(/[^A-Za-z0-9@._+-]/g, '_').slice(0, 120);
}

/** Milliseconds since the epoch encoded in a UUIDv7's first 48 bits. */
function uuidv7Time(id: string): number {
  return Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16);
}

/**
 * The mail transport (ARCHITECTURE §2 mail): nodemailer over SMTP when `config.smtpUrl` is set;
 * otherwise each mail is written to `config.outboxDir/<row id>-<to>.json` (the end-to-end tests
 * read one-time codes there) and a line without the body is logged. Codes never reach the log.
 */
export function createMailTransport(config: Config, log: FastifyBaseLogger): MailTransport {
  const transport: Transporter | null = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : null;
  const domain = (() => {
    try {
      return new URL(config.publicUrl).hostname || 'vetted.local';
    } catch {
      return 'vetted.local';
    }
  })();
  return {
    async send(message, id) {
      if (transport) {
        await transport.sendMail({
          from: config.mailFrom,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          messageId: `<${id}@${domain}>`,
          attachments: message.attachments?.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.content,
          })),
        });
        return;
      }
      await mkdir(config.outboxDir, { recursive: true });
      const file = join(config.outboxDir, `${id}-${safeName(message.to)}.json`);
      const body = {
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.otp ? { code: message.otp, otp: message.otp } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
        createdAt: new Date(uuidv7Time(id)).toISOString(),
      };
      // Written aside, then renamed into place: a reader of the folder (the e2e, a developer's
      // watcher) never sees a half-written `.json` file.
      await writeFile(`${file}.part`, `${JSON.stringify(body, null, 2)}\n`);
      await rename(`${file}.part`, file);
      log.info({ to: message.to, file }, 'mail (no SMTP_URL): written to the outbox folder');
    },
    close() {
      transport?.close();
    },
  };
}
