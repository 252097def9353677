/**
 * User-facing text of the auth domain: error messages and the mails it sends besides the
 * sign-up / login code (`otpMail` in `domains/mail/templates.ts`).
 */
import { escapeHtml, firstName, type MailMessage, mailHtml } from '../../shared/mail';

export const AUTH_MESSAGES = {
  invalidCredentials: 'Incorrect email or password',
  suspended: 'Your account is suspended. Contact support',
  sessionNotFound: 'Session not found',
  sessionExpired: 'Session expired, Please login again',
  otpNotFound: 'This verification request was not found. Start again',
  otpUsed: 'This code has already been used. Start again to get a new one',
  otpLocked: 'Too many attempts. Start again to get a new code',
  otpExpired: 'This code has expired. Request a new one',
  otpInvalid: (left: number) =>
    `Incorrect code. ${left} ${left === 1 ? 'attempt' : 'attempts'} left`,
  otpCooldown: (seconds: number) =>
    `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new code`,
  otpAccountLocked: (minutes: number) =>
    `Too many wrong codes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`,
  wrongPassword: 'Your password is incorrect',
  wrongCurrentPassword: 'Your current password is incorrect',
  samePassword: 'Choose a new password that is different from your current one',
  sameEmail: 'This is already your email address',
  emailTaken: 'Another account already uses this email address. Choose another one',
} as const;

/** A plain mail: greeting, paragraphs, signature; the HTML mirrors the text. */
function simpleMail(input: {
  to: string;
  subject: string;
  fullName: string;
  paragraphs: string[];
  publicUrl: string;
  code?: string;
}): Pick<MailMessage, 'to' | 'subject' | 'text' | 'html'> {
  const hi = `Hi ${firstName(input.fullName)},`;
  const text = [
    hi,
    '',
    ...input.paragraphs.flatMap((p, i) =>
      i === 0 && input.code ? [p, '', `    ${input.code}`, ''] : [p, ''],
    ),
    '— The Vetted team',
    input.publicUrl,
    '',
  ].join('\n');
  const body = input.paragraphs
    .map((p, i) => {
      const para = `<p style="margin:0 0 16px;font-size:16px">${escapeHtml(p)}</p>`;
      return i === 0 && input.code
        ? `${para}<p style="margin:0 0 16px;font-size:32px;font-weight:700;letter-spacing:8px;font-family:ui-monospace,Menlo,monospace">${escapeHtml(input.code)}</p>`
        : para;
    })
    .join('\n        ');
  const html = mailHtml(`        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(hi)}</p>
        ${body}
        <p style="margin:0;font-size:13px;color:#8a90a0">— The Vetted team · <a href="${escapeHtml(input.publicUrl)}" style="color:#135FE1">${escapeHtml(input.publicUrl)}</a></p>`);
  return { to: input.to, subject: input.subject, text, html };
}

const link = (publicUrl: string, path: string) => `${publicUrl.replace(/\/+$/, '')}${path}`;

/**
 * To the owner of an address someone tried to sign up with: the answer to the
 * sign-up looked like any other, so only the owner learns the address has an account.
 */
export function signupAttemptMail(input: {
  to: string;
  fullName: string;
  publicUrl: string;
}): MailMessage {
  return simpleMail({
    ...input,
    subject: 'Someone tried to sign up to Vetted with your address',
    paragraphs: [
      'Someone just tried to create a Vetted account with this email address. You already have an account, so we did not create another one.',
      `If it was you, log in at ${link(input.publicUrl, '/auth/login')}. Forgot your password? Reset it at ${link(input.publicUrl, '/auth/forgot-password')}.`,
      'If it was not you, you can ignore this mail: nothing changed on your account.',
    ],
  });
}

/** The password-reset code. Carries the code: `sensitive`, expires with the challenge. */
export function passwordResetCodeMail(input: {
  to: string;
  fullName: string;
  code: string;
  ttlMinutes: number;
  publicUrl: string;
}): MailMessage {
  return {
    ...simpleMail({
      ...input,
      subject: `${input.code} is your Vetted password reset code`,
      paragraphs: [
        'Use this code to choose a new password for your Vetted account:',
        `It expires in ${input.ttlMinutes} minutes and can be used once. Choosing a new password signs you out everywhere.`,
        "If you didn't ask for it, you can ignore this mail: your password stays as it is.",
      ],
    }),
    otp: input.code,
    sensitive: true,
  };
}

/** After a password reset: tells the owner, in case it was not them. */
export function passwordChangedMail(input: {
  to: string;
  fullName: string;
  publicUrl: string;
}): MailMessage {
  return simpleMail({
    ...input,
    subject: 'Your Vetted password was changed',
    paragraphs: [
      'The password of your Vetted account was just changed with a code sent to this address, and every device was signed out.',
      `If it was not you, reset your password now at ${link(input.publicUrl, '/auth/forgot-password')} and contact support.`,
    ],
  });
}

/**
 * To the owner after 10 wrong codes within an hour: code entry is paused until
 * `retryAt`. Sent once per lock.
 */
export function codeLockoutMail(input: {
  to: string;
  fullName: string;
  minutes: number;
  publicUrl: string;
}): MailMessage {
  return simpleMail({
    ...input,
    subject: 'Too many wrong codes on your Vetted account',
    paragraphs: [
      `Someone entered 10 wrong one-time codes for your Vetted account within an hour, so we stopped accepting codes for the next ${input.minutes} ${input.minutes === 1 ? 'minute' : 'minutes'}.`,
      `If it was you, wait and try again. If it was not, your account stays safe: nobody can sign in without a code sent to this address. You may want to change your password at ${link(input.publicUrl, '/auth/forgot-password')}.`,
    ],
  });
}

/** The code that confirms a new address, mailed to that NEW address. */
export function emailChangeCodeMail(input: {
  to: string;
  fullName: string;
  code: string;
  ttlMinutes: number;
  publicUrl: string;
}): MailMessage {
  return {
    ...simpleMail({
      ...input,
      subject: `${input.code} is your code to confirm your new Vetted email`,
      paragraphs: [
        'Use this code to make this address the email of your Vetted account:',
        `It expires in ${input.ttlMinutes} minutes and can be used once.`,
        "If you didn't ask for it, you can ignore this mail: nothing changes without the code.",
      ],
    }),
    otp: input.code,
    sensitive: true,
  };
}

/** The code that confirms deleting the account, mailed to the account's address. */
export function accountDeletionCodeMail(input: {
  to: string;
  fullName: string;
  code: string;
  ttlMinutes: number;
  publicUrl: string;
}): MailMessage {
  return {
    ...simpleMail({
      ...input,
      subject: `${input.code} is your code to delete your Vetted account`,
      paragraphs: [
        'Use this code to delete your Vetted account:',
        `It expires in ${input.ttlMinutes} minutes and can be used once. Deleting removes your name, photo, phone, saved places and preferences and signs you out everywhere; your past bookings stay on record for the pros you booked, without your name. It cannot be undone.`,
        `If you didn't ask for it, someone knows your password: change it now at ${link(input.publicUrl, '/auth/forgot-password')}.`,
      ],
    }),
    otp: input.code,
    sensitive: true,
  };
}

/** To the OLD address once the account's email changed, in case it was not them. */
export function emailChangedMail(input: {
  to: string;
  fullName: string;
  newEmail: string;
  publicUrl: string;
}): MailMessage {
  return simpleMail({
    ...input,
    subject: 'Your Vetted email address was changed',
    paragraphs: [
      `The email address of your Vetted account was just changed to ${input.newEmail}. Mails and sign-in codes now go there, and this address no longer signs in.`,
      `If it was not you, contact Vetted support right away at ${link(input.publicUrl, '/support')}.`,
    ],
  });
}

/** After a password change from the profile: which devices were signed out. */
export function passwordUpdatedMail(input: {
  to: string;
  fullName: string;
  otherSessionsEnded: number;
  publicUrl: string;
}): MailMessage {
  const n = input.otherSessionsEnded;
  return simpleMail({
    ...input,
    subject: 'Your Vetted password was changed',
    paragraphs: [
      n > 0
        ? `The password of your Vetted account was just changed from your profile, and ${n} other ${n === 1 ? 'device was' : 'devices were'} signed out.`
        : 'The password of your Vetted account was just changed from your profile.',
      `If it was not you, reset your password now at ${link(input.publicUrl, '/auth/forgot-password')} and contact support.`,
    ],
  });
}
