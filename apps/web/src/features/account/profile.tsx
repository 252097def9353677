import { MESSAGES } from '@vetted/api-client';
import { Button, Card, Container, PageHeader, ThemeToggle, useTheme } from '@vetted/ui';
import { LogOut } from 'lucide-react';
import { useLocation } from 'wouter';
import { LogoutDialog } from '../../components/logout-dialog';
import { useMe } from '../../lib/hooks/use-me';
import { useNotificationPreferences } from './use-notification-preferences';
import { downloadJson } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useEndpointMutation } from '../../lib/use-endpoint';
import { api } from '../../lib/vetted-api';
import { AvatarEditorView } from './avatar-editor-view';
import { DataExportView } from './data-export-view';
import { DeleteAccountView } from './delete-account-view';
import { EmailChangeDialog } from './email-change-dialog';
import { NotificationPreferencesView } from './notification-preferences-view';
import { PasswordChangeView } from './password-change-view';
import { PushDeviceView } from './push-device-view';
import { usePushDevice } from './use-push-device';
import { ProfileView } from './profile-view';

/**
 * `/user/profile` and `/vendor/profile`: name and phone, photo, email and password
 * changes, notification settings, theme, data download, log out and account deletion.
 */
export function ProfilePage() {
  const { data, error, isLoading, mutate } = useMe();
  // Each write answers the whole account: stored as `GET /v1/me`'s data, no refetch needed.
  const { trigger: writeMe } = useEndpointMutation(
    'getMe',
    {},
    {
      populateCache: true,
      revalidate: false,
    },
  );
  const prefs = useNotificationPreferences();
  const pushDevice = usePushDevice();
  const { theme } = useTheme();
  const { signOut } = useSession();
  const [, navigate] = useLocation();

  return (
    <Container size="md" className="flex flex-col gap-6">
      <PageHeader title="Profile" description="Your details, sign-in and preferences." />
      <ProfileView
        me={data}
        isLoading={isLoading}
        error={error}
        onRetry={() => mutate()}
        onSave={async (values) => {
          try {
            await writeMe(() => api.me.update(values));
            toast.success('Profile updated');
          } catch (err) {
            toast.error(MESSAGES.errorUpdatingProfile, { description: errorMessage(err) });
            throw err;
          }
        }}
        avatarEditor={
          data ? (
            <AvatarEditorView
              name={data.fullName}
              avatarUrl={data.avatarUrl}
              onUpload={async (file) => {
                await writeMe(() => api.me.uploadAvatar(file));
                toast.success('Photo updated');
              }}
              onRemove={async () => {
                await writeMe(() => api.me.deleteAvatar());
                toast.success('Photo removed');
              }}
            />
          ) : null
        }
        emailAction={
          data ? (
            <EmailChangeDialog
              currentEmail={data.email}
              onRequestCode={(values) => api.me.changeEmail(values)}
              onResend={(challengeId) => api.auth.resendOtp({ challengeId })}
              onVerify={async (values) => {
                const updated = await writeMe(() => api.me.verifyEmailChange(values));
                toast.success(`Your email is now ${updated.email}`);
              }}
            />
          ) : null
        }
      />
      <PasswordChangeView onChangePassword={(values) => api.me.changePassword(values)} />
      <NotificationPreferencesView
        data={prefs.data}
        isLoading={prefs.isLoading}
        error={prefs.error}
        onRetry={() => prefs.mutate()}
        onToggle={(kind, channel, on) => {
          prefs.set(kind, channel, on).catch((err: unknown) => {
            toast.error('Your notification setting was not saved', {
              description: errorMessage(err),
            });
          });
        }}
        device={
          <PushDeviceView
            state={pushDevice.state}
            busy={pushDevice.busy}
            error={pushDevice.error}
            onTurnOn={pushDevice.turnOn}
            onTurnOff={pushDevice.turnOff}
          />
        }
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
      <DataExportView
        onDownload={async () => {
          const exported = await api.me.exportData();
          // The name the API's Content-Disposition gives it (users/policy.ts exportFileName).
          downloadJson(exported, `vetted-data-${exported.exportedAt.slice(0, 10)}.json`);
        }}
      />
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
      {data ? (
        <DeleteAccountView
          role={data.role}
          onRequestCode={(values) => api.me.requestDeletion(values)}
          onResend={(challengeId) => api.auth.resendOtp({ challengeId })}
          onConfirm={async (values) => {
            await api.me.confirmDeletion(values);
            // The server ended every session; drop this one here too, then leave.
            await signOut().catch(() => undefined);
            toast.success('Your account was deleted');
            navigate('/', { replace: true });
          }}
        />
      ) : null}
    </Container>
  );
}
