import type {
  NotificationChannel,
  NotificationPreference,
  NotificationPreferenceKind,
  NotificationPreferences,
} from '@vetted/contract';
import type * as React from 'react';
import { MESSAGES } from '@vetted/api-client';
import { Card, Skeleton, Switch } from '@vetted/ui';
import { ErrorState } from '../../components/error-state';

export interface NotificationPreferencesViewProps {
  data?: NotificationPreferences;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  /** Flips one switch; the caller saves it (and reports a failure). */
  onToggle: (kind: NotificationPreferenceKind, channel: NotificationChannel, on: boolean) => void;
  /** Push on this browser (`PushDeviceView`), shown under the switches. */
  device?: React.ReactNode;
}

/** The channels as columns: `short` heads the column on a phone, where three must fit. */
const CHANNELS: {
  channel: NotificationChannel;
  label: string;
  short: string;
  key: 'inApp' | 'email' | 'push';
}[] = [
  { channel: 'in_app', label: 'In the app', short: 'App', key: 'inApp' },
  { channel: 'email', label: 'By email', short: 'Email', key: 'email' },
  { channel: 'push', label: 'By push', short: 'Push', key: 'push' },
];

/**
 * "Notifications" section of the profile: one row per kind the app sends, one switch
 * per channel it is really sent on (a channel it never uses says so instead of a dead switch).
 * Security emails are always sent and not listed.
 */
export function NotificationPreferencesView({
  data,
  isLoading,
  error,
  onRetry,
  onToggle,
  device,
}: NotificationPreferencesViewProps) {
  return (
    <Card>
      <div className="flex flex-col gap-1">
        <h2 className="text-lg font-semibold">Notifications</h2>
        <p className="text-sm text-muted">
          Choose what reaches you in the app, by email and by push on the devices where you turn it
          on. Sign-in codes and security emails (password, email address, account deletion) are
          always sent.
        </p>
      </div>
      {error && !data ? (
        <ErrorState title={MESSAGES.errorLoadingData} message={error.message} onRetry={onRetry} />
      ) : isLoading || !data ? (
        <div role="status" aria-busy="true" aria-label="Loading notification settings">
          {[0, 1, 2].map((i) => (
            <div key={i} className="flex items-center gap-4 border-t border-border py-3">
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-40" />
                <Skeleton className="h-3 w-full max-w-72" />
              </div>
              {CHANNELS.map((c) => (
                <Skeleton key={c.channel} className="h-6 w-11 rounded-full" />
              ))}
            </div>
          ))}
        </div>
      ) : (
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Notification settings by kind and channel</caption>
          <thead>
            <tr className="text-xs text-muted">
              <th scope="col" className="pb-2 font-medium">
                Kind
              </th>
              {CHANNELS.map((c) => (
                <th
                  key={c.channel}
                  scope="col"
                  className="w-14 pb-2 text-center font-medium sm:w-20"
                >
                  <span className="sm:hidden">{c.short}</span>
                  <span className="hidden sm:inline">{c.label}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.kinds.map((row) => (
              <PreferenceRow key={row.kind} row={row} onToggle={onToggle} />
            ))}
          </tbody>
        </table>
      )}
      {device}
    </Card>
  );
}

function PreferenceRow({
  row,
  onToggle,
}: {
  row: NotificationPreference;
  onToggle: NotificationPreferencesViewProps['onToggle'];
}) {
  return (
    <tr className="border-t border-border align-middle">
      <th scope="row" className="py-3 pr-3 font-normal">
        <span className="block font-medium text-fg">{row.label}</span>
        <span className="block text-xs text-muted">{row.description}</span>
      </th>
      {CHANNELS.map(({ channel, label, key }) => (
        <td key={channel} className="py-3 text-center">
          {row.channels.includes(channel) ? (
            <Switch
              checked={row[key]}
              aria-label={`${row.label}: ${label.toLowerCase()}`}
              onCheckedChange={(on) => onToggle(row.kind, channel, on)}
            />
          ) : (
            <span className="text-xs text-muted">
              <span aria-hidden="true">—</span>
              <span className="sr-only">{`Not sent ${label.toLowerCase()}`}</span>
            </span>
          )}
        </td>
      ))}
    </tr>
  );
}
