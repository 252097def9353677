import { escapeHtml, firstName, type MailMessage, mailHtml } from '../../shared/mail';

/** Moved to shared/mail.ts (every domain's messages.ts uses them): re-exported here. */
export { escapeHtml, mailHtml } from '../../shared/mail';

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
  const first = firstName(input.fullName);
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
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">Use this code to ${escapeHtml(action)}:</p>
        <p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace">${escapeHtml(input.code)}</p>
        <p style="margin:0 0 8px;font-size:14px;color:#4a5163">It expires in ${input.ttlMinutes} minutes and can be used once.</p>
        <p style="margin:0 0 24px;font-size:14px;color:#4a5163">If you didn't ask for it, you can ignore this mail — nobody can sign in without your password.</p>
        <p style="margin:0;font-size:13px;color:#8a90a0">— The Vetted team · <a href="${escapeHtml(input.publicUrl)}" style="color:#135FE1">${escapeHtml(input.publicUrl)}</a></p>`);
  return { to: input.to, subject, text, html, otp: input.code, sensitive: true };
}
