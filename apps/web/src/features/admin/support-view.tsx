import type { Conversation, ConversationPage, ConversationStatus } from '@vetted/contract';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  Label,
  SearchInput,
  Switch,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@vetted/ui';
import { CheckCircle2, Inbox, RotateCcw, SearchX, UserCheck } from 'lucide-react';
import * as React from 'react';
import { ConversationList } from '../conversations';
import { ConversationsLayout } from '../conversations';

export interface SupportDeskViewProps {
  data?: ConversationPage;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** The tab: open or resolved chats. */
  status: ConversationStatus;
  onStatusChange: (status: ConversationStatus) => void;
  /** "Assigned to me" filter. */
  mine: boolean;
  onMineChange: (mine: boolean) => void;
  /** Search by the person's name or the subject. */
  query: string;
  onQueryChange: (query: string) => void;
  onPageChange?: (page: number) => void;
  /** The open chat (`?c=`), or null. */
  selectedId: string | null;
  hrefFor: (conversation: Conversation) => string;
  /** The open thread (ConversationThreadView with SupportDeskActions). */
  thread?: React.ReactNode;
  meId?: string;
  /** Reference time for row times (stories). */
  now?: Date;
}

const TAB_LABEL: Record<ConversationStatus, string> = { open: 'Open', resolved: 'Resolved' };

/**
 * `/admin/support`: the support desk. Open / Resolved tabs, an "Assigned to me" filter and a
 * search over the chats (person, subject, last message, unread), beside the open chat.
 */
export function SupportDeskView({
  data,
  isLoading,
  error,
  onRetry,
  status,
  onStatusChange,
  mine,
  onMineChange,
  query,
  onQueryChange,
  onPageChange,
  selectedId,
  hrefFor,
  thread,
  meId,
  now,
}: SupportDeskViewProps) {
  const switchId = React.useId();
  const filtered = mine || query.trim() !== '';
  const empty = filtered ? (
    <EmptyState
      icon={<SearchX />}
      title="No chats match"
      description={
        mine
          ? `No ${status} chats are assigned to you${query.trim() ? ` matching “${query.trim()}”` : ''}.`
          : `No ${status} chats match “${query.trim()}”.`
      }
      className="border-none"
    />
  ) : (
    <EmptyState
      icon={<Inbox />}
      title={status === 'open' ? 'No open chats' : 'No resolved chats yet'}
      description={
        status === 'open'
          ? 'All caught up. New support chats from customers and pros show up here.'
          : 'Chats you resolve move here.'
      }
      className="border-none"
    />
  );
  return (
    <ConversationsLayout
      title="Support"
      description="Chats with customers and pros."
      listHeading="Support chats"
      list={
        <Tabs
          value={status}
          onValueChange={(value) => onStatusChange(value as ConversationStatus)}
          className="gap-3"
        >
          <div className="flex flex-col gap-3 p-1">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <TabsList aria-label="Chat status">
                <TabsTrigger value="open">{TAB_LABEL.open}</TabsTrigger>
                <TabsTrigger value="resolved">{TAB_LABEL.resolved}</TabsTrigger>
              </TabsList>
              <div className="flex items-center gap-2">
                <Switch id={switchId} checked={mine} onCheckedChange={onMineChange} />
                <Label htmlFor={switchId}>Assigned to me</Label>
              </div>
            </div>
            <SearchInput
              aria-label="Search chats by name or subject"
              placeholder="Search by name or subject"
              value={query}
              onChange={(e) => onQueryChange(e.currentTarget.value)}
              onClear={() => onQueryChange('')}
            />
          </div>
          {(['open', 'resolved'] as const).map((value) => (
            <TabsContent key={value} value={value} tabIndex={-1}>
              {value === status ? (
                <ConversationList
                  variant="desk"
                  label={`${TAB_LABEL[value]} chats`}
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
              ) : null}
            </TabsContent>
          ))}
        </Tabs>
      }
      selectedId={selectedId}
      thread={selectedId ? (thread ?? null) : null}
      noSelection={
        data && data.items.length > 0 ? (
          <EmptyState
            icon={<Inbox />}
            title="Pick a chat"
            description="Choose a chat on the left to read it, reply, assign it or resolve it."
            className="h-[calc(100dvh-14rem)] min-h-[30rem]"
          />
        ) : null
      }
    />
  );
}

export interface SupportDeskActionsProps {
  conversation: Conversation;
  meId?: string;
  /** Each returns a promise; a rejection keeps the button usable (the page toasts the error). */
  onAssignToMe: () => Promise<void>;
  onResolve: () => Promise<void>;
  onReopen: () => Promise<void>;
}

/** The thread header's desk buttons: Assign to me, Resolve (confirmed first), Reopen. */
export function SupportDeskActions({
  conversation,
  meId,
  onAssignToMe,
  onResolve,
  onReopen,
}: SupportDeskActionsProps) {
  const [busy, setBusy] = React.useState<'assign' | 'reopen' | null>(null);
  const run = async (which: 'assign' | 'reopen', action: () => Promise<void>) => {
    setBusy(which);
    try {
      await action();
    } catch {
      // Reported by the page.
    } finally {
      setBusy(null);
    }
  };
  const assignedToMe = meId !== undefined && conversation.assignee?.id === meId;
  return (
    <>
      {!assignedToMe ? (
        <Button
          variant="outline"
          size="sm"
          loading={busy === 'assign'}
          onClick={() => run('assign', onAssignToMe)}
        >
          <UserCheck aria-hidden="true" /> Assign to me
        </Button>
      ) : null}
      {conversation.status === 'open' ? (
        <ConfirmDialog
          trigger={
            <Button size="sm">
              <CheckCircle2 aria-hidden="true" /> Resolve
            </Button>
          }
          title="Resolve this chat?"
          description={`It moves to Resolved. If ${conversation.counterpart.name} replies, it opens again.`}
          confirmLabel="Resolve"
          onConfirm={onResolve}
        />
      ) : (
        <Button
          variant="outline"
          size="sm"
          loading={busy === 'reopen'}
          onClick={() => run('reopen', onReopen)}
        >
          <RotateCcw aria-hidden="true" /> Reopen
        </Button>
      )}
    </>
  );
}
