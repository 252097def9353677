/**
 * Notification preferences: which kinds a person receives in the app, by mail and by push.
 * The kinds and their channels are the contract's `NOTIFICATION_PREFERENCE_KINDS`; this module
 * maps what the app sends onto them and answers the delivery handlers. Security mails (codes,
 * password and email changes, account deletion) carry no kind and are always sent.
 */
import {
  NOTIFICATION_PREFERENCE_KINDS,
  type NotificationChannel,
  type NotificationPreferenceKind,
  type NotificationPreferences,
  type Role,
  type updateNotificationPreferencesBodySchema,
} from '@vetted/contract';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client';
import * as repo from './preferences-repository';

/**
 * Notification `type` prefixes of each kind. Types of other prefixes (none today) are always
 * delivered: a new kind of notice is not silently dropped before it has a switch.
 */
const KIND_OF_PREFIX: readonly [prefix: string, kind: NotificationPreferenceKind][] = [
  ['order.', 'bookings'],
  ['payment.', 'bookings'],
  ['waitlist.', 'bookings'],
  ['tip.', 'bookings'],
  ['plan.', 'bookings'],
  ['quote.', 'bookings'],
  ['message.', 'messages'],
  ['review.', 'reviews'],
  ['reminder.', 'reminders'],
];

/** The preference kind of a notification `type` (e.g. `order.accepted` → `bookings`), or null. */
export function preferenceKindOf(type: string): NotificationPreferenceKind | null {
  for (const [prefix, kind] of KIND_OF_PREFIX) if (type.startsWith(prefix)) return kind;
  return null;
}

/** Whether `channel` is one `kind` is delivered on (see the contract's catalogue). */
export function kindUsesChannel(
  kind: NotificationPreferenceKind,
  channel: NotificationChannel,
): boolean {
  return NOTIFICATION_PREFERENCE_KINDS.some((k) => k.kind === kind && k.channels.includes(channel));
}

/**
 * The full switch list of a user from their stored rows (default: on where the channel exists),
 * each kind described as an account of `role` receives it.
 */
function toPreferences(rows: repo.PreferenceRow[], role: Role): NotificationPreferences {
  const off = new Set(rows.filter((r) => !r.enabled).map((r) => `${r.kind}:${r.channel}`));
  const value = (kind: NotificationPreferenceKind, channel: NotificationChannel) =>
    kindUsesChannel(kind, channel) && !off.has(`${kind}:${channel}`);
  return {
    kinds: NOTIFICATION_PREFERENCE_KINDS.map((k) => ({
      kind: k.kind,
      label: k.label,
      description: k.descriptionByRole?.[role] ?? k.description,
      channels: [...k.channels],
      inApp: value(k.kind, 'in_app'),
      email: value(k.kind, 'email'),
      push: value(k.kind, 'push'),
    })),
  };
}

/**
 * `GET /v1/me/notification-preferences`: every kind with its switches, described for an
 * account of `role`.
 */
export async function loadPreferences(
  db: DbOrTx,
  userId: string,
  role: Role,
): Promise<NotificationPreferences> {
  return toPreferences(await repo.listPreferences(db, userId), role);
}

/**
 * `PUT /v1/me/notification-preferences`: sets the listed kinds (others keep their switches).
 * Only switches that differ from the default (on) are stored; a switch of a channel the kind is
 * not delivered on is ignored, and a kind sent without `push` keeps its stored push switch.
 * One transaction; answers the full list.
 */
export async function savePreferences(
  db: Db,
  userId: string,
  role: Role,
  body: z.output<typeof updateNotificationPreferencesBodySchema>,
): Promise<NotificationPreferences> {
  const rows: repo.PreferenceRow[] = [];
  const pushOff = new Set(
    (await repo.listPreferences(db, userId))
      .filter((r) => r.channel === 'push' && !r.enabled)
      .map((r) => r.kind),
  );
  for (const k of body.kinds) {
    const push = k.push ?? !pushOff.has(k.kind);
    if (!push && kindUsesChannel(k.kind, 'push')) {
      rows.push({ kind: k.kind, channel: 'push', enabled: false });
    }
    if (!k.inApp && kindUsesChannel(k.kind, 'in_app')) {
      rows.push({ kind: k.kind, channel: 'in_app', enabled: false });
    }
    if (!k.email && kindUsesChannel(k.kind, 'email')) {
      rows.push({ kind: k.kind, channel: 'email', enabled: false });
    }
  }
  await db.transaction((tx) =>
    repo.replacePreferences(
      tx,
      userId,
      body.kinds.map((k) => k.kind),
      rows,
    ),
  );
  return loadPreferences(db, userId, role);
}

/**
 * Whether a notification of `type` may be created for `userId` (the in-app channel): not for a
 * deleted account, nor when its kind's in-app switch is off.
 */
export async function inAppAllowed(db: DbOrTx, userId: string, type: string): Promise<boolean> {
  const kind = preferenceKindOf(type) ?? '';
  const facts = await repo.deliveryFactsById(db, userId, kind, 'in_app');
  if (!facts) return true;
  return !facts.deleted && facts.enabled !== false;
}

/**
 * Whether a notification of `type` may be pushed to `userId`'s browsers: only for a kind
 * delivered on `push` (the contract's catalogue) whose push switch is on, and not to a deleted
 * account. Types without a kind are not pushed.
 */
export async function pushAllowed(db: DbOrTx, userId: string, type: string): Promise<boolean> {
  const kind = preferenceKindOf(type);
  if (!kind || !kindUsesChannel(kind, 'push')) return false;
  const facts = await repo.deliveryFactsById(db, userId, kind, 'push');
  return facts !== null && !facts.deleted && facts.enabled !== false;
}

/**
 * Whether a mail of `kind` may go to `email`: not when the account with that address switched
 * the kind's email off, nor to a deleted account. An address without an account gets it.
 */
export async function emailAllowed(
  db: DbOrTx,
  email: string,
  kind: NotificationPreferenceKind,
): Promise<boolean> {
  const facts = await repo.deliveryFactsByEmail(db, email, kind, 'email');
  if (!facts) return true;
  return !facts.deleted && facts.enabled !== false;
}

export { deletePreferences } from './preferences-repository';
