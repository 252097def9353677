import { Container } from '@vetted/ui';
import { useAuditLog } from './use-audit-log';
import { AdminAuditView } from './audit-view';
import { useListParams } from './list-params';

/**
 * `/admin/audit?subject=&page=`: every admin decision, newest first; `subject` (a
 * vendor, user, order or payment id) narrows it to one. See `AdminAuditView`.
 */
export function AdminAuditPage() {
  const list = useListParams();
  const subjectId = list.filter('subject');
  const log = useAuditLog({ subjectId: subjectId ?? undefined, page: list.page });
  return (
    <Container>
      <AdminAuditView
        data={log.data}
        isLoading={log.isLoading}
        error={log.error}
        onRetry={() => log.mutate()}
        onPageChange={list.setPage}
        subjectId={subjectId}
        onClearSubject={() => list.setFilters({ subject: null })}
      />
    </Container>
  );
}
