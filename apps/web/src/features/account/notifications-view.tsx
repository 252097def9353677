import { MESSAGES } from '@vetted/api-client';
import type { NotificationPage, Notification } from '@vetted/contract';
import { EmptyState, NotificationItem, Pagination, Skeleton } from '@vetted/ui';
import { BellOff } from 'lucide-react';
import { ErrorState } from '../../components/error-state';
import { placeholders } from '../../lib/placeholders';

export interface NotificationsViewProps {
  data?: NotificationPage;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  onOpen: (notification: Notification) => void;
  onPageChange?: (page: number) => void;
  /** Reference time for relative labels (stories). */
  now?: Date;
}

/** Notifications list with loading, empty and error states, and pagination. */
export function NotificationsView({
  data,
  isLoading,
  error,
  onRetry,
  onOpen,
  onPageChange,
  now,
}: NotificationsViewProps) {
  if (error && !data) {
    return (
      <ErrorState
        title={MESSAGES.errorFetchingNotifications}
        message={error.message}
        onRetry={onRetry}
      />
    );
  }
  if (isLoading || !data) {
    return (
      <ul className="flex flex-col gap-2" aria-busy="true" aria-label="Loading notifications">
        {placeholders(5).map((id) => (
          <li key={id} className="flex gap-3 p-3">
            <Skeleton className="mt-1.5 size-2 rounded-full" />
            <div className="flex flex-1 flex-col gap-2">
              <Skeleton className="h-4 w-48" />
              <Skeleton className="h-3 w-full" />
              <Skeleton className="h-3 w-20" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (data.items.length === 0) {
    return (
      <EmptyState
        icon={<BellOff />}
        title="You're all caught up"
        description="Booking updates and messages from pros will show up here."
      />
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col gap-1 rounded-lg border border-border bg-surface-raised p-2">
        {data.items.map((n) => (
          <li key={n.id}>
            <NotificationItem
              title={n.title}
              body={n.body}
              createdAt={n.createdAt}
              read={n.readAt !== null}
              href={n.link ?? undefined}
              onClick={() => onOpen(n)}
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
