/**
 * Use cases of the conversations domain (issue #7): open a direct conversation or a support chat,
 * list the inbox, page through messages, send (text and images, idempotent, rate limited), mark
 * read, typing, and the support team's assign / resolve / reopen. Side effects — the realtime
 * `message` / `read` / `conversation` frames, the in-app notification and the unread mail — are
 * outbox rows written in the use case's transaction. Typing is the one exception: an ephemeral
 * hint published straight on the events bus (nothing is stored, losing one is harmless).
 */
import {
  type Conversation,
  type ConversationListQuery,
  MESSAGE_MAX_ATTACHMENTS,
  type Message,
  type MessageListQuery,
  type MessagePage,
  type OpenConversationBody,
  type ReadReceipt,
} from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import type { DeliveryContext } from '../../jobs/define';
import { enqueue } from '../../jobs/engine';
import type { EventBus } from '../../platform/platform';
import { mediaUrl, privateMediaUrl, processImage, putProcessedImage } from '../../services/images';
import { isValidStorageKey, type Storage } from '../../services/storage';
import { type ServiceDeps, systemClock } from '../deps';
import { enqueueMail } from '../mail/service';
import { notify, pushToUsers } from '../notifications/service';
import * as msg from './messages';
import * as policy from './policy';
import * as repo from './repository';

import { unreadMailJob } from './jobs/unread-mail';

export interface ConversationsDeps extends ServiceDeps {
  /** Typing hints go straight to the bus (not through the outbox). */
  events: EventBus;
  /**
   * Where message images are stored (`messages/<conversation id>/<uuid>.webp` and its
   * `.thumb.webp`): the private store (`app.privateStorage`), which no CDN or public bucket
   * exposes; {@link createConversationsService}'s `attachment` serves them to participants.
   */
  storage: Storage;
  /**
   * The public store, read only for attachments sent before they moved to private storage (they
   * keep their key, and their URL keeps working for participants).
   */
  legacyStorage?: Storage;
}

/** Storage prefix of message attachments. */
export const ATTACHMENT_PREFIX = 'messages';

/** A UUID in its canonical text form (conversation ids). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What `send` receives: the validated text and the raw bytes of each uploaded image. */
export interface NewMessageInput {
  /** Trimmed; may be '' when there are images. */
  body: string;
  images: Buffer[];
}

/** The caller as the domain sees them. */
type Caller = policy.Caller;

function attachmentsOf(row: repo.MessageRow): repo.StoredAttachment[] {
  return Array.isArray(row.attachments) ? (row.attachments as repo.StoredAttachment[]) : [];
}

/**
 * The API shape of a message. `vendorName` names the pro's messages in a direct conversation
 * (customers know a pro by business name); an admin in a support chat is "Vetted support · Ana".
 */
export function toMessageDto(
  m: repo.MessageWithSender,
  c: repo.ConversationRow,
  vendorName: string | null,
): Message {
  const { message } = m;
  const fromOther = message.senderSide === 'other';
  const role = fromOther && c.kind === 'support' ? 'support' : fromOther ? 'vendor' : 'customer';
  const name =
    role === 'support'
      ? policy.supportAgentName(m.senderName)
      : role === 'vendor'
        ? (vendorName ?? m.senderName)
        : m.senderName;
  const readerReadAt = fromOther ? c.userReadAt : c.otherReadAt;
  return {
    id: message.id,
    conversationId: message.conversationId,
    sender: { id: message.senderId, name, role },
    body: message.body,
    attachments: attachmentsOf(message).map((a) => ({
      url: privateMediaUrl(a.key),
      thumbUrl: privateMediaUrl(`${a.key}.thumb.webp`),
      width: a.width,
      height: a.height,
    })),
    createdAt: message.createdAt.toISOString(),
    readAt:
      readerReadAt && policy.isReadBy(readerReadAt, message.createdAt)
        ? readerReadAt.toISOString()
        : null,
  };
}

const avatar = (key: string | null) => (key ? mediaUrl(key) : null);

/** The API shape of a conversation for the caller whose side `row.side` is. */
export function toConversationDto(
  row: repo.ConversationListRow,
  last: repo.MessageWithSender | undefined,
): Conversation {
  const c = row.conversation;
  const counterpart =
    c.kind === 'support'
      ? row.side === 'user'
        ? { name: policy.SUPPORT_TEAM_NAME, avatarUrl: null, vendorId: null }
        : { name: row.customerName, avatarUrl: avatar(row.customerAvatarKey), vendorId: null }
      : row.side === 'user'
        ? {
            name: row.vendorName ?? 'Pro',
            avatarUrl: avatar(row.vendorAvatarKey),
            vendorId: c.vendorId,
          }
        : { name: row.customerName, avatarUrl: avatar(row.customerAvatarKey), vendorId: null };
  return {
    id: c.id,
    kind: c.kind,
    subject: c.subject,
    status: c.status,
    counterpart,
    lastMessage: last ? toMessageDto(last, c, row.vendorName) : null,
    order:
      c.orderId && row.orderReference
        ? { id: c.orderId, reference: row.orderReference, serviceTitle: row.serviceTitle ?? '' }
        : null,
    unreadCount: row.unreadCount,
    assignee:
      c.assigneeId && row.assigneeName ? { id: c.assigneeId, name: row.assigneeName } : null,
    lastMessageAt: c.lastMessageAt?.toISOString() ?? null,
    createdAt: c.createdAt.toISOString(),
  };
}

/** Everyone whose sockets hear about a conversation: both parties, or the user and every admin. */
async function participantIds(db: DbOrTx, c: repo.ConversationRow): Promise<string[]> {
  if (c.kind === 'direct') return [c.userId, ...(c.vendorUserId ? [c.vendorUserId] : [])];
  return [c.userId, ...(await repo.adminIds(db))];
}

export function createConversationsService(deps: ConversationsDeps) {
  const { db, clock, config, events, storage, legacyStorage } = deps;

  /**
   * The conversation as a list row for the caller, or the 404 of a random id when they are not
   * on either side of it (issue #7: no IDOR oracle).
   */
  async function loadFor(caller: Caller, id: string) {
    const row = await repo.loadListRow(db, caller, id);
    const side = row ? policy.sideOf(row.conversation, caller) : null;
    if (!row || !side) throw msg.conversationNotFound();
    return { row, side };
  }

  async function dtoFor(caller: Caller, id: string): Promise<Conversation> {
    const { row } = await loadFor(caller, id);
    const last = await repo.lastMessages(db, [id]);
    return toConversationDto(row, last.get(id));
  }

  /** An admin acting on a support chat; anyone else (or a direct conversation) gets the 404. */
  async function requireSupportForAdmin(caller: Caller, id: string) {
    const c = await repo.findConversation(db, id);
    if (c?.kind !== 'support' || caller.role !== 'admin') throw msg.conversationNotFound();
    return c;
  }

  async function setSupportState(
    caller: Caller,
    id: string,
    set: { status?: 'open' | 'resolved'; assigneeId?: string },
  ): Promise<Conversation> {
    await db.transaction(async (tx) => {
      const c = await repo.lockConversation(tx, id);
      if (!c) throw msg.conversationNotFound();
      await repo.updateConversation(tx, id, set);
      await pushToUsers(tx, await participantIds(tx, c), {
        type: 'conversation',
        data: { id, status: set.status ?? c.status },
      });
    });
    return dtoFor(caller, id);
  }

  return {
    /**
     * `POST /v1/conversations`. Direct with `vendorId`: customers only (403 otherwise); the pro
     * must be approved (404). Direct with `orderId`: either party of the order (404 otherwise);
     * links the order. The same customer and pro always get the same conversation. Support: a
     * new chat with `subject`, for any signed-in user.
     */
    async open(caller: Caller, body: OpenConversationBody): Promise<Conversation> {
      if (body.kind === 'support') {
        const id = uuidv7();
        await repo.insertSupport(db, {
          id,
          userId: caller.id,
          subject: body.subject ?? '',
          createdAt: clock.now(),
        });
        return dtoFor(caller, id);
      }
      if (body.vendorId) {
        if (caller.role !== 'customer') throw msg.onlyCustomersStart();
        const vendor = await repo.findApprovedVendor(db, body.vendorId);
        if (!vendor) throw msg.vendorNotFound();
        const c = await repo.upsertDirect(db, {
          id: uuidv7(),
          userId: caller.id,
          vendorId: vendor.id,
          vendorUserId: vendor.userId,
        });
        return dtoFor(caller, c.id);
      }
      const order = body.orderId ? await repo.findOrderParties(db, body.orderId) : null;
      if (!order || (caller.id !== order.customerId && caller.id !== order.vendorUserId)) {
        throw msg.orderNotFound();
      }
      const c = await repo.upsertDirect(db, {
        id: uuidv7(),
        userId: order.customerId,
        vendorId: order.vendorId,
        vendorUserId: order.vendorUserId,
        orderId: order.id,
      });
      return dtoFor(caller, c.id);
    },

    /** `GET /v1/conversations`: a page, newest activity first, with the unread total. */
    async list(caller: Caller, query: ConversationListQuery & { page: number; pageSize: number }) {
      const { rows, total, unreadTotal } = await repo.listConversations(db, caller, query, query);
      const last = await repo.lastMessages(
        db,
        rows.map((r) => r.conversation.id),
      );
      return {
        items: rows.map((r) => toConversationDto(r, last.get(r.conversation.id))),
        page: query.page,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
        unreadTotal,
      };
    },

    /** `GET /v1/conversations/{id}`. @throws 404 when the caller is not on either side. */
    get: dtoFor,

    /** `GET /v1/conversations/{id}/messages`: newest page first; items oldest to newest. */
    async listMessages(
      caller: Caller,
      id: string,
      query: MessageListQuery & { limit: number },
    ): Promise<MessagePage> {
      const { row } = await loadFor(caller, id);
      const { rows, hasMore } = await repo.listMessages(db, id, query);
      const items = rows.reverse().map((m) => toMessageDto(m, row.conversation, row.vendorName));
      return { items, nextCursor: hasMore ? (items[0]?.id ?? null) : null };
    },

    /**
     * `POST /v1/conversations/{id}/messages`. With `idempotencyKey`, a resend returns the first
     * message (422 when the key was used in another conversation). Images go through the one
     * image pipeline (spec §9: under 3 MB; re-encoded to WebP, metadata stripped).
     * @throws 400 `empty_message` / `too_many_images`, 413 `image_too_large`, 429 `rate_limited`
     *   (with `retryAfterS`; `MESSAGES_PER_MINUTE` per sender, default 30), 404 when the caller is not a participant.
     */
    async send(
      caller: Caller,
      id: string,
      input: NewMessageInput,
      idempotencyKey?: string,
    ): Promise<Message> {
      const replay = async () => {
        if (!idempotencyKey) return null;
        const prior = await repo.findByIdempotencyKey(db, caller.id, idempotencyKey);
        if (!prior) return null;
        if (prior.message.conversationId !== id) throw msg.idempotencyMismatch();
        const { row } = await loadFor(caller, id);
        return toMessageDto(prior, row.conversation, row.vendorName);
      };
      const first = await replay();
      if (first) return first;

      const { row, side } = await loadFor(caller, id);
      if (!input.body && input.images.length === 0) throw msg.emptyMessage();
      if (input.images.length > MESSAGE_MAX_ATTACHMENTS) {
        throw msg.tooManyImages(MESSAGE_MAX_ATTACHMENTS);
      }
      const now = clock.now();
      const checkRate = async (dbOrTx: DbOrTx) => {
        const recent = await repo.recentSends(
          dbOrTx,
          caller.id,
          new Date(now.getTime() - policy.RATE_WINDOW_MS),
        );
        if (recent.n >= config.messagesPerMinute) {
          const freeAt = (recent.oldest?.getTime() ?? now.getTime()) + policy.RATE_WINDOW_MS;
          throw msg.rateLimited(
            config.messagesPerMinute,
            Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)),
          );
        }
      };
      // Early, so a limited sender costs no image work; checked again under the lock below.
      await checkRate(db);

      // Images are decoded and stored before the transaction (CPU work, no lock held). A crash
      // after this leaves unreferenced files, never a message without its images.
      const attachments: repo.StoredAttachment[] = [];
      for (const bytes of input.images) {
        const image = await processImage(bytes);
        const key = `${ATTACHMENT_PREFIX}/${id}/${uuidv7()}.webp`;
        await putProcessedImage(storage, key, image);
        attachments.push({ key, width: image.width, height: image.height });
      }

      const created = await db.transaction(async (tx) => {
        // The check above alone let concurrent sends all pass it (40 at once were all stored on
        // PostgreSQL): under the sender's lock each send sees the ones before it. A key that
        // raced in meanwhile is answered with its message, not counted against the limit.
        await repo.lockSenderSends(tx, caller.id);
        if (idempotencyKey && (await repo.findByIdempotencyKey(tx, caller.id, idempotencyKey))) {
          return null;
        }
        await checkRate(tx);
        const c = await repo.lockConversation(tx, id);
        if (!c) throw msg.conversationNotFound();
        const inserted = await repo.insertMessage(tx, {
          id: uuidv7(),
          conversationId: id,
          senderId: caller.id,
          senderSide: side,
          body: input.body,
          attachments,
          idempotencyKey: idempotencyKey ?? null,
          createdAt: now,
        });
        // The same key raced in from another request: it wins, this one answers its message.
        if (!inserted) return null;
        // Replying means having read what came before; a user's message reopens a resolved chat.
        await repo.updateConversation(tx, id, {
          lastMessageAt: now,
          ...(side === 'user' ? { userReadAt: now } : { otherReadAt: now }),
          ...(c.kind === 'support' && side === 'user' && c.status === 'resolved'
            ? { status: 'open' as const }
            : {}),
        });
        const after = { ...c, ...(side === 'user' ? { userReadAt: now } : { otherReadAt: now }) };
        const sender = await repo.findUser(tx, caller.id);
        const dto = toMessageDto(
          {
            message: inserted,
            senderName: sender?.fullName ?? '',
            senderRole: (sender?.role ?? 'customer') as 'customer',
          },
          after,
          row.vendorName,
        );
        await pushToUsers(tx, await participantIds(tx, c), { type: 'message', data: dto });

        // The recipient: the other party of a direct conversation, the user when support
        // answers. Messages to the support team reach its inbox live, not by mail.
        const recipient = side === 'other' ? c.userId : c.kind === 'direct' ? c.vendorUserId : null;
        if (recipient) {
          const readAt = side === 'other' ? c.userReadAt : c.otherReadAt;
          const recipientRole =
            side === 'user' ? 'vendor' : ((await repo.findUser(tx, recipient))?.role ?? 'customer');
          await notify(tx, [
            {
              ...msg.newMessageNotification({
                recipientId: recipient,
                senderName: dto.sender.name,
                preview: msg.preview(input.body, attachments.length),
                link: msg.threadLink(c.kind, recipientRole as 'customer', id),
              }),
              key: policy.burstKey('notification', id, recipient, readAt),
            },
          ]);
          await enqueue(
            tx,
            unreadMailJob,
            { conversationId: id, recipientId: recipient, since: now.toISOString() },
            {
              key: policy.burstKey('mail', id, recipient, readAt),
              // The job engine's clock (the wall clock), not the domain clock.
              startAfter: new Date(systemClock.now().getTime() + policy.UNREAD_MAIL_DELAY_MS),
            },
          );
        }
        return dto;
      });
      if (created) return created;
      const raced = await replay();
      if (!raced) throw new Error('message insert conflicted without an idempotency key');
      return raced;
    },

    /**
     * `POST /v1/conversations/{id}/read`: the caller's side has read everything up to now; the
     * other side's sockets get `{ type: 'read' }` so their messages show as read.
     */
    async markRead(caller: Caller, id: string): Promise<ReadReceipt> {
      const { row, side } = await loadFor(caller, id);
      const c = row.conversation;
      const current = side === 'user' ? c.userReadAt : c.otherReadAt;
      // Nothing new to read: answer the current position without writing anything.
      if (current && row.unreadCount === 0) {
        return { conversationId: id, readAt: current.toISOString() };
      }
      const now = clock.now();
      const readAt = current && current > now ? current : now;
      await db.transaction(async (tx) => {
        await repo.updateConversation(
          tx,
          id,
          side === 'user' ? { userReadAt: readAt } : { otherReadAt: readAt },
        );
        await pushToUsers(tx, await participantIds(tx, c), {
          type: 'read',
          data: { conversationId: id, readAt: readAt.toISOString(), readerId: caller.id },
        });
      });
      return { conversationId: id, readAt: readAt.toISOString() };
    },

    /** `POST /v1/conversations/{id}/typing`: an ephemeral hint to the other participants. */
    async typing(caller: Caller, id: string): Promise<{ sent: true }> {
      const { row, side } = await loadFor(caller, id);
      const c = row.conversation;
      const name =
        side === 'user'
          ? row.customerName
          : c.kind === 'support'
            ? policy.SUPPORT_TEAM_NAME
            : (row.vendorName ?? 'Pro');
      const frame = { type: 'typing', data: { conversationId: id, userId: caller.id, name } };
      const others = (await participantIds(db, c)).filter((u) => u !== caller.id);
      await Promise.all(others.map((u) => events.publish(`user:${u}`, frame)));
      return { sent: true };
    },

    /**
     * `GET /media/messages/{conversationId}/{file}`: where the attachment `file` (an image or its
     * thumbnail) of the conversation is stored, for its participants and for admins (support);
     * null — the 404 of a random id — for anyone else, the anonymous included, and for a
     * missing file. Attachments sent before they moved to private storage are found in the
     * public store.
     */
    async attachment(
      caller: Caller | null,
      conversationId: string,
      file: string,
    ): Promise<{ storage: Storage; key: string } | null> {
      const key = `${ATTACHMENT_PREFIX}/${conversationId}/${file}`;
      if (!caller || !UUID.test(conversationId) || file.includes('/')) return null;
      if (!isValidStorageKey(key)) return null;
      const c = await repo.findConversation(db, conversationId);
      if (!c || !policy.mayViewAttachments(c, caller)) return null;
      if (await storage.exists(key)) return { storage, key };
      if (legacyStorage && (await legacyStorage.exists(key))) {
        return { storage: legacyStorage, key };
      }
      return null;
    },

    /** `POST /v1/admin/conversations/{id}/assign`: to `assigneeId` (an admin) or the caller. */
    async assign(caller: Caller, id: string, assigneeId?: string): Promise<Conversation> {
      await requireSupportForAdmin(caller, id);
      const target = assigneeId ?? caller.id;
      if (target !== caller.id) {
        const user = await repo.findUser(db, target);
        if (user?.role !== 'admin') {
          throw badRequest('Assign the chat to an admin', 'invalid_assignee', {
            assigneeId: 'Not an admin',
          });
        }
      }
      return setSupportState(caller, id, { assigneeId: target });
    },

    /** `POST /v1/admin/conversations/{id}/resolve`. */
    async resolve(caller: Caller, id: string): Promise<Conversation> {
      await requireSupportForAdmin(caller, id);
      return setSupportState(caller, id, { status: 'resolved' });
    },

    /** `POST /v1/admin/conversations/{id}/reopen`. */
    async reopen(caller: Caller, id: string): Promise<Conversation> {
      await requireSupportForAdmin(caller, id);
      return setSupportState(caller, id, { status: 'open' });
    },

    /**
     * What this domain's jobs run (./jobs/*.ts). `conversation.unread_mail` runs 10 minutes after the first
     * message of a burst: if the recipient has still not read it, it queues one mail (keyed by
     * the row, so a redelivery queues nothing twice) naming the sender, the unread count and the
     * last message, with a link to the thread.
     */
    handlers: {
      unreadMail: async (
        p: { conversationId: string; recipientId: string; since: string },
        ctx: DeliveryContext,
      ) => {
        const c = await repo.findConversation(db, p.conversationId);
        if (!c) return;
        const side: policy.Side = p.recipientId === c.userId ? 'user' : 'other';
        const readAt = side === 'user' ? c.userReadAt : c.otherReadAt;
        if (policy.isReadBy(readAt, new Date(p.since))) return;
        const unread = await repo.unreadFor(db, c, side);
        if (unread.n === 0 || !unread.last) return;
        const [recipient, last] = await Promise.all([
          repo.findUser(db, p.recipientId),
          repo.findMessage(db, unread.last.id),
        ]);
        if (!recipient || !last) return;
        const row = await repo.loadListRow(db, { id: recipient.id, role: 'customer' }, c.id);
        const dto = toMessageDto(last, c, row?.vendorName ?? null);
        const link = `${config.publicUrl.replace(/\/$/, '')}${msg.threadLink(
          c.kind,
          recipient.role as 'customer',
          c.id,
        )}`;
        await enqueueMail(
          db,
          msg.unreadMessagesMail({
            to: recipient.email,
            recipientName: recipient.fullName,
            senderName: dto.sender.name,
            unread: unread.n,
            lastPreview: msg.preview(last.message.body, attachmentsOf(last.message).length),
            link,
          }),
          `${ctx.key}:mail`,
        );
      },
    },
  };
}

export type ConversationsService = ReturnType<typeof createConversationsService>;
