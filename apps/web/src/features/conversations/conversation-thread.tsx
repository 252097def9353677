import type { Conversation } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import type * as React from 'react';
import { useConversationThread } from './state';
import { ConversationThreadView } from './conversation-thread-view';

export interface ConversationThreadProps {
  conversationId: string;
  /** The signed-in user's id (`useMe`). */
  meId: string | undefined;
  perspective: 'customer' | 'vendor' | 'admin';
  /** The inbox, for the mobile back button. */
  backHref: string;
  /** Desk buttons for admins (given the loaded conversation). */
  actions?: (conversation: Conversation) => React.ReactNode;
}

/**
 * One live thread (features/conversations/state/thread.ts `useConversationThread`) on screen: links to the
 * pro's page (customers) and to the linked order's page.
 */
export function ConversationThread({
  conversationId,
  meId,
  perspective,
  backHref,
  actions,
}: ConversationThreadProps) {
  const thread = useConversationThread(conversationId, meId);
  const conversation = thread.conversation.data;
  const support = conversation?.kind === 'support';
  const vendorId = conversation?.counterpart.vendorId;
  const order = conversation?.order;
  return (
    <ConversationThreadView
      conversation={conversation}
      messages={thread.messages}
      isLoading={thread.isLoading || thread.conversation.isLoading}
      error={thread.conversation.error ?? thread.error}
      onRetryLoad={() => {
        void thread.conversation.mutate();
        void thread.retryLoad();
      }}
      onSend={thread.send}
      onRetry={thread.retry}
      onTyping={thread.onTyping}
      typing={thread.typing}
      hasOlder={thread.hasOlder}
      loadingOlder={thread.loadingOlder}
      onLoadOlder={() => void thread.loadOlder()}
      perspective={perspective}
      backHref={backHref}
      counterpartHref={
        perspective === 'customer' && !support && vendorId
          ? buildLink(ROUTES.user.vendor, { params: { id: vendorId } })
          : null
      }
      orderHref={
        order && perspective !== 'admin'
          ? buildLink(
              perspective === 'vendor' ? ROUTES.vendor.historyOrder : ROUTES.user.historyOrder,
              { query: { id: order.id } },
            )
          : null
      }
      actions={conversation && actions ? actions(conversation) : undefined}
    />
  );
}
