/**
 * What a mail is, and the HTML frame every Vetted mail shares: one definition for every domain's
 * `messages.ts` (they import only `shared/`). Delivery lives in domains/mail.
 */
import type { NotificationPreferenceKind } from '@vetted/contract';

/** One mail: plain text plus a simple HTML alternative. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one-time code a mail carries, written as a top-level field of the local outbox file. */
  otp?: string;
  /** ISO time after which the mail is pointless (an OTP's expiry): it is no longer delivered. */
  expiresAt?: string;
  /**
   * True when the mail holds a secret (a one-time code): once delivered, the outbox row keeps
   * only the address and a note, never the code.
   */
  sensitive?: boolean;
  /**
   * The notification-preference kind of the mail, e.g. `bookings` for a receipt: not sent when
   * the recipient's account switched that kind's email off. Absent on security mails (codes,
   * password and email changes, account deletion): those are always sent.
   */
  preferenceKind?: NotificationPreferenceKind;
  /**
   * Files sent with the mail, as text (e.g. the `invite.ics` of a booking, `text/calendar;
   * method=REQUEST`). Kept in the outbox payload, so the mail sent is the one queued.
   */
  attachments?: MailAttachment[];
}

/** A text file attached to a mail. */
export interface MailAttachment {
  /** File name shown to the reader, e.g. `invite.ics`. */
  filename: string;
  /** MIME type with parameters, e.g. `text/calendar; method=CANCEL`. */
  contentType: string;
  /** The file's text (UTF-8). */
  content: string;
}

/** Escapes text for HTML mail bodies. */
export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The HTML frame every Vetted mail shares: a light page, a white card at most 480 px wide with
 * the wordmark, then `content`: HTML rows (`<p>`, `<table>`) whose text is already escaped with
 * {@link escapeHtml}, each line indented by eight spaces.
 */
export function mailHtml(content: string): string {
  return `<!doctype html>
<html lang="en">
  <body style="margin:0;padding:24px;background:#f5f7fb;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1a1f2e">
    <table role="presentation" width="100%" style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:16px;padding:32px">
      <tr><td>
        <p style="margin:0 0 8px;font-size:20px;font-weight:700;color:#135FE1">Vetted</p>
${content}
      </td></tr>
    </table>
  </body>
</html>
`;
}

/** How a mail greets `fullName`: its first word ("Ana" of "Ana María López"), or "there". */
export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] || 'there';
}
