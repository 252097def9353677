import { MESSAGES } from '@vetted/api-client';
import type { Conversation, ConversationPage, Message } from '@vetted/contract';
import { Avatar, Badge, cn, Pagination, Skeleton } from '@vetted/ui';
import { ImageIcon } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { formatInboxTime } from '../../lib/format';
import { placeholders } from '../../lib/placeholders';

/**
 * What a row leads with: `direct` the counterpart (a pro or a customer) and the linked order,
 * `support` the subject of the person's own support chat, `desk` (admins) the person and the
 * subject with the assignee.
 */
export type ConversationListVariant = 'direct' | 'support' | 'desk';

export interface ConversationListProps {
  data?: ConversationPage;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  variant: ConversationListVariant;
  /** Accessible name of the list, e.g. "Conversations". */
  label: string;
  /** Where a row leads (`?c=<id>`, built with buildLink). */
  hrefFor: (conversation: Conversation) => string;
  /** The open conversation: its row is marked `aria-current`. */
  selectedId?: string | null;
  /** The signed-in user's id: their own last message reads "You: …". */
  meId?: string;
  /** Shown when the page has no conversations (search or not). */
  empty: React.ReactNode;
  onPageChange?: (page: number) => void;
  /** Reference time for the row times (stories). */
  now?: Date;
  className?: string;
}

/** One line for a message: its text, or "Sent a photo" / "Sent 2 photos". */
export function messagePreview(message: Message | null, meId?: string): string {
  if (!message) return 'No messages yet';
  const text = message.body.replace(/\s+/g, ' ').trim();
  const count = message.attachments.length;
  const content = text || (count === 1 ? 'Sent a photo' : `Sent ${count} photos`);
  return meId && message.sender.id === meId ? `You: ${content}` : content;
}

/** `Open` / `Resolved` badge of a support chat. */
export function SupportStatusBadge({ status }: { status: Conversation['status'] }) {
  return status === 'resolved' ? (
    <Badge variant="secondary">Resolved</Badge>
  ) : (
    <Badge variant="info">Open</Badge>
  );
}

/** Unread count bubble; reads "3 unread". */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      data-slot="unread-badge"
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-pill bg-primary px-1.5 text-[11px] leading-5 font-semibold text-primary-fg tabular-nums',
        className,
      )}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

/**
 * An inbox: one row per conversation (avatar, name or subject, last message, time, unread
 * count, the linked order or the support status), with loading, empty and error states and
 * pagination. The rows are links (`?c=<id>`); the open one carries `aria-current="true"`.
 */
export function ConversationList({
  data,
  isLoading,
  error,
  onRetry,
  variant,
  label,
  hrefFor,
  selectedId,
  meId,
  empty,
  onPageChange,
  now,
  className,
}: ConversationListProps) {
  if (error && !data) {
    return (
      <ErrorState
        title={MESSAGES.errorFetchingChats}
        message={error.message}
        onRetry={onRetry}
        className={className}
      />
    );
  }
  if (isLoading || !data) {
    return (
      <ul
        className={cn('flex flex-col gap-1', className)}
        aria-busy="true"
        aria-label={`Loading ${label.toLowerCase()}`}
      >
        {placeholders(5).map((id) => (
          <li key={id} className="flex gap-3 p-3">
            <Skeleton className="size-10 shrink-0 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <div className="flex justify-between gap-4">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="h-3 w-10" />
              </div>
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-24" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (data.items.length === 0) return <div className={className}>{empty}</div>;
  return (
    <div className={cn('flex flex-col gap-4', className)}>
      <ul aria-label={label} className="flex flex-col gap-1">
        {data.items.map((c) => (
          <li key={c.id}>
            <ConversationRow
              conversation={c}
              variant={variant}
              href={hrefFor(c)}
              selected={c.id === selectedId}
              meId={meId}
              now={now}
            />
          </li>
        ))}
      </ul>
      {onPageChange ? (
        <Pagination
          page={data.page}
          totalPages={data.totalPages}
          onPageChange={onPageChange}
          className="self-center"
        />
      ) : null}
    </div>
  );
}

function ConversationRow({
  conversation: c,
  variant,
  href,
  selected,
  meId,
  now,
}: {
  conversation: Conversation;
  variant: ConversationListVariant;
  href: string;
  selected: boolean;
  meId?: string;
  now?: Date;
}) {
  const unread = c.unreadCount > 0;
  const when = c.lastMessageAt ?? c.createdAt;
  const title = variant === 'support' ? (c.subject ?? 'Support chat') : c.counterpart.name;
  const photoOnly = c.lastMessage && !c.lastMessage.body.trim() && c.lastMessage.attachments.length;
  return (
    <Link
      href={href}
      data-conversation-id={c.id}
      aria-current={selected ? 'true' : undefined}
      className={cn(
        'flex gap-3 rounded-lg p-3 outline-none transition-colors duration-base',
        'hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset',
        selected && 'bg-primary-soft hover:bg-primary-soft',
      )}
    >
      <span aria-hidden="true">
        <Avatar src={c.counterpart.avatarUrl} name={c.counterpart.name} />
      </span>
      <span className="flex min-w-0 flex-1 flex-col gap-0.5">
        <span className="flex items-baseline justify-between gap-3">
          <span className={cn('truncate', unread ? 'font-semibold' : 'font-medium')}>{title}</span>
          <time dateTime={when} className="shrink-0 text-xs text-muted">
            {formatInboxTime(when, now)}
          </time>
        </span>
        {variant === 'desk' && c.subject ? (
          <span className="truncate text-sm font-medium">{c.subject}</span>
        ) : null}
        <span className="flex items-center gap-2">
          <span
            className={cn(
              'flex min-w-0 flex-1 items-center gap-1 text-sm',
              unread ? 'text-fg' : 'text-muted',
            )}
          >
            {photoOnly ? <ImageIcon aria-hidden="true" className="size-3.5 shrink-0" /> : null}
            <span className="truncate">{messagePreview(c.lastMessage, meId)}</span>
          </span>
          <UnreadBadge count={c.unreadCount} />
        </span>
        {variant === 'direct' && c.order ? (
          <span className="truncate text-xs text-muted">
            {c.order.serviceTitle} · <span className="font-mono">{c.order.reference}</span>
          </span>
        ) : null}
        {variant === 'support' ? (
          <span className="mt-1 flex">
            <SupportStatusBadge status={c.status} />
          </span>
        ) : null}
        {variant === 'desk' ? (
          <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted">
            {c.status === 'resolved' ? <SupportStatusBadge status={c.status} /> : null}
            {c.assignee ? `Assigned to ${c.assignee.name}` : 'Unassigned'}
          </span>
        ) : null}
      </span>
    </Link>
  );
}
