import { z } from 'zod';
import { isoDateTime, pageQuerySchema, text, uuid } from './common';

/**
 * Conversations: `direct` between a customer and a pro (one per pair, optionally
 * linked to an order), `support` between any signed-in user and the Vetted support team.
 */
export const conversationKindSchema = z.enum(['direct', 'support']);
export type ConversationKind = z.infer<typeof conversationKindSchema>;

/** A support conversation is `open` until an admin resolves it (a new message reopens it). */
export const conversationStatusSchema = z.enum(['open', 'resolved']);
export type ConversationStatus = z.infer<typeof conversationStatusSchema>;

/** Longest message body, in characters after trimming. */
export const MESSAGE_MAX_LENGTH = 4000;
/** Most image attachments on one message. */
export const MESSAGE_MAX_ATTACHMENTS = 4;
/** Messages one sender may post per minute across all conversations ("e.g. 30"). */
export const MESSAGES_PER_MINUTE = 30;
/** Longest support subject, in characters after trimming. */
export const SUPPORT_SUBJECT_MAX_LENGTH = 120;

/**
 * `POST /v1/conversations` body: open (or get back) a conversation. `{ kind: 'direct', vendorId }`
 * (a customer and a pro), `{ kind: 'direct', orderId }` (either party of the order) or
 * `{ kind: 'support', subject }`.
 */
export const openConversationBodySchema = z
  .object({
    kind: conversationKindSchema,
    vendorId: uuid.optional(),
    orderId: uuid.optional(),
    subject: text()
      .trim()
      .min(3, 'Say in a few words what you need help with')
      .max(
        SUPPORT_SUBJECT_MAX_LENGTH,
        `Keep the subject under ${SUPPORT_SUBJECT_MAX_LENGTH} characters`,
      )
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.kind === 'direct' && (body.vendorId === undefined) === (body.orderId === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['vendorId'],
        message: 'Give either vendorId or orderId',
      });
    }
    if (body.kind === 'support' && body.subject === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['subject'],
        message: 'Say in a few words what you need help with',
      });
    }
  });
export type OpenConversationBody = z.input<typeof openConversationBodySchema>;

/** `GET /v1/conversations` query. `status` and `assignee` filter support conversations (admins). */
export const conversationListQuerySchema = pageQuerySchema.extend({
  kind: conversationKindSchema.optional(),
  status: conversationStatusSchema.optional(),
  /** `me`, `none` (unassigned) or an admin's user id. Admins only; ignored for others. */
  assignee: z.union([z.literal('me'), z.literal('none'), uuid]).optional(),
  /** Matches the counterpart's name (or a support subject), case-insensitively. */
  q: text().trim().max(100).optional(),
});
export type ConversationListQuery = z.input<typeof conversationListQuerySchema>;

/** One image on a message: a re-encoded WebP (metadata stripped) and its thumbnail. */
export const messageAttachmentSchema = z.object({
  url: z.string(),
  thumbUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

export const messageSchema = z.object({
  id: uuid,
  conversationId: uuid,
  sender: z.object({
    id: uuid,
    /** The sender's name; a support agent shows as "Vetted support · <first name>". */
    name: z.string(),
    /** `support` for a message of an admin in a support conversation. */
    role: z.enum(['customer', 'vendor', 'support']),
  }),
  /** Plain text exactly as sent (never HTML): clients render it as text. May be '' with images. */
  body: z.string(),
  attachments: z.array(messageAttachmentSchema),
  createdAt: isoDateTime,
  /** When the other side had read up to this message; null while unread. */
  readAt: isoDateTime.nullable(),
});
export type Message = z.infer<typeof messageSchema>;

export const conversationSchema = z.object({
  id: uuid,
  kind: conversationKindSchema,
  /** Support subject; null for direct conversations. */
  subject: z.string().nullable(),
  status: conversationStatusSchema,
  /** Who the caller talks to: the pro, the customer, the support team, or (admins) the user. */
  counterpart: z.object({
    name: z.string(),
    avatarUrl: z.string().nullable(),
    /** The pro's vendor profile id when the counterpart is a pro. */
    vendorId: uuid.nullable(),
  }),
  lastMessage: messageSchema.nullable(),
  /** The order the conversation is about, if any (the last one linked). */
  order: z.object({ id: uuid, reference: z.string(), serviceTitle: z.string() }).nullable(),
  /** Messages from the other side the caller has not read. */
  unreadCount: z.number().int(),
  /** Support conversations: the admin who handles it. */
  assignee: z.object({ id: uuid, name: z.string() }).nullable(),
  lastMessageAt: isoDateTime.nullable(),
  createdAt: isoDateTime,
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = z.object({
  items: z.array(conversationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
  /** Unread messages across every conversation of the caller of this kind (nav badge). */
  unreadTotal: z.number().int(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

/** `GET /v1/conversations/{id}/messages` query: newest page first, then older with `before`. */
export const messageListQuerySchema = z.object({
  /** A message id (the `nextCursor` of the previous page): only messages older than it. */
  before: uuid.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export type MessageListQuery = z.input<typeof messageListQuerySchema>;

export const messagePageSchema = z.object({
  /** Oldest to newest within the page. */
  items: z.array(messageSchema),
  /** Pass as `before` for the next (older) page; null at the start of the conversation. */
  nextCursor: uuid.nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/**
 * `POST /v1/conversations/{id}/messages` JSON body. As `multipart/form-data` the same `body`
 * field plus up to {@link MESSAGE_MAX_ATTACHMENTS} files in `images` (each under 3 MB, spec §9).
 * A message needs a body or at least one image.
 */
export const sendMessageBodySchema = z.object({
  body: text()
    .trim()
    .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters`)
    .default(''),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

/** `POST /v1/conversations/{id}/read` answer. */
export const readReceiptSchema = z.object({
  conversationId: uuid,
  /** Everything sent up to this instant is read by the caller. */
  readAt: isoDateTime,
});
export type ReadReceipt = z.infer<typeof readReceiptSchema>;

/** `POST /v1/admin/conversations/{id}/assign` body: default the calling admin. */
export const assignConversationBodySchema = z.object({
  assigneeId: uuid.optional(),
});
export type AssignConversationBody = z.input<typeof assignConversationBodySchema>;

/**
 * Realtime frames of conversations on `/v1/ws`: to every participant's sockets but
 * the acting one's own connection is not excluded (their other tabs update too).
 */
export type ConversationFrame =
  | { type: 'message'; data: Message }
  | { type: 'read'; data: ReadReceipt & { readerId: string } }
  | { type: 'typing'; data: { conversationId: string; userId: string; name: string } }
  | { type: 'conversation'; data: { id: string; status: ConversationStatus } };
