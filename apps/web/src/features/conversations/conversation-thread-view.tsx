import { MESSAGES } from '@vetted/api-client';
import { type Conversation, MESSAGE_MAX_ATTACHMENTS } from '@vetted/contract';
import {
  Avatar,
  Button,
  ChatThread,
  type ChatMessage,
  MAX_IMAGE_BYTES,
  Skeleton,
} from '@vetted/ui';
import { ChevronLeft, Info, Receipt } from 'lucide-react';
import type * as React from 'react';
import { Link } from 'wouter';
import { ErrorState } from '../../components/error-state';
import { SupportStatusBadge } from './conversation-list';

export interface ConversationThreadViewProps {
  /** The conversation (header); undefined while it loads. */
  conversation?: Conversation;
  /** Messages for ChatThread (server ones and the ones being sent), oldest first. */
  messages: ChatMessage[];
  /** The first page of messages (or the conversation) is loading. */
  isLoading?: boolean;
  /** Loading the thread failed and nothing is cached. */
  error?: Error | null;
  onRetryLoad?: () => void;
  /** Called with the trimmed text and the chosen images. */
  onSend: (body: string, files: File[]) => void;
  /** Sends a failed message again (same Idempotency-Key). */
  onRetry?: (id: string) => void;
  /** Called while the person types (the page throttles the POSTs). */
  onTyping?: () => void;
  /** Name of the other person typing, or null. */
  typing?: string | null;
  hasOlder?: boolean;
  loadingOlder?: boolean;
  onLoadOlder?: () => void;
  /** Who looks: a customer, a pro, or a support agent (admin). */
  perspective: 'customer' | 'vendor' | 'admin';
  /** The inbox (the mobile back button). */
  backHref: string;
  /** The counterpart's page (a pro's public page, for customers); plain text when null. */
  counterpartHref?: string | null;
  /** The linked order's page; plain text when null. */
  orderHref?: string | null;
  /** Buttons in the header (the support desk's Assign / Resolve / Reopen). */
  actions?: React.ReactNode;
  /** id of the thread heading (`<h2>`), which takes focus when a thread opens on mobile. */
  headingId?: string;
  /** Time zone of message times; the browser's when omitted (stories pass one). */
  timeZone?: string;
}

/**
 * One conversation: a header (back button on mobile, counterpart with a link to their page,
 * the linked order or the support subject and status, actions) over the ChatThread (paging back,
 * images with upload progress, sending/failed/retry, typing). Resolved support chats say that a
 * reply reopens them (customers and pros) or offer Reopen (admins).
 */
export function ConversationThreadView({
  conversation,
  messages,
  isLoading,
  error,
  onRetryLoad,
  onSend,
  onRetry,
  onTyping,
  typing,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  perspective,
  backHref,
  counterpartHref,
  orderHref,
  actions,
  headingId = 'thread-heading',
  timeZone,
}: ConversationThreadViewProps) {
  const header = (
    <ThreadHeader
      conversation={conversation}
      perspective={perspective}
      backHref={backHref}
      counterpartHref={counterpartHref}
      orderHref={orderHref}
      actions={actions}
      headingId={headingId}
    />
  );

  if ((error && messages.length === 0) || isLoading || !conversation) {
    return (
      <section
        aria-labelledby={headingId}
        className="flex h-full flex-col overflow-hidden rounded-lg border border-border bg-surface"
      >
        {/* The same frame as ChatThread's header slot. */}
        <div className="shrink-0 border-b border-border px-4 py-3">{header}</div>
        {error && messages.length === 0 ? (
          <ErrorState
            title={MESSAGES.errorFetchingChats}
            message={error.message}
            onRetry={onRetryLoad}
            className="m-4"
          />
        ) : (
          <div
            role="status"
            aria-busy="true"
            aria-label="Loading messages"
            className="flex flex-1 flex-col gap-4 p-4"
          >
            <Skeleton className="h-10 w-2/3 self-start rounded-lg" />
            <Skeleton className="h-10 w-1/2 self-end rounded-lg" />
            <Skeleton className="h-16 w-3/5 self-start rounded-lg" />
            <Skeleton className="h-10 w-2/5 self-end rounded-lg" />
          </div>
        )}
      </section>
    );
  }

  const support = conversation.kind === 'support';
  const resolved = support && conversation.status === 'resolved';
  return (
    <section aria-labelledby={headingId} className="flex h-full min-h-0 flex-col">
      <ChatThread
        className="h-full min-h-0"
        header={header}
        messages={messages}
        onSend={onSend}
        onRetry={onRetry}
        onTyping={onTyping}
        typing={typing ?? null}
        hasOlder={hasOlder}
        loadingOlder={loadingOlder}
        onLoadOlder={onLoadOlder}
        allowAttachments
        maxAttachments={MESSAGE_MAX_ATTACHMENTS}
        maxImageBytes={MAX_IMAGE_BYTES}
        label={`Messages with ${conversation.counterpart.name}`}
        emptyText={
          support
            ? perspective === 'admin'
              ? 'No messages yet.'
              : 'Tell us what you need help with. We usually reply within a few hours.'
            : `No messages yet. Say hello to ${conversation.counterpart.name}!`
        }
        placeholder={
          resolved && perspective !== 'admin' ? 'Reply to reopen this chat…' : 'Write a message…'
        }
        timeZone={timeZone}
      />
    </section>
  );
}

function ThreadHeader({
  conversation: c,
  perspective,
  backHref,
  counterpartHref,
  orderHref,
  actions,
  headingId,
}: Pick<
  ConversationThreadViewProps,
  'conversation' | 'perspective' | 'backHref' | 'counterpartHref' | 'orderHref' | 'actions'
> & { headingId: string }) {
  const support = c?.kind === 'support';
  const resolved = support && c?.status === 'resolved';
  // The support desk leads with the person; everyone else with the counterpart.
  const name = c?.counterpart.name;
  return (
    <div data-slot="thread-header" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Button asChild variant="ghost" size="icon" className="-ml-2 shrink-0 lg:hidden">
          <Link href={backHref} aria-label="Back to conversations">
            <ChevronLeft aria-hidden="true" />
          </Link>
        </Button>
        {c ? (
          <span aria-hidden="true">
            <Avatar src={c.counterpart.avatarUrl} name={c.counterpart.name} />
          </span>
        ) : (
          <Skeleton className="size-10 shrink-0 rounded-full" />
        )}
        <div className="flex min-w-0 flex-1 basis-40 flex-col gap-0.5">
          <h2
            id={headingId}
            tabIndex={-1}
            // No `truncate` here: its overflow clip would cut the focus ring of the name's link.
            className="text-base leading-snug font-semibold break-words outline-none"
          >
            {!c ? (
              <span className="sr-only">Loading conversation</span>
            ) : counterpartHref ? (
              <Link
                href={counterpartHref}
                className="rounded-xs text-fg underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
              >
                {name}
              </Link>
            ) : (
              name
            )}
          </h2>
          {c && support ? (
            <p className="flex min-w-0 flex-wrap items-center gap-2 text-sm text-muted">
              <span className="truncate">{c.subject}</span>
              <SupportStatusBadge status={c.status} />
              {perspective === 'admin' ? (
                <span>{c.assignee ? `Assigned to ${c.assignee.name}` : 'Unassigned'}</span>
              ) : null}
            </p>
          ) : c?.order ? (
            <p className="flex min-w-0 items-center gap-1.5 text-sm text-muted">
              <Receipt aria-hidden="true" className="size-4 shrink-0" />
              {orderHref ? (
                <Link
                  href={orderHref}
                  className="truncate rounded-xs text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {c.order.serviceTitle} · {c.order.reference}
                </Link>
              ) : (
                <span className="truncate">
                  {c.order.serviceTitle} · {c.order.reference}
                </span>
              )}
            </p>
          ) : null}
        </div>
        {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
      </div>
      {resolved ? (
        <p className="flex items-start gap-2 rounded-md bg-surface-muted px-3 py-2 text-sm">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-link" />
          {perspective === 'admin'
            ? 'This chat is resolved. Reopen it to handle it again.'
            : 'This chat is resolved. Replying reopens it.'}
        </p>
      ) : null}
    </div>
  );
}
