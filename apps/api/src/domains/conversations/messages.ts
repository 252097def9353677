/**
 * User-facing text of the conversations domain: errors, the in-app notification and
 * the unread-message mail. A notification or mail says only what happened: "sent you a message".
 */
import { AppError, badRequest, forbidden, notFound } from '../../shared/errors';
import { idempotencyMismatch as sharedIdempotencyMismatch } from '../../shared/idempotency';
import { escapeHtml, firstName, type MailMessage, mailHtml } from '../../shared/mail';
import type { NewNotification } from '../../shared/notification';
import { previewLine } from '../../shared/text';

/** The same 404 for a random id and for a conversation the caller may not see (no IDOR oracle). */
export const conversationNotFound = () =>
  notFound('Conversation not found', 'conversation_not_found');
export const vendorNotFound = () => notFound('Pro not found', 'vendor_not_found');
export { orderNotFound } from '../../shared/errors';
export const onlyCustomersStart = () =>
  forbidden('Only customers can start a conversation with a pro', 'forbidden');
export const emptyMessage = () =>
  badRequest('Write a message or attach an image', 'empty_message', {
    body: 'Write a message or attach an image',
  });
export const tooManyImages = (max: number) =>
  badRequest(`Attach at most ${max} images`, 'too_many_images', {
    images: `Attach at most ${max} images`,
  });
/** Spec §8 / §9 wording for an image of more than 3 MB. */
export const imageTooLarge = () =>
  new AppError(413, 'Image must be less than 3mb', 'image_too_large');
export const rateLimited = (perMinute: number, retryAfterS: number) =>
  new AppError(
    429,
    `You can send ${perMinute} messages a minute. Wait a moment and try again`,
    'rate_limited',
    undefined,
    retryAfterS,
  );
/** 400 for assigning a support chat to someone who is not an admin. */
export const invalidAssignee = () =>
  badRequest('Assign the chat to an admin', 'invalid_assignee', { assigneeId: 'Not an admin' });
export const idempotencyMismatch = () => sharedIdempotencyMismatch('another conversation');

/** In-app path of a conversation for the recipient's area. */
export function threadLink(
  kind: 'direct' | 'support',
  role: 'customer' | 'vendor' | 'admin',
  id: string,
) {
  if (role === 'admin') return `/admin/support?c=${id}`;
  const area = role === 'vendor' ? '/vendor' : '/user';
  return kind === 'support' ? `${area}/messages/support/chats?c=${id}` : `${area}/messages?c=${id}`;
}

/** The notification of the first message of a burst (see policy.burstKey). */
export function newMessageNotification(input: {
  recipientId: string;
  senderName: string;
  preview: string;
  link: string;
}): NewNotification {
  return {
    userId: input.recipientId,
    type: 'message.received',
    title: `New message from ${input.senderName}`,
    body: input.preview,
    link: input.link,
  };
}

/**
 * A message as a one-line preview ({@link previewLine}: at most `PREVIEW_MAX_LENGTH` UTF-16 code
 * units, cut at a grapheme boundary with "…"), or "Sent a photo" / "Sent 3 photos" for a message
 * of images only.
 */
export function preview(body: string, attachments: number): string {
  return previewLine(body) || (attachments === 1 ? 'Sent a photo' : `Sent ${attachments} photos`);
}

/** The mail to a recipient whose messages stayed unread for 10 minutes. */
export function unreadMessagesMail(input: {
  to: string;
  recipientName: string;
  senderName: string;
  unread: number;
  lastPreview: string;
  link: string;
}): MailMessage {
  const first = firstName(input.recipientName);
  const what = input.unread === 1 ? 'a message' : `${input.unread} messages`;
  const text = [
    `Hi ${first},`,
    '',
    `${input.senderName} sent you ${what} on Vetted:`,
    '',
    `    "${input.lastPreview}"`,
    '',
    `Reply: ${input.link}`,
    '',
    '— The Vetted team',
    '',
  ].join('\n');
  const html =
    mailHtml(`        <p style="margin:0 0 16px;font-size:16px">Hi ${escapeHtml(first)},</p>
        <p style="margin:0 0 16px;font-size:16px">${escapeHtml(input.senderName)} sent you ${escapeHtml(what)} on Vetted:</p>
        <p style="margin:0 0 16px;font-size:15px;color:#4a5163;border-left:3px solid #135FE1;padding-left:12px">${escapeHtml(input.lastPreview)}</p>
        <p style="margin:0;font-size:14px"><a href="${escapeHtml(input.link)}" style="color:#135FE1">Reply on Vetted</a></p>`);
  return {
    to: input.to,
    subject: `${input.senderName} sent you ${what}`,
    text,
    html,
    // The recipient may switch message mails off (notification preferences).
    preferenceKind: 'messages',
  };
}
