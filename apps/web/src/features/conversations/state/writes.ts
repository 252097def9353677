import type { Conversation, OpenConversationBody } from '@vetted/contract';
import * as React from 'react';
import { useSWRConfig } from 'swr';
import { endpointKey, isEndpointKey, revalidateMatching } from '../../../lib/keys';
import { api } from '../../../lib/vetted-api';

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
