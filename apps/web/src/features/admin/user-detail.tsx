import type { AdminReasonBody } from '@vetted/contract';
import { Container } from '@vetted/ui';
import { useParams } from 'wouter';
import { useAdminUser, useUserDecisions } from './use-admin-users';
import { useMe } from '../../lib/hooks/use-me';
import { toast } from '../../lib/toast';
import { AdminUserDetailView } from './user-detail-view';

/**
 * `/admin/users/:id`: one person, suspend (ends every session) or reinstate; see
 * `AdminUserDetailView`. A decision stores the answered user, revalidates the lists and is
 * confirmed by a toast; a failed one stays in its dialog.
 */
export function AdminUserDetailPage() {
  const { id } = useParams<{ id: string }>();
  const { data: me } = useMe();
  const person = useAdminUser(id);
  const decide = useUserDecisions(id);
  const name = person.data?.fullName ?? 'The user';
  return (
    <Container>
      <AdminUserDetailView
        user={person.data}
        isLoading={person.isLoading}
        error={person.error}
        onRetry={() => person.mutate()}
        meId={me?.id}
        onSuspend={async (body: AdminReasonBody) => {
          await decide.suspend(body);
          toast.success(`${name} is suspended and signed out everywhere`);
        }}
        onReinstate={async () => {
          await decide.reinstate();
          toast.success(`${name} is reinstated and can sign in again`);
        }}
      />
    </Container>
  );
}
