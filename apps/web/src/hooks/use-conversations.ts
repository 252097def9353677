import type {
  Conversation,
  ConversationKind,
  ConversationListQuery,
  Message,
  MessagePage,
  OpenConversationBody,
} from '@vetted/contract';
import type { ChatAttachment, ChatMessage } from '@vetted/ui';
import * as React from 'react';
import useSWR, { useSWRConfig } from 'swr';
import useSWRInfinite, { unstable_serialize } from 'swr/infinite';
import { errorMessage } from '../lib/errors';
import { endpointKey, isEndpointKey, type KeyData, revalidateMatching } from '../lib/keys';
import { createThrottle, showThread, subscribeTyping, TYPING_VISIBLE_MS } from '../lib/typing';
import { uploadMessage } from '../lib/upload';
import { api } from '../lib/vetted-api';

/*
 * Conversations (issue #7): customer ↔ pro messages and support chats. Reads go through SWR
 * (keys named by the contract's endpoints, lib/keys.ts); the socket (hooks/use-realtime.ts)
 * revalidates them when a message, a read receipt or a status change arrives. Messages being
 * sent live in a small store beside the cache until the server has them (see `useSendMessage`).
 */

/** Conversations per page of an inbox. */
export const CONVERSATION_PAGE_SIZE = 20;
/** Messages per page of a thread (the API's default `limit`). */
export const MESSAGE_PAGE_SIZE = 30;

/** Query of one inbox page: `undefined`/'' values are left out of the key. */
function listQuery(query: ConversationListQuery): Record<string, unknown> {
  const q: Record<string, unknown> = {
    page: query.page ?? 1,
    pageSize: query.pageSize ?? CONVERSATION_PAGE_SIZE,
  };
  if (query.kind) q.kind = query.kind;
  if (query.status) q.status = query.status;
  if (query.assignee) q.assignee = query.assignee;
  const search = query.q?.trim();
  if (search) q.q = search;
  return q;
}

/** `GET /v1/conversations` — one inbox page (newest activity first). Pass null to skip. */
export function useConversations(query: ConversationListQuery | null) {
  return useSWR<KeyData<'listConversations'>>(
    query ? endpointKey('listConversations', { query: listQuery(query) }) : null,
    { keepPreviousData: true },
  );
}

/**
 * Unread messages of every conversation of `kind` for a nav badge (`unreadTotal` of a one-item
 * page). Message frames revalidate it at once; the minute poll covers a socket that is down.
 */
export function useConversationUnreadTotal(kind: ConversationKind, enabled = true): number {
  const { data } = useSWR<KeyData<'listConversations'>>(
    enabled ? endpointKey('listConversations', { query: { kind, page: 1, pageSize: 1 } }) : null,
    { refreshInterval: 60_000 },
  );
  return data?.unreadTotal ?? 0;
}

/** `GET /v1/conversations/:id` — one conversation (counterpart, order, status, unread). */
export function useConversation(id: string | null | undefined) {
  return useSWR<KeyData<'getConversation'>>(
    id ? endpointKey('getConversation', { params: { id } }) : null,
  );
}

/** The `useSWRInfinite` page key of a thread: the newest page, then older by `nextCursor`. */
export function messagePageKey(id: string) {
  return (index: number, previous: MessagePage | null) => {
    if (previous && !previous.nextCursor) return null;
    const query: Record<string, unknown> = { limit: MESSAGE_PAGE_SIZE };
    if (index > 0 && previous?.nextCursor) query.before = previous.nextCursor;
    return endpointKey('listMessages', { params: { id }, query });
  };
}

/**
 * Pages of a thread (newest page first, each page oldest → newest) as one list, oldest →
 * newest, each message once (a page boundary may shift while new messages arrive).
 */
export function flattenPages(pages: readonly MessagePage[] | undefined): Message[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (let i = pages.length - 1; i >= 0; i--) {
    for (const m of pages[i]?.items ?? []) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}

/**
 * `GET /v1/conversations/:id/messages` with `useSWRInfinite`: `items` oldest → newest,
 * `loadOlder()` fetches the page before the oldest one while `hasOlder`.
 */
export function useMessages(id: string | null | undefined) {
  const swr = useSWRInfinite<MessagePage>(id ? messagePageKey(id) : () => null, {
    revalidateFirstPage: true,
  });
  const { data, size, setSize, isLoading, isValidating, error, mutate } = swr;
  const items = React.useMemo(() => flattenPages(data), [data]);
  const last = data?.[data.length - 1];
  return {
    items,
    /** Pages loaded so far (undefined until the first arrives). */
    pages: data,
    isLoading,
    error: error as Error | undefined,
    hasOlder: Boolean(last?.nextCursor),
    loadingOlder: isValidating && data !== undefined && size > data.length,
    loadOlder: () => setSize(size + 1),
    mutate,
  };
}

/* ——— Sending ——————————————————————————————————————————————————————————————— */

/**
 * A message the person sent that the server does not have yet (or just acknowledged). Its `id`
 * is also the `Idempotency-Key` of every attempt, so a retry after a lost answer returns the
 * first message instead of storing a second one.
 */
export interface PendingMessage {
  id: string;
  conversationId: string;
  body: string;
  files: File[];
  /** Local previews of `files` (object URLs), revoked when the message is dropped. */
  previews: ChatAttachment[];
  /** ISO instant the person pressed Send. */
  createdAt: string;
  status: 'sending' | 'failed';
  /** Upload progress of images, 0–1. */
  progress?: number;
  /** Why the last attempt failed: the server's message (spec §8), e.g. "Image must be less than 3mb". */
  error?: string;
  /** The stored message's id once the server answered. */
  serverId?: string;
}

type PendingListener = () => void;
const EMPTY: readonly PendingMessage[] = Object.freeze([]);
const pendingByConversation = new Map<string, readonly PendingMessage[]>();
const pendingListeners = new Set<PendingListener>();

/** The messages being sent, per conversation; kept across thread switches until delivered. */
export const pendingMessages = {
  get(conversationId: string): readonly PendingMessage[] {
    return pendingByConversation.get(conversationId) ?? EMPTY;
  },
  set(conversationId: string, next: readonly PendingMessage[]) {
    if (next.length === 0) pendingByConversation.delete(conversationId);
    else pendingByConversation.set(conversationId, next);
    for (const listener of pendingListeners) listener();
  },
  update(conversationId: string, id: string, patch: Partial<PendingMessage>) {
    const list = pendingMessages.get(conversationId);
    if (!list.some((p) => p.id === id)) return;
    pendingMessages.set(
      conversationId,
      list.map((p) => (p.id === id ? { ...p, ...patch } : p)),
    );
  },
  /** Drops messages (revoking their previews). */
  remove(conversationId: string, ids: ReadonlySet<string>) {
    const list = pendingMessages.get(conversationId);
    for (const p of list) {
      if (ids.has(p.id)) for (const a of p.previews) revokePreview(a.url);
    }
    pendingMessages.set(
      conversationId,
      list.filter((p) => !ids.has(p.id)),
    );
  },
  subscribe(listener: PendingListener) {
    pendingListeners.add(listener);
    return () => {
      pendingListeners.delete(listener);
    };
  },
};

function revokePreview(url: string) {
  if (url.startsWith('blob:')) URL.revokeObjectURL(url);
}

/** A local preview of a picture before upload (object URL; size unknown until decoded). */
function previewOf(file: File, index: number, count: number): ChatAttachment {
  const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
  return {
    url,
    thumbUrl: url,
    width: 0,
    height: 0,
    alt: count > 1 ? `Your photo ${index + 1} of ${count}` : 'Your photo',
  };
}

/** An id for a new message: a v4 UUID (the API accepts any key up to its length limit). */
function newKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** The thread's messages for ChatThread: the server's, then the ones still being sent. */
export function toChatMessages(
  items: readonly Message[],
  pending: readonly PendingMessage[],
  meId: string | undefined,
  options: { senderNames?: boolean } = {},
): ChatMessage[] {
  const ids = new Set(items.map((m) => m.id));
  const out: ChatMessage[] = items.map((m) => {
    const mine = meId !== undefined && m.sender.id === meId;
    const count = m.attachments.length;
    return {
      id: m.id,
      body: m.body,
      createdAt: m.createdAt,
      mine,
      ...(mine ? { status: m.readAt ? ('read' as const) : ('sent' as const) } : {}),
      ...(!mine && options.senderNames ? { senderName: m.sender.name } : {}),
      ...(count > 0
        ? {
            attachments: m.attachments.map((a, i) => ({
              url: a.url,
              thumbUrl: a.thumbUrl,
              width: a.width,
              height: a.height,
              alt:
                count > 1
                  ? `Photo ${i + 1} of ${count} from ${mine ? 'you' : m.sender.name}`
                  : `Photo from ${mine ? 'you' : m.sender.name}`,
            })),
          }
        : {}),
    };
  });
  for (const p of pending) {
    if (p.serverId && ids.has(p.serverId)) continue;
    out.push({
      id: p.id,
      body: p.body,
      createdAt: p.createdAt,
      mine: true,
      status: p.serverId ? 'sent' : p.status,
      ...(p.previews.length > 0 ? { attachments: p.previews } : {}),
      ...(p.progress !== undefined && !p.serverId ? { progress: p.progress } : {}),
      ...(p.error && p.status === 'failed' ? { error: p.error } : {}),
    });
  }
  return out;
}

/**
 * Sending in one thread: `send(body, files)` shows the message at once (status `sending`,
 * upload `progress` 0–1 for images), posts it with a fresh `Idempotency-Key` (JSON without
 * images; multipart through lib/upload.ts with them), then puts the stored message into the
 * thread's cache. A failure marks it `failed` with the server's message (e.g. 429 "You can send
 * 30 messages a minute…", 413 "Image must be less than 3mb"); `retry(id)` sends it again with
 * the same key, so a message whose answer was lost is never stored twice.
 */
export function useSendMessage(conversationId: string | null | undefined) {
  const { cache, mutate } = useSWRConfig();
  const pending = React.useSyncExternalStore(
    pendingMessages.subscribe,
    () => (conversationId ? pendingMessages.get(conversationId) : EMPTY),
    () => EMPTY,
  );

  const deliver = React.useCallback(
    async (cid: string, message: PendingMessage) => {
      pendingMessages.update(cid, message.id, {
        status: 'sending',
        error: undefined,
        progress: message.files.length > 0 ? 0 : undefined,
      });
      try {
        const stored =
          message.files.length === 0
            ? await api.conversations.send(
                cid,
                { body: message.body },
                { idempotencyKey: message.id },
              )
            : await uploadMessage({
                conversationId: cid,
                body: message.body,
                images: message.files,
                idempotencyKey: message.id,
                onProgress: (progress) => pendingMessages.update(cid, message.id, { progress }),
              });
        pendingMessages.update(cid, message.id, { serverId: stored.id, progress: undefined });
        // Into the newest page at once; the socket's `message` frame revalidates it after.
        await mutate(
          unstable_serialize(messagePageKey(cid)),
          (pages: MessagePage[] | undefined) => {
            if (!pages?.[0] || pages.some((p) => p.items.some((m) => m.id === stored.id))) {
              return pages;
            }
            const [first, ...rest] = pages;
            return [{ ...first, items: [...first.items, stored] }, ...rest];
          },
          { revalidate: false },
        );
        revalidateMatching(
          cache,
          (key) => mutate(key as never),
          isEndpointKey('listConversations'),
        );
        void mutate(endpointKey('getConversation', { params: { id: cid } }));
      } catch (error) {
        pendingMessages.update(cid, message.id, {
          status: 'failed',
          error: errorMessage(error),
          progress: undefined,
        });
      }
    },
    [cache, mutate],
  );

  const send = React.useCallback(
    (body: string, files: File[] = []) => {
      if (!conversationId) return;
      const message: PendingMessage = {
        id: newKey(),
        conversationId,
        body,
        files,
        previews: files.map((f, i) => previewOf(f, i, files.length)),
        createdAt: new Date().toISOString(),
        status: 'sending',
      };
      pendingMessages.set(conversationId, [...pendingMessages.get(conversationId), message]);
      void deliver(conversationId, message);
    },
    [conversationId, deliver],
  );

  const retry = React.useCallback(
    (id: string) => {
      if (!conversationId) return;
      const message = pendingMessages.get(conversationId).find((p) => p.id === id);
      if (message && message.status === 'failed') void deliver(conversationId, message);
    },
    [conversationId, deliver],
  );

  return { pending, send, retry };
}

/** Drops the pending messages the thread now holds (their previews revoked). */
function usePrunePending(
  conversationId: string | null | undefined,
  items: readonly Message[],
  pending: readonly PendingMessage[],
) {
  React.useEffect(() => {
    if (!conversationId || pending.length === 0) return;
    const ids = new Set(items.map((m) => m.id));
    const delivered = new Set(
      pending.filter((p) => p.serverId && ids.has(p.serverId)).map((p) => p.id),
    );
    if (delivered.size > 0) pendingMessages.remove(conversationId, delivered);
  }, [conversationId, items, pending]);
}

/* ——— Read receipts and typing —————————————————————————————————————————————— */

/** True while the tab is in front (`document.visibilityState`), re-rendering on changes. */
function usePageVisible(): boolean {
  return React.useSyncExternalStore(
    (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
    () => document.visibilityState === 'visible',
    () => false,
  );
}

/**
 * Marks the thread read (`POST …/read`) while it is on screen and the tab is visible, whenever
 * the newest incoming message is still unread — once per such message. Then the inbox badges,
 * the conversation and the thread are revalidated.
 */
export function useMarkRead(
  conversationId: string | null | undefined,
  items: readonly Message[],
  meId: string | undefined,
  enabled = true,
) {
  const { cache, mutate } = useSWRConfig();
  const visible = usePageVisible();
  const marked = React.useRef<string | null>(null);
  let newestUnread: string | null = null;
  if (meId) {
    for (let i = items.length - 1; i >= 0; i--) {
      const m = items[i]!;
      if (m.sender.id === meId) continue;
      if (m.readAt === null) newestUnread = m.id;
      break;
    }
  }
  React.useEffect(() => {
    if (!enabled || !visible || !conversationId || !newestUnread) return;
    if (marked.current === newestUnread) return;
    marked.current = newestUnread;
    api.conversations
      .markRead(conversationId)
      .then(() => {
        revalidateMatching(
          cache,
          (key) => mutate(key as never),
          isEndpointKey('listConversations'),
        );
        revalidateMatching(
          cache,
          (key) => mutate(key as never),
          isEndpointKey('listMessages', { id: conversationId }),
        );
        void mutate(endpointKey('getConversation', { params: { id: conversationId } }));
      })
      .catch(() => {
        // Try again with the next message or the next time the tab comes to the front.
        marked.current = null;
      });
  }, [enabled, visible, conversationId, newestUnread, cache, mutate]);
}

/**
 * "Typing…" both ways: `typing` is the name of the other person typing in this thread (cleared
 * TYPING_VISIBLE_MS — 5 s — after their last `typing` frame, or at once when their message
 * arrives); `onTyping()` tells them, at most once per TYPING_SEND_INTERVAL_MS (3 s).
 */
export function useTyping(conversationId: string | null | undefined, meId: string | undefined) {
  const [typing, setTyping] = React.useState<{ userId: string; name: string } | null>(null);

  React.useEffect(() => {
    setTyping(null);
    if (!conversationId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = subscribeTyping((event) => {
      if (event.conversationId !== conversationId || event.userId === meId) return;
      clearTimeout(timer);
      if (event.stopped) {
        setTyping((current) => (current?.userId === event.userId ? null : current));
        return;
      }
      setTyping({ userId: event.userId, name: event.name });
      timer = setTimeout(() => setTyping(null), TYPING_VISIBLE_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [conversationId, meId]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new gate per thread
  const gate = React.useMemo(() => createThrottle(), [conversationId]);
  const onTyping = React.useCallback(() => {
    if (!conversationId || !gate()) return;
    api.conversations.typing(conversationId).catch(() => {
      // A lost hint does not matter.
    });
  }, [conversationId, gate]);

  return { typing: typing?.name ?? null, onTyping };
}

/* ——— One thread, everything ChatThread needs ————————————————————————————— */

/**
 * One open thread: the conversation, its messages merged with the ones being sent (as
 * ChatThread messages; support chats name each sender, "Vetted support · Ana"), older pages,
 * sending and retrying, read receipts while `visible`, and typing both ways. `meId` is the
 * signed-in user's id (`useMe`).
 */
export function useConversationThread(
  conversationId: string | null | undefined,
  meId: string | undefined,
  { visible = true }: { visible?: boolean } = {},
) {
  const conversation = useConversation(conversationId);
  const messages = useMessages(conversationId);
  const { pending, send, retry } = useSendMessage(conversationId);
  usePrunePending(conversationId, messages.items, pending);
  useMarkRead(conversationId, messages.items, meId, visible);
  const { typing, onTyping } = useTyping(conversationId, meId);
  React.useEffect(
    () => (conversationId && visible ? showThread(conversationId) : undefined),
    [conversationId, visible],
  );
  const senderNames = conversation.data?.kind === 'support';
  const chatMessages = React.useMemo(
    () => toChatMessages(messages.items, pending, meId, { senderNames }),
    [messages.items, pending, meId, senderNames],
  );
  return {
    conversation,
    messages: chatMessages,
    isLoading: messages.isLoading || (!meId && !messages.error),
    error: messages.error,
    retryLoad: () => messages.mutate(),
    hasOlder: messages.hasOlder,
    loadingOlder: messages.loadingOlder,
    loadOlder: messages.loadOlder,
    send,
    retry,
    typing,
    onTyping,
  };
}

/* ——— Writes ——————————————————————————————————————————————————————————————— */

/** `POST /v1/conversations`: opens (or gets back) a conversation; every inbox is revalidated. */
export function useOpenConversation() {
  const { cache, mutate } = useSWRConfig();
  return React.useCallback(
    async (body: OpenConversationBody): Promise<Conversation> => {
      const conversation = await api.conversations.open(body);
      void mutate(
        endpointKey('getConversation', { params: { id: conversation.id } }),
        conversation,
        {
          revalidate: false,
        },
      );
      revalidateMatching(cache, (key) => mutate(key as never), isEndpointKey('listConversations'));
      return conversation;
    },
    [cache, mutate],
  );
}

/**
 * Support desk actions of an admin on one chat: assign to me, resolve, reopen. Each stores the
 * answered conversation and revalidates every inbox. Errors propagate (the caller toasts them).
 */
export function useSupportActions(conversationId: string | null | undefined) {
  const { cache, mutate } = useSWRConfig();
  return React.useMemo(() => {
    const apply = async (run: (id: string) => Promise<Conversation>) => {
      if (!conversationId) return;
      const conversation = await run(conversationId);
      await mutate(
        endpointKey('getConversation', { params: { id: conversationId } }),
        conversation,
        {
          revalidate: false,
        },
      );
      revalidateMatching(cache, (key) => mutate(key as never), isEndpointKey('listConversations'));
    };
    return {
      assignToMe: () => apply((id) => api.conversations.assign(id)),
      resolve: () => apply((id) => api.conversations.resolve(id)),
      reopen: () => apply((id) => api.conversations.reopen(id)),
    };
  }, [conversationId, cache, mutate]);
}
