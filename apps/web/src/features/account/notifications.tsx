import { MESSAGES } from '@vetted/api-client';
import { Button, Container, PageHeader } from '@vetted/ui';
import { CheckCheck } from 'lucide-react';
import * as React from 'react';
import { useSearchParams } from 'wouter';
import { useNotificationActions, useNotifications } from './use-notifications';
import { errorMessage } from '../../lib/errors';
import { NotificationsView } from './notifications-view';
import { toast } from '../../lib/toast';

/** `/user/notification` and `/vendor/notification`. */
export function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const { data, error, isLoading, mutate } = useNotifications(page, 10);
  const { markRead, markAllRead } = useNotificationActions();
  const [marking, setMarking] = React.useState(false);

  return (
    <Container size="md" className="flex flex-col gap-6">
      <PageHeader
        title="Notifications"
        description={data ? `${data.unreadCount} unread` : undefined}
        actions={
          <Button
            variant="outline"
            disabled={!data || data.unreadCount === 0}
            loading={marking}
            onClick={async () => {
              setMarking(true);
              try {
                await markAllRead();
                toast.success('All notifications marked as read');
              } catch (err) {
                toast.error(errorMessage(err, MESSAGES.errorFetchingNotifications));
              } finally {
                setMarking(false);
              }
            }}
          >
            <CheckCheck aria-hidden="true" />
            Mark all as read
          </Button>
        }
      />
      <NotificationsView
        data={data}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        onPageChange={(p) => setParams({ page: String(p) })}
        onOpen={(n) => {
          if (n.readAt === null) {
            markRead(n.id).catch((err) => toast.error(errorMessage(err)));
          }
        }}
      />
    </Container>
  );
}
