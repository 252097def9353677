import { MESSAGES } from '@vetted/api-client';
import { Button, Card, Container, PageHeader, ThemeToggle, useTheme } from '@vetted/ui';
import { LogOut } from 'lucide-react';
import { LogoutDialog } from '../../components/logout-dialog';
import { useMe } from '../../hooks/use-me';
import { api } from '../../lib/vetted-api';
import { errorMessage } from '../../lib/errors';
import { ProfileView } from './profile-view';
import { toast } from '../../lib/toast';

/** `/user/profile` and `/vendor/profile`: edit name and phone, theme, log out. */
export function ProfilePage() {
  const { data, error, isLoading, mutate } = useMe();
  const { theme } = useTheme();
  return (
    <Container size="md" className="flex flex-col gap-6">
      <PageHeader title="Profile" description="Your details and preferences." />
      <ProfileView
        me={data}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        onSave={async (values) => {
          try {
            const updated = await api.me.update(values);
            await mutate(updated, { revalidate: false });
            toast.success('Profile updated');
          } catch (err) {
            toast.error(MESSAGES.errorUpdatingProfile, { description: errorMessage(err) });
            throw err;
          }
        }}
      />
      <Card>
        <h2 className="text-lg font-semibold">Preferences</h2>
        <div className="flex items-center justify-between gap-4">
          <div>
            <p className="font-medium">Appearance</p>
            <p className="text-sm text-muted">{theme === 'dark' ? 'Dark' : 'Light'} theme</p>
          </div>
          <ThemeToggle variant="outline" />
        </div>
      </Card>
      <Card>
        <h2 className="text-lg font-semibold">Session</h2>
        <div className="flex items-center justify-between gap-4">
          <p className="text-sm text-muted">Sign out of Vetted on this device.</p>
          <LogoutDialog
            trigger={
              <Button variant="outline">
                <LogOut aria-hidden="true" /> Log out
              </Button>
            }
          />
        </div>
      </Card>
    </Container>
  );
}
