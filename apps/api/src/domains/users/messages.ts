/**
 * User-facing text of the users domain: refusals of the account's use cases and the
 * mail confirming a deletion.
 */
import { conflict } from '../../shared/errors';
import { escapeHtml, firstName, type MailMessage, mailHtml } from '../../shared/mail';

const bookings = (n: number) => `${n} ${n === 1 ? 'booking' : 'bookings'}`;

/**
 * 409 `live_orders`: the account still has bookings in progress (paid, accepted or started), so
 * it cannot be deleted yet. Says what to do about them.
 */
export function liveOrders(role: 'customer' | 'vendor' | 'admin', n: number) {
  return conflict(
    role === 'vendor'
      ? `Your business has ${bookings(n)} still in progress (paid, accepted or started). Complete, decline or cancel ${n === 1 ? 'it' : 'them'} before deleting your account: customers are counting on you.`
      : `You have ${bookings(n)} still in progress (paid, accepted or started). Cancel ${n === 1 ? 'it' : 'them'} or wait until ${n === 1 ? 'it is' : 'they are'} completed, then delete your account.`,
    'live_orders',
  );
}

/** Sent to the account's address (before it is anonymised) once the deletion is done. */
export function accountDeletedMail(input: {
  to: string;
  fullName: string;
  publicUrl: string;
}): MailMessage {
  const first = firstName(input.fullName);
  const paragraphs = [
    'Your Vetted account was deleted, as you asked. Your name, photo, phone, saved places and preferences are gone and every device was signed out.',
    'Your past bookings, payments and reviews stay on record for the pros and for accounting, without your name.',
    `If it was not you, contact Vetted support right away at ${input.publicUrl.replace(/\/+$/, '')}/support.`,
  ];
  const text = [
    `Hi ${first},`,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    '— The Vetted team',
    '',
  ].join('\n');
  const html = mailHtml(
    [`Hi ${first},`, ...paragraphs]
      .map((p) => `        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(p)}</p>`)
      .join('\n'),
  );
  return { to: input.to, subject: 'Your Vetted account was deleted', text, html };
}
