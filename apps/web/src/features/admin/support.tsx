import type { ConversationStatus } from '@vetted/contract';
import { buildLink, ROUTES } from '@vetted/session';
import { useSearchParams } from 'wouter';
import { CONVERSATION_PAGE_SIZE, useConversations, useSupportActions } from '../conversations';
import { useMe } from '../../lib/hooks/use-me';
import { errorMessage } from '../../lib/errors';
import { ConversationThread } from '../conversations';
import { useInboxParams } from '../conversations';
import { SupportDeskActions, SupportDeskView } from './support-view';
import { toast } from '../../lib/toast';

/** Runs a desk action, toasting its outcome; rethrows so the button (or dialog) stays usable. */
async function withToast(action: () => Promise<void>, done: string) {
  try {
    await action();
    toast.success(done);
  } catch (error) {
    toast.error(errorMessage(error));
    throw error;
  }
}

/**
 * `/admin/support?status=&mine=&q=&page=&c=`: the support desk. Open / Resolved,
 * "Assigned to me", search, and the open chat with Assign to me / Resolve / Reopen.
 */
export function AdminSupportPage() {
  const [params, setParams] = useSearchParams();
  const status: ConversationStatus = params.get('status') === 'resolved' ? 'resolved' : 'open';
  const mine = params.get('mine') === '1';
  // Row and back links keep the tab and the filter.
  const inbox = useInboxParams(
    buildLink(ROUTES.admin.support, {
      query: { status: status === 'resolved' ? status : null, mine: mine ? '1' : null },
    }),
  );
  const { data: me } = useMe();
  const list = useConversations({
    kind: 'support',
    status,
    assignee: mine ? 'me' : undefined,
    q: inbox.q || undefined,
    page: inbox.page,
    pageSize: CONVERSATION_PAGE_SIZE,
  });
  const actions = useSupportActions(inbox.selectedId);

  const setFilter = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    next.delete('page');
    setParams(next);
  };

  return (
    <SupportDeskView
      data={list.data}
      isLoading={list.isLoading}
      error={list.error}
      onRetry={() => list.mutate()}
      status={status}
      onStatusChange={(s) => setFilter({ status: s === 'resolved' ? s : null })}
      mine={mine}
      onMineChange={(m) => setFilter({ mine: m ? '1' : null })}
      query={inbox.draft}
      onQueryChange={inbox.setDraft}
      onPageChange={inbox.setPage}
      selectedId={inbox.selectedId}
      hrefFor={inbox.hrefFor}
      meId={me?.id}
      thread={
        inbox.selectedId ? (
          <ConversationThread
            key={inbox.selectedId}
            conversationId={inbox.selectedId}
            meId={me?.id}
            perspective="admin"
            backHref={inbox.backHref}
            actions={(conversation) => (
              <SupportDeskActions
                conversation={conversation}
                meId={me?.id}
                onAssignToMe={() => withToast(actions.assignToMe, 'Chat assigned to you')}
                onResolve={() => withToast(actions.resolve, 'Chat resolved')}
                onReopen={() => withToast(actions.reopen, 'Chat reopened')}
              />
            )}
          />
        ) : null
      }
    />
  );
}
