import type { Conversation, ConversationKind, ConversationListQuery } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import * as React from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { CONVERSATION_PAGE_SIZE, useConversations, useOpenConversation } from './state';
import { useMe } from '../../lib/hooks/use-me';
import { ConversationThread } from './conversation-thread';
import { MessagesView } from './messages-view';
import { SupportChatsView } from './support-chats-view';
import { SupportView } from './support-view';

/** Wait after the last keystroke before the name search asks the API, in ms. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The area of the current path: the customer's or the pro's. */
function useArea(): 'customer' | 'vendor' {
  const [location] = useLocation();
  return location.startsWith('/vendor') ? 'vendor' : 'customer';
}

/**
 * The URL state of an inbox: `c` (open conversation), `q` (search, debounced into the URL) and
 * `page`. Links keep `q` and `page`, so the back button returns to the same list.
 */
export function useInboxParams(path: string) {
  const [params, setParams] = useSearchParams();
  const selectedId = params.get('c');
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = React.useState(q);
  const written = React.useRef(q);

  // Follow the URL when it changes from outside (back/forward, a notification link), not when
  // it catches up with what is being typed.
  React.useEffect(() => {
    if (q !== written.current) {
      written.current = q;
      setDraft(q);
    }
  }, [q]);

  React.useEffect(() => {
    if (draft.trim() === q.trim()) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams(params);
      written.current = draft.trim();
      if (draft.trim()) next.set('q', draft.trim());
      else next.delete('q');
      next.delete('page');
      setParams(next, { replace: true });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, q, params, setParams]);

  const listQuery = { q: q || null, page: page > 1 ? page : null };
  return {
    selectedId,
    q,
    page,
    draft,
    setDraft,
    setPage: (p: number) => {
      const next = new URLSearchParams(params);
      next.set('page', String(p));
      setParams(next);
    },
    hrefFor: (c: Conversation) => buildLink(path, { query: { ...listQuery, c: c.id } }),
    backHref: buildLink(path, { query: listQuery }),
  };
}

function inboxQuery(
  kind: ConversationKind,
  inbox: { q: string; page: number },
): ConversationListQuery {
  return { kind, q: inbox.q || undefined, page: inbox.page, pageSize: CONVERSATION_PAGE_SIZE };
}

/** `/user/messages`, `/vendor/messages`: the inbox of direct conversations and the open one. */
export function MessagesPage() {
  const area = useArea();
  const routes = area === 'vendor' ? ROUTES.vendor : ROUTES.user;
  const inbox = useInboxParams(routes.messages);
  const { data: me } = useMe();
  const list = useConversations(inboxQuery('direct', inbox));
  return (
    <MessagesView
      perspective={area}
      data={list.data}
      isLoading={list.isLoading}
      error={list.error}
      onRetry={() => list.mutate()}
      query={inbox.draft}
      onQueryChange={inbox.setDraft}
      onPageChange={inbox.setPage}
      selectedId={inbox.selectedId}
      hrefFor={inbox.hrefFor}
      meId={me?.id}
      supportHref={routes.messagesSupport}
      browseHref={area === 'customer' ? ROUTES.user.services : undefined}
      thread={
        inbox.selectedId ? (
          <ConversationThread
            key={inbox.selectedId}
            conversationId={inbox.selectedId}
            meId={me?.id}
            perspective={area}
            backHref={inbox.backHref}
          />
        ) : null
      }
    />
  );
}

/** Opens a support chat with `subject` and goes to it (`…/messages/support/chats?c=`). */
function useStartSupportChat(chatsPath: string) {
  const open = useOpenConversation();
  const [, navigate] = useLocation();
  return async (subject: string) => {
    const conversation = await open({ kind: 'support', subject });
    navigate(buildLink(chatsPath, { query: { c: conversation.id } }));
  };
}

/** How many support chats the help page lists before "See all". */
const SUPPORT_PREVIEW_SIZE = 5;

/** `/…/messages/support`: the person's latest support chats, "Start a chat", contact and FAQ. */
export function SupportMessagesPage() {
  const area = useArea();
  const routes = area === 'vendor' ? ROUTES.vendor : ROUTES.user;
  const { data: me } = useMe();
  const list = useConversations({ kind: 'support', page: 1, pageSize: SUPPORT_PREVIEW_SIZE });
  const onStart = useStartSupportChat(routes.messagesSupportChats);
  return (
    <SupportView
      data={list.data}
      isLoading={list.isLoading}
      error={list.error}
      onRetry={() => list.mutate()}
      hrefFor={(c) => buildLink(routes.messagesSupportChats, { query: { c: c.id } })}
      onStart={onStart}
      chatsHref={routes.messagesSupportChats}
      meId={me?.id}
    />
  );
}

/** `/…/messages/support/chats?c=`: every support chat of the person and the open one. */
export function SupportChatsPage() {
  const area = useArea();
  const routes = area === 'vendor' ? ROUTES.vendor : ROUTES.user;
  const inbox = useInboxParams(routes.messagesSupportChats);
  const { data: me } = useMe();
  const list = useConversations(inboxQuery('support', inbox));
  const onStart = useStartSupportChat(routes.messagesSupportChats);
  return (
    <SupportChatsView
      data={list.data}
      isLoading={list.isLoading}
      error={list.error}
      onRetry={() => list.mutate()}
      hrefFor={inbox.hrefFor}
      onStart={onStart}
      selectedId={inbox.selectedId}
      onPageChange={inbox.setPage}
      supportHref={routes.messagesSupport}
      meId={me?.id}
      thread={
        inbox.selectedId ? (
          <ConversationThread
            key={inbox.selectedId}
            conversationId={inbox.selectedId}
            meId={me?.id}
            perspective={area}
            backHref={inbox.backHref}
          />
        ) : null
      }
    />
  );
}
