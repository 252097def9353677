import { Button, EmptyState } from '@vetted/ui';
import { MessagesSquare } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { ConversationList } from './conversation-list';
import { ConversationsLayout } from './conversations-layout';
import { StartSupportChatDialog } from './start-support-chat-dialog';
import type { SupportListProps } from './support-view';

export interface SupportChatsViewProps extends SupportListProps {
  /** The open chat (`?c=`), or null. */
  selectedId: string | null;
  /** The open thread (ConversationThreadView). */
  thread?: React.ReactNode;
  onPageChange?: (page: number) => void;
  /** The help page (`…/messages/support`). */
  supportHref: string;
}

/**
 * `/…/messages/support/chats?c=`: every support chat of the person beside the open one (full
 * screen on mobile), with "Start a chat".
 */
export function SupportChatsView({
  data,
  isLoading,
  error,
  onRetry,
  hrefFor,
  onStart,
  selectedId,
  thread,
  onPageChange,
  supportHref,
  meId,
  now,
}: SupportChatsViewProps) {
  return (
    <ConversationsLayout
      title="Support chats"
      description="Your conversations with the Vetted support team."
      actions={
        <>
          <Button asChild variant="outline">
            <Link href={supportHref}>Help and contact</Link>
          </Button>
          <StartSupportChatDialog onStart={onStart} />
        </>
      }
      listHeading="Your support chats"
      list={
        <ConversationList
          variant="support"
          label="Your support chats"
          data={data}
          isLoading={isLoading}
          error={error}
          onRetry={onRetry}
          hrefFor={hrefFor}
          selectedId={selectedId}
          meId={meId}
          onPageChange={onPageChange}
          now={now}
          empty={
            <EmptyState
              icon={<MessagesSquare />}
              title="No support chats yet"
              description="Need help with a booking or a payment? Start a chat and the Vetted team replies here."
              className="border-none"
            />
          }
        />
      }
      selectedId={selectedId}
      thread={selectedId ? (thread ?? null) : null}
      noSelection={
        data && data.items.length > 0 ? (
          <EmptyState
            icon={<MessagesSquare />}
            title="Pick a chat"
            description="Choose a chat on the left to read the replies, or start a new one."
            className="h-[calc(100dvh-14rem)] min-h-[30rem]"
          />
        ) : null
      }
    />
  );
}
