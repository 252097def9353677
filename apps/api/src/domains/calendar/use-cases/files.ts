/**
 * The `.ics` files Vetted serves: one order's event ("Add to calendar") and a pro's private feed.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { orderNotFound } from '../../../shared/errors';
import type { AuthUser } from '../../../platform/types';
import type { ServiceDeps } from '../../deps';
import { writeCalendar } from '../ics';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import { absolute, orderEvent } from './invite';

/** An `.ics` file: its text and a file name. */
export interface IcsFile {
  fileName: string;
  text: string;
}

/**
 * `GET /v1/orders/{id}/calendar.ics`: the order's event for its customer (their view: "<service>
 * with <business>", their booking link) or its pro ("<service> for <first name>", the pro's
 * link), `METHOD:PUBLISH` (a file its reader imports, not an invitation), `STATUS:CANCELLED`
 * once it is off. The same UID and SEQUENCE as the mailed invites, so an import and a later
 * mail update one event.
 * @throws AppError 404 `order_not_found` for an unknown order and for anyone but its two parties
 */
export async function orderCalendarFile(
  d: ServiceDeps,
  user: AuthUser,
  orderId: string,
): Promise<IcsFile> {
  const o = await repo.loadOrderCalendar(d.db, orderId);
  const side =
    o?.customerId === user.id ? 'customer' : o?.vendorUserId === user.id ? 'vendor' : null;
  if (!o || !side) throw orderNotFound();
  const text = writeCalendar({
    method: 'PUBLISH',
    timeZone: o.timeZone,
    stamp: d.clock.now(),
    events: [orderEvent(o, side, d)],
  });
  return { fileName: `vetted-booking-${o.id}.ics`, text };
}

/**
 * The token of a feed `seed`: base64url(HMAC-SHA256(server secret, `calendar-feed:` + seed)),
 * 43 characters (256 bits). The server secret is the access-token secret (`JWT_SECRET`): a
 * database copy alone opens no feed; changing that secret changes every feed URL.
 */
function tokenOf(secret: Uint8Array, seed: string): string {
  return createHmac('sha256', secret).update(`calendar-feed:${seed}`).digest('base64url');
}

/** SHA-256 hex of a token: how `calendar_feeds` finds it. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The absolute feed URL of `token`. */
const feedUrl = (publicUrl: string, token: string) =>
  absolute(publicUrl, `/v1/calendar/${token}.ics`);

/** The caller's pro profile. @throws AppError 403 `vendor_only` for anyone but a pro. */
async function callerVendor(d: ServiceDeps, user: AuthUser) {
  const vendor = user.role === 'vendor' ? await repo.vendorOfUser(d.db, user.id) : null;
  if (!vendor) throw msg.vendorOnly();
  return vendor;
}

/**
 * `GET /v1/vendor/calendar-feed`: the pro's feed URL, its token drawn (32 random bytes of seed)
 * on the first call and the same URL on every later one. When the server secret changed since,
 * the stored hash is brought in line, so the URL shown always opens.
 * @throws AppError 403 `vendor_only`
 */
export async function feedUrlOf(d: ServiceDeps, user: AuthUser): Promise<{ url: string }> {
  const vendor = await callerVendor(d, user);
  let row = await repo.getFeed(d.db, vendor.id);
  if (!row) {
    const seed = randomBytes(32).toString('base64url');
    const tokenHash = hashOf(tokenOf(d.config.jwtSecret, seed));
    row = await repo.saveFeed(
      d.db,
      { vendorId: vendor.id, seed, tokenHash, at: d.clock.now() },
      false,
    );
  }
  const token = tokenOf(d.config.jwtSecret, row!.seed);
  if (hashOf(token) !== row!.tokenHash) {
    const at = d.clock.now();
    await repo.saveFeed(
      d.db,
      { vendorId: vendor.id, seed: row!.seed, tokenHash: hashOf(token), at },
      true,
    );
  }
  return { url: feedUrl(d.config.publicUrl, token) };
}

/**
 * `POST /v1/vendor/calendar-feed/rotate`: a new seed, so a new URL; the old token's hash is
 * gone in the same statement, so the old URL answers 404 from then on.
 * @throws AppError 403 `vendor_only`
 */
export async function rotateFeed(d: ServiceDeps, user: AuthUser): Promise<{ url: string }> {
  const vendor = await callerVendor(d, user);
  const seed = randomBytes(32).toString('base64url');
  const token = tokenOf(d.config.jwtSecret, seed);
  const at = d.clock.now();
  await repo.saveFeed(d.db, { vendorId: vendor.id, seed, tokenHash: hashOf(token), at }, true);
  return { url: feedUrl(d.config.publicUrl, token) };
}

/**
 * `GET /v1/calendar/{token}.ics`: the pro's jobs (paid, accepted, in progress, completed)
 * starting from 30 days ago to 180 days ahead, each with the service, the customer's first
 * name, the address and the pro's order link — nothing more (no customer surname, mail,
 * phone, notes or money). `METHOD:PUBLISH`, refreshed hourly by subscribers.
 * @throws AppError 404 `calendar_feed_not_found` for a malformed, unknown or rotated token
 */
export async function feedFile(d: ServiceDeps, token: string): Promise<IcsFile> {
  if (!policy.isFeedTokenShape(token)) throw msg.feedNotFound();
  const vendor = await repo.vendorOfFeed(d.db, hashOf(token));
  if (!vendor) throw msg.feedNotFound();
  const now = d.clock.now();
  const jobs = await repo.feedOrders(d.db, vendor.id, policy.FEED_STATUSES, {
    ...policy.feedWindow(now),
    now,
  });
  const events = jobs.map((j) =>
    orderEvent({ ...j, businessName: vendor.businessName }, 'vendor', d),
  );
  const text = writeCalendar({
    method: 'PUBLISH',
    timeZone: vendor.timeZone,
    stamp: now,
    events,
    name: msg.feedName(vendor.businessName),
    ttlS: policy.FEED_TTL_S,
  });
  return { fileName: 'vetted-jobs.ics', text };
}
