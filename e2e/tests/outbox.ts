import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Waits for the newest OTP mail to `email` in the server's outbox folder and returns its code.
 * Only mails written after `since` (ms epoch) count, so a resend is never confused with the first.
 */
export async function readOtp(email: string, since: number, timeoutMs = 15_000): Promise<string> {
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
      .map(
        (f) =>
          JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
            to: string;
            otp?: string;
            createdAt: string;
          },
      )
      .filter(
        (m) =>
          m.to.toLowerCase() === email.toLowerCase() &&
          Date.parse(m.createdAt) >= since - 1000 &&
          m.otp,
      )
      .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    if (mails[0]?.otp) return mails[0].otp;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No OTP mail to ${email} in ${dir} within ${timeoutMs} ms`);
}
