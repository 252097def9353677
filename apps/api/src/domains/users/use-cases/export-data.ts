/** `GET /v1/me/export`: everything the service holds about one person, as one JSON file. */
import type { AccountExport } from '@vetted/contract';
import type { DbOrTx } from '../../../db/client';
import { privateMediaUrl } from '../../../services/images';
import type { Clock } from '../../deps';
import { loadPreferences } from '../../notifications';
import { bookingsReceivedOldestFirst, customerOrdersOldestFirst } from '../../orders';
import * as policy from '../policy';
import * as repo from '../repository';
import { type AccountRow, liveRow, toUser } from './account';

/** A data export and the file name it is downloaded under. */
export interface ExportFile {
  fileName: string;
  data: AccountExport;
}

const iso = (d: Date) => d.toISOString();

/** Every row of the export, read at once; the pro's business and bookings only for a vendor. */
async function readAll(db: DbOrTx, userId: string, row: AccountRow) {
  const vendorId = row.user.role === 'vendor' ? row.vendorId : null;
  const [business, addresses, prefs, ownOrders, received, ownReviews, convs, sent, notes] =
    await Promise.all([
      vendorId ? repo.exportBusiness(db, vendorId) : null,
      repo.exportAddresses(db, userId),
      loadPreferences(db, userId, row.user.role),
      customerOrdersOldestFirst(db, userId),
      vendorId ? bookingsReceivedOldestFirst(db, vendorId) : [],
      repo.exportReviews(db, userId),
      repo.exportConversations(db, userId),
      repo.exportMessages(db, userId),
      repo.exportNotifications(db, userId),
    ]);
  return { business, addresses, prefs, ownOrders, received, ownReviews, convs, sent, notes };
}

type Rows = Awaited<ReturnType<typeof readAll>>;

/** The export's saved places and notification preferences. */
function settingsPart(r: Rows) {
  return {
    addresses: r.addresses.map((a) => ({
      id: a.id,
      label: a.label,
      line1: a.line1,
      city: a.city,
      postcode: a.postcode,
      country: a.country,
      lat: a.lat,
      lng: a.lng,
      isDefault: a.isDefault,
      createdAt: iso(a.createdAt),
    })),
    notificationPreferences: r.prefs.kinds.map((k) => ({
      kind: k.kind,
      inApp: k.inApp,
      email: k.email,
      push: k.push,
    })),
  };
}

/** The export's bookings: made as a customer, and received as a pro. */
function ordersPart(r: Rows) {
  return {
    orders: r.ownOrders.map(({ order: o, serviceTitle, businessName }) => ({
      id: o.id,
      reference: o.reference,
      status: o.status,
      serviceTitle,
      businessName,
      startsAt: iso(o.startsAt),
      endsAt: iso(o.endsAt),
      address: o.address,
      notes: o.notes,
      total: { amount: o.total, currency: o.currency },
      createdAt: iso(o.createdAt),
    })),
    bookingsReceived: r.received.map((o) => ({
      id: o.id,
      reference: o.reference,
      status: o.status,
      serviceTitle: o.serviceTitle,
      startsAt: iso(o.startsAt),
      endsAt: iso(o.endsAt),
      total: { amount: o.total, currency: o.currency },
      createdAt: iso(o.createdAt),
    })),
  };
}

/** The export's reviews, conversations, messages and notifications. */
function activityPart(r: Rows) {
  return {
    reviews: r.ownReviews.map((v) => ({
      id: v.id,
      orderId: v.orderId,
      rating: v.rating,
      text: v.body,
      createdAt: iso(v.createdAt),
    })),
    conversations: r.convs.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    messages: r.sent.map((m) => ({
      id: m.id,
      conversationId: m.conversationId,
      body: m.body,
      attachments: ((m.attachments ?? []) as { key: string }[]).map((a) => privateMediaUrl(a.key)),
      createdAt: iso(m.createdAt),
    })),
    notifications: r.notes.map((n) => ({
      id: n.id,
      type: n.type,
      title: n.title,
      body: n.body,
      link: n.link,
      readAt: n.readAt ? iso(n.readAt) : null,
      createdAt: iso(n.createdAt),
    })),
  };
}

/**
 * `GET /v1/me/export`: the user's data (see the contract's `accountExportSchema`) and the
 * file name to download it under. Reads only rows the user entered or that are about them;
 * other parties appear by business name at most (a pro's, on the user's own bookings).
 * @throws AppError 401 `user_not_found`.
 */
export async function exportData(db: DbOrTx, clock: Clock, userId: string): Promise<ExportFile> {
  const row = await liveRow(db, userId);
  const now = clock.now();
  const r = await readAll(db, userId, row);
  const data: AccountExport = {
    format: 'vetted-account-export',
    version: 1,
    exportedAt: iso(now),
    profile: toUser(row),
    business: r.business ? { ...r.business, createdAt: iso(r.business.createdAt) } : null,
    ...settingsPart(r),
    ...ordersPart(r),
    ...activityPart(r),
  };
  return { fileName: policy.exportFileName(now), data };
}
