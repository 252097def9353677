/**
 * Seeded reviews ("seeded ratings become real seeded reviews, so averages and counts
 * agree with the reviews shown"). Each approved seeded pro gets 0–10 reviews — each on its own
 * completed order (with the order's timeline) by one of a pool of seeded customers — and the
 * pro's `rating_average` / `rating_count` are then recounted from the reviews table, as the
 * reviews domain does after every review. The made-up rating `buildVendors` draws for a pro is
 * only the target the seeded reviews aim at (how many, and around which mean).
 *
 * Deterministic like the rest of the seed: ids and contents are name-based, inserts are
 * `on conflict do nothing`. Times are relative to the day of seeding (reviews from the last
 * months read as recent), so a re-run on another day keeps the rows it finds.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { capturePostings } from '../domains/ledger/policy';
import { bookingFee } from '../domains/orders/policy';
import { captureKey } from '../domains/payments/policy';
import type { Tx } from './client';
import {
  ledgerEntries,
  orderEvents,
  orders,
  payments,
  reviews,
  sandboxBankEvents,
  type services,
  users,
  type vendorProfiles,
} from './schema';
import { rng, uuidFromName } from './seed-random';
import { SEED_CARD_LAST4, sandboxCharge } from './seed-earnings';
import { FIRST_NAMES, STREETS, SURNAMES } from './seed-data/categories';
import { REVIEW_TEXTS, SORRY_REPLIES, THANKS_REPLIES } from './seed-data/reviews';

/** Seeded customers who wrote the seeded reviews (besides the demo customer). */
export const SEED_CUSTOMER_COUNT = 48;
/** Most reviews a seeded pro gets (keeps seeding fast: ~1,300 orders in all). */
const MAX_REVIEWS_PER_VENDOR = 10;
/** Reviews of the demo pro, so its page shows a real list with replies and a second page. */
const DEMO_VENDOR_REVIEWS = 14;
/** Share of reviews that get a reply from the pro. */
const REPLY_SHARE = 0.2;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

type UserRow = typeof users.$inferInsert;
type VendorRow = typeof vendorProfiles.$inferInsert;
type ServiceRow = typeof services.$inferInsert;
type OrderRow = typeof orders.$inferInsert;
type EventRow = typeof orderEvents.$inferInsert;
type PaymentRow = typeof payments.$inferInsert;
type LedgerRow = typeof ledgerEntries.$inferInsert;
type ReviewRow = typeof reviews.$inferInsert;
type BankRow = typeof sandboxBankEvents.$inferInsert;

/** Id of seeded customer number `i` (0 … {@link SEED_CUSTOMER_COUNT} − 1). */
export const seedCustomerId = (i: number) => uuidFromName(`seed-customer:${i}`);

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `VT-` + 6 Crockford characters of a serial number: unique among seeded orders. */
export function seedReference(serial: number): string {
  let out = '';
  let n = serial + 0x2000000; // leading non-zero digits, so seeded references do not look blank
  for (let i = 0; i < 6; i++) {
    out = CROCKFORD[n & 31] + out;
    n >>>= 5;
  }
  return `VT-${out}`;
}

/**
 * `n` ratings of 1–5 whose mean is at least `target` and within 1/n of it: the total is
 * ⌈target·n⌉ (so a target in 3.6–5 never gives a mean under 3.6), spread evenly, then varied by
 * moving stars between reviews (which keeps the total).
 */
export function ratingsFor(n: number, target: number, r: () => number): number[] {
  if (n === 0) return [];
  const total = Math.min(5 * n, Math.max(n, Math.ceil(target * n - 1e-9)));
  const out = Array.from({ length: n }, (_, i) => Math.floor(total / n) + (i < total % n ? 1 : 0));
  for (let k = 0; k < n; k++) {
    const from = Math.floor(r() * n);
    const to = Math.floor(r() * n);
    const step = r() < 0.25 ? 2 : 1;
    if (from !== to && out[from]! - step >= 1 && out[to]! + step <= 5) {
      out[from]! -= step;
      out[to]! += step;
    }
  }
  return out;
}

export interface SeedReviewsInput {
  /** Every vendor row the seed built (only approved ones among `vendorIds` get reviews). */
  vendors: VendorRow[];
  /** Every service row the seed built. */
  services: ServiceRow[];
  /** The vendor profiles the seed owns (a profile may pre-exist under another id). */
  vendorIds: Set<string>;
  /** The demo pro's profile id, who gets {@link DEMO_VENDOR_REVIEWS} reviews. */
  demoVendorId: string;
  /** The demo customer's address (when demo logins are on): one review and one to write. */
  demoCustomerEmail: string | null;
  passwordHash: string;
  verifiedAt: Date;
  /** Seeding time: review dates are counted back from its day (UTC). */
  now: Date;
  /** `users.avatar_key` of each seeded customer, by id (seeded people have avatars). */
  avatarKeys: ReadonlyMap<string, string>;
}

/** What {@link seedReviews} inserted (rows it found already there included). */
export interface SeededReviews {
  customers: number;
  /** The seeded customers' ids (those that are the seed's). */
  customerIds: string[];
  orders: number;
  reviews: number;
  replies: number;
}

async function insertChunks(
  tx: Tx,
  table:
    | typeof users
    | typeof orders
    | typeof orderEvents
    | typeof payments
    | typeof ledgerEntries
    | typeof sandboxBankEvents
    | typeof reviews,
  rows: object[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(table)
      .values(rows.slice(i, i + 500) as never)
      .onConflictDoNothing();
  }
}

/**
 * Inserts the seeded customers, completed orders, their events and reviews, then recounts the
 * rating of every pro in `vendorIds` from the reviews table. Run inside the seed's transaction,
 * after vendors and services are in.
 */
export async function seedReviews(tx: Tx, input: SeedReviewsInput): Promise<SeededReviews> {
  const customers: UserRow[] = Array.from({ length: SEED_CUSTOMER_COUNT }, (_, i) => {
    const r = rng(`seed-customer:${i}`);
    const first = FIRST_NAMES[Math.floor(r() * FIRST_NAMES.length)]!;
    const last = SURNAMES[Math.floor(r() * SURNAMES.length)]!;
    const id = seedCustomerId(i);
    return {
      id,
      role: 'customer',
      email:
        `${first}.${last}.${i + 1}`.toLowerCase().replace(/[^a-z0-9.]/g, '') +
        '@customers.vetted.test',
      fullName: `${first} ${last}`,
      passwordHash: input.passwordHash,
      avatarKey: input.avatarKeys.get(id) ?? null,
      emailVerifiedAt: input.verifiedAt,
      createdAt: new Date(Date.UTC(2023, 0, 1) + i * 9 * DAY),
    };
  });
  await insertChunks(tx, users, customers);
  // Only customers that are ours (an address could belong to an older account).
  const customerIds = (
    await tx
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.id,
          customers.map((c) => c.id!),
        ),
      )
  ).map((c) => c.id);
  let demoCustomerId: string | null = null;
  if (input.demoCustomerEmail) {
    const [demo] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(eq(users.email, input.demoCustomerEmail));
    if (demo?.role === 'customer') demoCustomerId = demo.id;
  }
  if (customerIds.length === 0) {
    return { customers: 0, customerIds, orders: 0, reviews: 0, replies: 0 };
  }

  const servicesOf = new Map<string, ServiceRow[]>();
  for (const s of input.services) {
    const list = servicesOf.get(s.vendorId);
    if (list) list.push(s);
    else servicesOf.set(s.vendorId, [s]);
  }
  const today = new Date(input.now);
  today.setUTCHours(0, 0, 0, 0);
  const orderRows: OrderRow[] = [];
  const eventRows: EventRow[] = [];
  const paymentRows: PaymentRow[] = [];
  const ledgerRows: LedgerRow[] = [];
  const bankRows: BankRow[] = [];
  const reviewRows: ReviewRow[] = [];
  let serial = 0;

  /** One completed order `daysAgo` days back (10:00–16:00 UTC), and its timeline. */
  const addOrder = (vendor: VendorRow, key: string, customerId: string, daysAgo: number) => {
    const r = rng(`seed-order:${key}`);
    const own = servicesOf.get(vendor.id!)!;
    const service = own[Math.floor(r() * own.length)]!;
    const id = uuidFromName(`seed-order:${key}`);
    const startsAt = new Date(today.getTime() - daysAgo * DAY + (10 + Math.floor(r() * 7)) * HOUR);
    const endsAt = new Date(startsAt.getTime() + HOUR);
    const fee = bookingFee(service.price);
    const currency = service.currency ?? 'USD'; // the column's default
    orderRows.push({
      id,
      reference: seedReference(serial++),
      customerId,
      vendorId: vendor.id!,
      serviceId: service.id!,
      startsAt,
      endsAt,
      address: `${1 + Math.floor(r() * 200)} ${STREETS[Math.floor(r() * STREETS.length)]}, ${vendor.city}`,
      notes: null,
      subtotal: service.price,
      fee,
      total: service.price + fee,
      currency,
      status: 'completed',
      createdAt: new Date(startsAt.getTime() - 3 * DAY),
      updatedAt: endsAt,
    });
    const timeline: [EventRow['status'], Date, string | null][] = [
      ['pending_payment', new Date(startsAt.getTime() - 3 * DAY), 'Booking created'],
      ['paid', new Date(startsAt.getTime() - 3 * DAY + 2 * 60_000), null],
      ['accepted', new Date(startsAt.getTime() - 3 * DAY + 2 * HOUR), null],
      ['in_progress', startsAt, null],
      ['completed', endsAt, null],
    ];
    for (const [status, createdAt, note] of timeline) {
      eventRows.push({
        id: uuidFromName(`seed-order-event:${key}:${status}`),
        orderId: id,
        status,
        actorId: null,
        note,
        createdAt,
      });
    }
    // Paid by a sandbox test card, captured when accepted, with its ledger postings: the order
    // page reads "Paid •••• 4242, test mode" and the pro's earnings include the job. The fake
    // bank holds the charge, so an admin can refund it.
    const paymentId = uuidFromName(`seed-payment:${key}`);
    const authorizedAt = new Date(startsAt.getTime() - 3 * DAY + 2 * 60_000);
    const capturedAt = new Date(startsAt.getTime() - 3 * DAY + 2 * HOUR);
    const charge = sandboxCharge({
      paymentId,
      amount: service.price + fee,
      currency,
      authorizedAt,
      capturedAt,
    });
    bankRows.push(...charge.rows);
    paymentRows.push({
      id: paymentId,
      orderId: id,
      provider: 'sandbox',
      kind: 'order',
      providerRef: charge.providerRef,
      status: 'captured',
      amount: service.price + fee,
      currency,
      cardLast4: SEED_CARD_LAST4,
      idempotencyKey: `payment:${paymentId}:authorize:1`,
      attempt: 1,
      authorizedAt,
      capturedAt,
      createdAt: new Date(startsAt.getTime() - 3 * DAY + 60_000),
      updatedAt: capturedAt,
    });
    for (const posting of capturePostings({ total: service.price + fee, fee })) {
      ledgerRows.push({
        id: uuidFromName(`seed-ledger:${paymentId}:${posting.account}`),
        orderId: id,
        // Earnings read a vendor's postings by this column.
        vendorId: vendor.id!,
        paymentId,
        account: posting.account,
        amount: posting.amount,
        currency,
        kind: posting.kind,
        idempotencyKey: `${captureKey(paymentId)}:${posting.account}`,
        createdAt: capturedAt,
      });
    }
    return { id, service, endsAt, r };
  };

  for (const vendor of input.vendors) {
    if (vendor.vettingStatus !== 'approved' || !input.vendorIds.has(vendor.id!)) continue;
    if (!servicesOf.get(vendor.id!)?.length) continue;
    const isDemo = vendor.id === input.demoVendorId;
    const r = rng(`seed-reviews:${vendor.id}`);
    const target = vendor.ratingCount ?? 0;
    const n = isDemo
      ? DEMO_VENDOR_REVIEWS
      : target === 0
        ? 0
        : Math.min(MAX_REVIEWS_PER_VENDOR, 1 + Math.floor(target / 40));
    const ratings = ratingsFor(n, vendor.ratingAverage ?? 4.5, r);
    // Spread over the pro's time on Vetted (at most ~14 months), oldest review first.
    const memberDays = Math.floor(
      (today.getTime() - (vendor.createdAt ?? new Date(Date.UTC(2023, 0, 1))).getTime()) / DAY,
    );
    const span = Math.max(n * 4, Math.min(420, memberDays - 7));
    const gap = Math.max(1, Math.floor(span / Math.max(1, n)));
    ratings.forEach((rating, k) => {
      const daysAgo = 3 + (n - 1 - k) * gap + Math.floor(r() * Math.max(1, gap - 1));
      // The demo customer wrote the demo pro's newest review.
      const customerId =
        isDemo && demoCustomerId && k === n - 1
          ? demoCustomerId
          : customerIds[Math.floor(r() * customerIds.length)]!;
      const order = addOrder(vendor, `${vendor.id}:${k}`, customerId, daysAgo);
      const texts = REVIEW_TEXTS[rating - 1]!;
      const text = texts[Math.floor(order.r() * texts.length)]!.replaceAll(
        '{service}',
        order.service.title.toLowerCase(),
      );
      const createdAt = new Date(order.endsAt.getTime() + (1 + Math.floor(order.r() * 47)) * HOUR);
      // Every poor review of the demo pro is answered, and a share of all others.
      const replied = (isDemo && rating <= 3) || order.r() < REPLY_SHARE;
      const replies = rating >= 4 ? THANKS_REPLIES : SORRY_REPLIES;
      reviewRows.push({
        id: uuidFromName(`seed-review:${vendor.id}:${k}`),
        orderId: order.id,
        vendorId: vendor.id!,
        customerId,
        rating,
        body: text,
        replyBody: replied ? replies[Math.floor(order.r() * replies.length)]! : null,
        repliedAt: replied
          ? new Date(createdAt.getTime() + (2 + Math.floor(order.r() * 30)) * HOUR)
          : null,
        createdAt,
      });
    });
    // The demo customer's latest job with the demo pro, done two days ago and not reviewed
    // yet: their order page shows the review form.
    if (isDemo && demoCustomerId) addOrder(vendor, `${vendor.id}:to-review`, demoCustomerId, 2);
  }

  await insertChunks(tx, orders, orderRows);
  await insertChunks(tx, orderEvents, eventRows);
  await insertChunks(tx, payments, paymentRows);
  await insertChunks(tx, ledgerEntries, ledgerRows);
  await insertChunks(tx, sandboxBankEvents, bankRows);
  await insertChunks(tx, reviews, reviewRows);
  await refreshRatings(tx, [...input.vendorIds]);
  return {
    customers: customerIds.length,
    customerIds,
    orders: orderRows.length,
    reviews: reviewRows.length,
    replies: reviewRows.filter((r) => r.replyBody).length,
  };
}

/**
 * Sets `rating_count` and `rating_average` of the given pros from the reviews table (the same
 * numbers the reviews domain keeps after each review; 0 without reviews), in one statement.
 */
async function refreshRatings(tx: Tx, vendorIds: string[]): Promise<void> {
  for (let i = 0; i < vendorIds.length; i += 500) {
    const ids = vendorIds.slice(i, i + 500);
    await tx.execute(sql`
      update vendor_profiles v set
        rating_count = s.n,
        rating_average = case when s.n = 0 then 0 else s.total::float8 / s.n end
      from (
        select p.id, count(r.id)::int as n, coalesce(sum(r.rating), 0)::int as total
        from vendor_profiles p left join reviews r on r.vendor_id = p.id
        where p.id in ${ids}
        group by p.id
      ) s
      where v.id = s.id`);
  }
}
