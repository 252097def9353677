import type { ChatAttachment } from '@vetted/ui';

/*
 * Messages being sent live in this small store beside the SWR cache until the server has them
 * (see `useSendMessage` in ./send.ts); components read it with `useSyncExternalStore`.
 */

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
/** The one empty list, so a thread without pending messages keeps the same snapshot. */
export const EMPTY: readonly PendingMessage[] = Object.freeze([]);
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
export function previewOf(file: File, index: number, count: number): ChatAttachment {
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
export function newKey(): string {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}
