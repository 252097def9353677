import * as React from 'react';
import { showThread } from '../../../lib/typing';
import { useMarkRead } from './read-receipts';
import { useConversation, useMessages } from './reads';
import { usePrunePending, useSendMessage } from './send';
import { useTyping } from './typing';
import { toChatMessages } from './view';

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
