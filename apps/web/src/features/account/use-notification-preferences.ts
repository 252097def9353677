import type {
  NotificationChannel,
  NotificationPreference,
  NotificationPreferenceKind,
} from '@vetted/contract';
import { api } from '../../lib/vetted-api';
import { useEndpoint } from '../../lib/use-endpoint';

/** The field of a kind's row that holds `channel`'s switch. */
const SWITCH: Record<
  NotificationChannel,
  keyof Pick<NotificationPreference, 'inApp' | 'email' | 'push'>
> = { in_app: 'inApp', email: 'email', push: 'push' };

/**
 * `GET /v1/me/notification-preferences` — switches per kind and channel — and `set`, which
 * flips one switch at once (optimistic) and saves it with `PUT`; on failure the switch goes
 * back and the error is thrown for the caller to report.
 */
export function useNotificationPreferences() {
  const swr = useEndpoint('getNotificationPreferences');
  const set = async (
    kind: NotificationPreferenceKind,
    channel: NotificationChannel,
    on: boolean,
  ) => {
    const current = swr.data;
    const row = current?.kinds.find((k) => k.kind === kind);
    if (!current || !row) return;
    const changed = { ...row, [SWITCH[channel]]: on };
    const next = { kinds: current.kinds.map((k) => (k.kind === kind ? changed : k)) };
    await swr.mutate(
      api.me.updateNotificationPreferences({
        kinds: [{ kind, inApp: changed.inApp, email: changed.email, push: changed.push }],
      }),
      { optimisticData: next, rollbackOnError: true, populateCache: true, revalidate: false },
    );
  };
  return { ...swr, set };
}
