import type { Message, MessagePage } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { unstable_serialize } from 'swr/infinite';
import { errorMessage } from '../../../lib/errors';
import { endpointKey, isEndpointKey, revalidateMatching } from '../../../lib/keys';
import { uploadMessage } from '../../../lib/upload';
import { api } from '../../../lib/vetted-api';
import { EMPTY, newKey, type PendingMessage, pendingMessages, previewOf } from './pending-store';
import { messagePageKey } from './reads';

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
export function usePrunePending(
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
