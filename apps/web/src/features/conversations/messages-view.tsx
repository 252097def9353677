import type { Conversation, ConversationPage } from '@vetted/contract';
import { Button, EmptyState, SearchInput } from '@vetted/ui';
import { LifeBuoy, MessageSquare, MessagesSquare, SearchX } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { ConversationList } from './conversation-list';
import { ConversationsLayout } from './conversations-layout';

export interface MessagesViewProps {
  /** A customer's inbox (pros) or a pro's (customers). */
  perspective: 'customer' | 'vendor';
  data?: ConversationPage;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** The name search (`q`), as typed. */
  query: string;
  onQueryChange: (query: string) => void;
  onPageChange?: (page: number) => void;
  /** The open conversation (`?c=`), or null. */
  selectedId: string | null;
  hrefFor: (conversation: Conversation) => string;
  /** The open thread (ConversationThreadView) when `selectedId` is set. */
  thread?: React.ReactNode;
  /** The support pages. */
  supportHref: string;
  /** Where a customer finds pros to message (the empty state's button). */
  browseHref?: string;
  meId?: string;
  /** Reference time for row times (stories). */
  now?: Date;
}

/**
 * `/user/messages` and `/vendor/messages`: the inbox with a name search beside the open thread
 * (full screen on mobile). Empty states say how a conversation starts.
 */
export function MessagesView({
  perspective,
  data,
  isLoading,
  error,
  onRetry,
  query,
  onQueryChange,
  onPageChange,
  selectedId,
  hrefFor,
  thread,
  supportHref,
  browseHref,
  meId,
  now,
}: MessagesViewProps) {
  const searching = query.trim() !== '';
  const empty = searching ? (
    <EmptyState
      icon={<SearchX />}
      title="No conversations match"
      description={`Nobody called “${query.trim()}” in your messages.`}
      action={
        <Button variant="outline" onClick={() => onQueryChange('')}>
          Clear search
        </Button>
      }
    />
  ) : perspective === 'customer' ? (
    <EmptyState
      icon={<MessageSquare />}
      title="No conversations yet"
      description="To ask a pro something, open their page and press Message. Their replies show up here."
      action={
        browseHref ? (
          <Button asChild>
            <Link href={browseHref}>Browse services</Link>
          </Button>
        ) : null
      }
    />
  ) : (
    <EmptyState
      icon={<MessageSquare />}
      title="No conversations yet"
      description="When customers message you about a service or a booking, their messages show up here."
    />
  );

  return (
    <ConversationsLayout
      title="Messages"
      description={
        perspective === 'vendor'
          ? 'Conversations with your customers.'
          : 'Conversations with the pros you book.'
      }
      actions={
        <Button asChild variant="outline">
          <Link href={supportHref}>
            <LifeBuoy aria-hidden="true" /> Support
          </Link>
        </Button>
      }
      listHeading="Conversations"
      toolbar={
        <SearchInput
          aria-label="Search conversations by name"
          placeholder="Search by name"
          value={query}
          onChange={(e) => onQueryChange(e.currentTarget.value)}
          onClear={() => onQueryChange('')}
        />
      }
      list={
        <ConversationList
          variant="direct"
          label="Conversations"
          data={data}
          isLoading={isLoading}
          error={error}
          onRetry={onRetry}
          hrefFor={hrefFor}
          selectedId={selectedId}
          meId={meId}
          empty={empty}
          onPageChange={onPageChange}
          now={now}
        />
      }
      selectedId={selectedId}
      thread={selectedId ? (thread ?? null) : null}
      noSelection={
        data && data.items.length > 0 ? (
          <EmptyState
            icon={<MessagesSquare />}
            title="Pick a conversation"
            description="Choose someone on the left to read and reply."
            className="h-[calc(100dvh-14rem)] min-h-[30rem]"
          />
        ) : null
      }
    />
  );
}
