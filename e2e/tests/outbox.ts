import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A mail as the server writes it to its outbox folder when no SMTP_URL is set. */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  otp?: string;
  createdAt: string;
  attachments?: { filename: string; contentType: string; content: string }[];
}

/**
 * Waits for the newest mail to `email` in the server's outbox folder for which `match` holds,
 * and returns it. Only mails written after `since` (ms epoch) count, so a resend is never
 * confused with the first. The folder is polled (every 250 ms): the server writes it, not this
 * process, so there is nothing to wait on but the files.
 * @throws Error when none arrives within `timeoutMs`
 */
export async function waitForMail(
  email: string,
  since: number,
  match: (mail: OutboxMail) => boolean,
  timeoutMs = 15_000,
): Promise<OutboxMail> {
  const dir = join(process.env.E2E_DATA_DIR ?? '', 'outbox');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    let files: string[] = [];
    try {
      files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    } catch {
      // The folder appears with the first mail.
    }
    const mails = files
      .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as OutboxMail)
      .filter(
        (m) =>
          m.to.toLowerCase() === email.toLowerCase() &&
          Date.parse(m.createdAt) >= since - 1000 &&
          match(m),
      )
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    if (mails[0]) return mails[0];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No matching mail to ${email} in ${dir} within ${timeoutMs} ms`);
}

/** Waits for the newest OTP mail to `email` written after `since` and returns its code. */
export async function readOtp(email: string, since: number, timeoutMs = 15_000): Promise<string> {
  const mail = await waitForMail(email, since, (m) => Boolean(m.otp), timeoutMs);
  return mail.otp as string;
}
