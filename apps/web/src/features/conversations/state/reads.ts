import type {
  ConversationKind,
  ConversationListQuery,
  Message,
  MessagePage,
} from '@vetted/contract';
import * as React from 'react';
import useSWRInfinite from 'swr/infinite';
import { endpointKey } from '../../../lib/keys';
import { useEndpoint } from '../../../lib/use-endpoint';

/*
 * Conversations (customer ↔ pro messages and support chats), the reads. They go through SWR
 * (keys named by the contract's endpoints, lib/keys.ts); the socket (lib/hooks/use-realtime.ts)
 * revalidates them when a message, a read receipt or a status change arrives.
 */

/** Conversations per page of an inbox. */
export const CONVERSATION_PAGE_SIZE = 20;
/** Messages per page of a thread (the API's default `limit`). */
export const MESSAGE_PAGE_SIZE = 30;

/** Query of one inbox page: `undefined`/'' values are left out of the key. */
function listQuery(query: ConversationListQuery): Record<string, unknown> {
  const q: Record<string, unknown> = {
    page: query.page ?? 1,
    pageSize: query.pageSize ?? CONVERSATION_PAGE_SIZE,
  };
  if (query.kind) q.kind = query.kind;
  if (query.status) q.status = query.status;
  if (query.assignee) q.assignee = query.assignee;
  const search = query.q?.trim();
  if (search) q.q = search;
  return q;
}

/** `GET /v1/conversations` — one inbox page (newest activity first). Pass null to skip. */
export function useConversations(query: ConversationListQuery | null) {
  return useEndpoint('listConversations', query ? { query: listQuery(query) } : null, {
    keepPreviousData: true,
  });
}

/**
 * Unread messages of every conversation of `kind` for a nav badge (`unreadTotal` of a one-item
 * page). Message frames revalidate it at once; the minute poll covers a socket that is down.
 */
export function useConversationUnreadTotal(kind: ConversationKind, enabled = true): number {
  const { data } = useEndpoint(
    'listConversations',
    enabled ? { query: { kind, page: 1, pageSize: 1 } } : null,
    { refreshInterval: 60_000 },
  );
  return data?.unreadTotal ?? 0;
}

/** `GET /v1/conversations/:id` — one conversation (counterpart, order, status, unread). */
export function useConversation(id: string | null | undefined) {
  return useEndpoint('getConversation', id ? { params: { id } } : null);
}

/** The `useSWRInfinite` page key of a thread: the newest page, then older by `nextCursor`. */
export function messagePageKey(id: string) {
  return (index: number, previous: MessagePage | null) => {
    if (previous && !previous.nextCursor) return null;
    const query: Record<string, unknown> = { limit: MESSAGE_PAGE_SIZE };
    if (index > 0 && previous?.nextCursor) query.before = previous.nextCursor;
    return endpointKey('listMessages', { params: { id }, query });
  };
}

/**
 * Pages of a thread (newest page first, each page oldest → newest) as one list, oldest →
 * newest, each message once (a page boundary may shift while new messages arrive).
 */
export function flattenPages(pages: readonly MessagePage[] | undefined): Message[] {
  if (!pages) return [];
  const seen = new Set<string>();
  const out: Message[] = [];
  for (let i = pages.length - 1; i >= 0; i--) {
    for (const m of pages[i]?.items ?? []) {
      if (seen.has(m.id)) continue;
      seen.add(m.id);
      out.push(m);
    }
  }
  return out;
}

/**
 * `GET /v1/conversations/:id/messages` with `useSWRInfinite`: `items` oldest → newest,
 * `loadOlder()` fetches the page before the oldest one while `hasOlder`.
 */
export function useMessages(id: string | null | undefined) {
  const swr = useSWRInfinite<MessagePage>(id ? messagePageKey(id) : () => null, {
    revalidateFirstPage: true,
  });
  const { data, size, setSize, isLoading, isValidating, error, mutate } = swr;
  const items = React.useMemo(() => flattenPages(data), [data]);
  const last = data?.[data.length - 1];
  return {
    items,
    /** Pages loaded so far (undefined until the first arrives). */
    pages: data,
    isLoading,
    error: error as Error | undefined,
    hasOlder: Boolean(last?.nextCursor),
    loadingOlder: isValidating && data !== undefined && size > data.length,
    loadOlder: () => setSize(size + 1),
    mutate,
  };
}
