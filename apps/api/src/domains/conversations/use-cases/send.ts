/**
 * Sending a message: text and images, idempotent, rate limited per sender. Its side effects —
 * the realtime `message` frame, the recipient's in-app notification and the unread mail — are
 * jobs enqueued in the send's transaction, so they exist iff the message does. The `message`
 * frames leave at once: the send publishes them itself as soon as its transaction commits, their
 * jobs being the safety net for a crash; exactly one of the two delivers each frame
 * (jobs/after-commit.ts).
 */
import { MESSAGE_MAX_ATTACHMENTS, type Message } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import { deliverAfterCommit, enqueueHeld, type HeldRows } from '../../../jobs/after-commit';
import { enqueue } from '../../../jobs/engine';
import { processImage, putProcessedImage } from '../../../services/images';
import type { Storage } from '../../../services/storage';
import { systemClock } from '../../deps';
import { notify, type RealtimeEvent, realtimeJob } from '../../notifications';
import { ATTACHMENT_PREFIX, type ConversationsDeps, type MessageMasker } from '../deps';
import { toMessageDto } from '../dto';
import { unreadMailJob } from '../jobs/unread-mail';
import {
  findByIdempotencyKey,
  insertMessage,
  lockSenderSends,
  recentSends,
  type StoredAttachment,
} from '../message-repository';
import * as msg from '../messages';
import { findUser } from '../parties-repository';
import * as policy from '../policy';
import { type ConversationRow, lockConversation, updateConversation } from '../repository';
import { loadFor, participantIds } from './access';
import { maskerFor } from './mask';

/** What `send` receives: the validated text and the raw bytes of each uploaded image. */
export interface NewMessageInput {
  /** Trimmed; may be '' when there are images. */
  body: string;
  images: Buffer[];
}

/** One send, once its images are stored: what the transaction records. */
interface Sending {
  caller: policy.Caller;
  conversationId: string;
  side: policy.Side;
  /** The business name of the conversation's pro (names the pro's messages). */
  vendorName: string | null;
  body: string;
  attachments: StoredAttachment[];
  idempotencyKey: string | null;
  now: Date;
  /** `config.messagesPerMinute`. */
  perMinute: number;
  /** Contact masking per reader (deps `maskMessages`). */
  maskMessages?: MessageMasker;
}

/** The realtime frames of one send, held for publishing after commit. */
type MessageFrames = HeldRows<{ userId: string; event: RealtimeEvent }>;

/**
 * The message frame to each participant, its body masked where that reader's masking says:
 * `realtime` jobs held by the send, which publishes them once committed ({@link sendMessage}).
 */
async function pushMessage(
  tx: DbOrTx,
  c: ConversationRow,
  s: Sending,
  dto: Message,
): Promise<MessageFrames> {
  const frames: { payload: { userId: string; event: RealtimeEvent } }[] = [];
  for (const userId of new Set(await participantIds(tx, c))) {
    const mask = await maskerFor(s, tx, c, userId);
    const data = mask ? { ...dto, body: mask(dto.body, dto.sender.id) } : dto;
    frames.push({ payload: { userId, event: { type: 'message', data } } });
  }
  return enqueueHeld(tx, realtimeJob, frames);
}

/**
 * The message the sender already sent with `idempotencyKey`, as the answer to its resend; null
 * without a key or when the key is new.
 * @throws AppError 422 `idempotency_mismatch` when the key was used in another conversation.
 */
async function replayOf(
  db: DbOrTx,
  caller: policy.Caller,
  conversationId: string,
  idempotencyKey: string | undefined,
): Promise<Message | null> {
  if (!idempotencyKey) return null;
  const prior = await findByIdempotencyKey(db, caller.id, idempotencyKey);
  if (!prior) return null;
  if (prior.message.conversationId !== conversationId) throw msg.idempotencyMismatch();
  const { row } = await loadFor(db, caller, conversationId);
  return toMessageDto(prior, row.conversation, row.vendorName);
}

/**
 * The per-sender rate limit: at most `perMinute` messages in the sliding window
 * (`policy.RATE_WINDOW_MS`).
 * @throws AppError 429 `rate_limited` with `retryAfterS`, when the oldest send leaves the window.
 */
async function checkRate(db: DbOrTx, perMinute: number, senderId: string, now: Date) {
  const recent = await recentSends(db, senderId, new Date(now.getTime() - policy.RATE_WINDOW_MS));
  if (recent.n >= perMinute) {
    const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + policy.RATE_WINDOW_MS;
    throw msg.rateLimited(perMinute, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
  }
}

/**
 * Decodes and stores each image through the one image pipeline (spec §9: under 3 MB; re-encoded
 * to WebP, metadata stripped) under `messages/<conversation id>/`.
 */
async function storeImages(
  storage: Storage,
  conversationId: string,
  images: Buffer[],
): Promise<StoredAttachment[]> {
  const attachments: StoredAttachment[] = [];
  for (const bytes of images) {
    const image = await processImage(bytes);
    const key = `${ATTACHMENT_PREFIX}/${conversationId}/${uuidv7()}.webp`;
    await putProcessedImage(storage, key, image);
    attachments.push({ key, width: image.width, height: image.height });
  }
  return attachments;
}

/**
 * Tells the recipient — the other party of a direct conversation, the user when support
 * answers — once per burst: an in-app notification now and, if the burst stays unread, a mail
 * later (`policy.UNREAD_MAIL_DELAY_MS`). Messages to the support team reach its inbox live, not
 * by mail.
 */
async function alertRecipient(tx: DbOrTx, c: ConversationRow, s: Sending, dto: Message) {
  const recipient = s.side === 'other' ? c.userId : c.kind === 'direct' ? c.vendorUserId : null;
  if (!recipient) return;
  const readAt = s.side === 'other' ? c.userReadAt : c.otherReadAt;
  const recipientRole =
    s.side === 'user' ? 'vendor' : ((await findUser(tx, recipient))?.role ?? 'customer');
  const mask = await maskerFor(s, tx, c, recipient);
  const body = mask ? mask(s.body, s.caller.id) : s.body;
  await notify(tx, [
    {
      ...msg.newMessageNotification({
        recipientId: recipient,
        senderName: dto.sender.name,
        preview: msg.preview(body, s.attachments.length),
        link: msg.threadLink(c.kind, recipientRole as 'customer', c.id),
      }),
      key: policy.burstKey('notification', c.id, recipient, readAt),
    },
  ]);
  await enqueue(
    tx,
    unreadMailJob,
    { conversationId: c.id, recipientId: recipient, since: s.now.toISOString() },
    {
      key: policy.burstKey('mail', c.id, recipient, readAt),
      // The job engine's clock (the wall clock), not the domain clock.
      startAfter: new Date(systemClock.now().getTime() + policy.UNREAD_MAIL_DELAY_MS),
    },
  );
}

/**
 * Records the message in the caller's transaction and enqueues its side effects; returns it with
 * its frames to publish once committed. Null when its `Idempotency-Key` raced in from another
 * request meanwhile (that one wins).
 */
async function recordMessage(
  tx: DbOrTx,
  s: Sending,
): Promise<{ dto: Message; frames: MessageFrames } | null> {
  // The early rate check alone let concurrent sends all pass it (40 at once were all stored on
  // PostgreSQL): under the sender's lock each send sees the ones before it. A key that raced
  // in meanwhile is answered with its message, not counted against the limit.
  await lockSenderSends(tx, s.caller.id);
  if (s.idempotencyKey && (await findByIdempotencyKey(tx, s.caller.id, s.idempotencyKey))) {
    return null;
  }
  await checkRate(tx, s.perMinute, s.caller.id, s.now);
  const c = await lockConversation(tx, s.conversationId);
  if (!c) throw msg.conversationNotFound();
  const inserted = await insertMessage(tx, {
    id: uuidv7(),
    conversationId: s.conversationId,
    senderId: s.caller.id,
    senderSide: s.side,
    body: s.body,
    attachments: s.attachments,
    idempotencyKey: s.idempotencyKey,
    createdAt: s.now,
  });
  // The same key raced in from another request: it wins, this one answers its message.
  if (!inserted) return null;
  // Replying means having read what came before; a user's message reopens a resolved chat.
  const read = s.side === 'user' ? { userReadAt: s.now } : { otherReadAt: s.now };
  await updateConversation(tx, c.id, {
    lastMessageAt: s.now,
    ...read,
    ...(c.kind === 'support' && s.side === 'user' && c.status === 'resolved'
      ? { status: 'open' as const }
      : {}),
  });
  const sender = await findUser(tx, s.caller.id);
  const dto = toMessageDto(
    {
      message: inserted,
      senderName: sender?.fullName ?? '',
      senderRole: (sender?.role ?? 'customer') as 'customer',
    },
    { ...c, ...read },
    s.vendorName,
  );
  const frames = await pushMessage(tx, c, s, dto);
  await alertRecipient(tx, c, s, dto);
  return { dto, frames };
}

/**
 * `POST /v1/conversations/{id}/messages`. With `idempotencyKey`, a resend returns the first
 * message (422 when the key was used in another conversation). Images go through the one
 * image pipeline (spec §9: under 3 MB; re-encoded to WebP, metadata stripped).
 * @throws 400 `empty_message` / `too_many_images`, 413 `image_too_large`, 429 `rate_limited`
 *   (with `retryAfterS`; `MESSAGES_PER_MINUTE` per sender, default 30), 404 when the caller is
 *   not a participant.
 */
export async function sendMessage(
  deps: Pick<
    ConversationsDeps,
    'db' | 'clock' | 'config' | 'storage' | 'maskMessages' | 'events' | 'log'
  >,
  caller: policy.Caller,
  id: string,
  input: NewMessageInput,
  idempotencyKey?: string,
): Promise<Message> {
  const { db, clock, config, storage } = deps;
  const first = await replayOf(db, caller, id, idempotencyKey);
  if (first) return first;

  const { row, side } = await loadFor(db, caller, id);
  if (!input.body && input.images.length === 0) throw msg.emptyMessage();
  if (input.images.length > MESSAGE_MAX_ATTACHMENTS) {
    throw msg.tooManyImages(MESSAGE_MAX_ATTACHMENTS);
  }
  const now = clock.now();
  // Early, so a limited sender costs no image work; checked again under the lock.
  await checkRate(db, config.messagesPerMinute, caller.id, now);

  // Images are decoded and stored before the transaction (CPU work, no lock held). A crash
  // after this leaves unreferenced files, never a message without its images.
  const attachments = await storeImages(storage, id, input.images);

  const created = await db.transaction((tx) =>
    recordMessage(tx, {
      caller,
      conversationId: id,
      side,
      vendorName: row.vendorName,
      body: input.body,
      attachments,
      idempotencyKey: idempotencyKey ?? null,
      now,
      perMinute: config.messagesPerMinute,
      maskMessages: deps.maskMessages,
    }),
  );
  if (created) {
    // Committed: the frames leave now, not at a worker's next poll (their jobs are the net).
    await deliverAfterCommit(db, realtimeJob, { events: deps.events }, created.frames, deps.log);
    return created.dto;
  }
  const raced = await replayOf(db, caller, id, idempotencyKey);
  if (!raced) throw new Error('message insert conflicted without an idempotency key');
  return raced;
}
