/**
 * Use cases of the orders domain (ARCHITECTURE §1a): book, list, read, and move an order through
 * its state machine. Each use case is one transaction; its side effects (notifications, realtime
 * events, capture / void / refund jobs of the payments domain) are outbox rows written in that
 * same transaction, so they happen if and only if the change committed.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type {
  CancellationQuote,
  CreateOrderBody,
  Order,
  OrderDetail,
  OrderStatus,
  OrderTransitionBody,
  Payment,
  RescheduleBody,
  ServiceAreaCheck,
  ServiceAreaQuery,
  ServiceQuote,
  ServiceQuoteQuery,
} from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx, Tx } from '../../db/client';
import { withTransactionRetry } from '../../db/transaction';
import type { AuthUser } from '../../plugins/auth';
import {
  blockingOrders,
  checkSlot,
  HOLD_MS,
  localDateOf,
  requireBookableService,
  type SlotCheckRefusal,
} from '../catalogue/service';
import type { ServiceDeps } from '../deps';
import { notify, pushToUsers } from '../notifications/service';
import type { Geocoder } from '../places/geocoder';
import { tipNote } from '../payments/messages';
import { orderReviewState } from '../reviews/service';
import { markWaitlistBooked, offerFreedSlots } from '../waitlist/service';
import * as msg from './messages';
import * as policy from './policy';
import * as repo from './repository';
import { checkServiceArea, type JobLocation } from './service-area';

/**
 * What the orders domain needs from the payments domain (issue #6 §3). The request functions
 * only enqueue outbox jobs inside the caller's transaction (`tx`); the payments domain's
 * handlers call the provider, update the payment, post the ledger and tell the customer once
 * the provider answered.
 */
export interface OrderPayments {
  /** Vendor accepted: capture the order's authorised payment. */
  requestCapture(tx: DbOrTx, orderId: string, actorId: string | null): Promise<unknown>;
  /** Declined, or cancelled before acceptance: release the authorisation. */
  requestVoid(tx: DbOrTx, orderId: string, actorId: string | null): Promise<unknown>;
  /** Cancelled after capture: refund `amountMinor` (minor units) of the captured payment. */
  requestRefund(
    tx: DbOrTx,
    orderId: string,
    amountMinor: number,
    reason: string,
    actorId: string | null,
  ): Promise<unknown>;
  /** The order's current payment as the API shows it (its latest attempt), or null. */
  paymentOf(db: DbOrTx, orderId: string): Promise<Payment | null>;
  /** The order's tip after completion (issue #9), or null. */
  tipOf(db: DbOrTx, orderId: string): Promise<Payment | null>;
}

export interface OrdersDeps extends ServiceDeps {
  payments: OrderPayments;
  /** The city index that locates a typed address for the service-area check. */
  geocoder: Geocoder;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `VT-` + 6 Crockford base32 characters (30 random bits), e.g. `VT-7K2P9Q`. */
export function newOrderReference(): string {
  const bytes = randomBytes(6);
  let out = '';
  for (let i = 0; i < 6; i++) out += CROCKFORD[bytes[i]! & 31];
  return `VT-${out}`;
}

/** A 4-digit start-of-job code, uniformly random (`crypto.randomInt`), e.g. `0427`. */
export function newStartCode(): string {
  return String(randomInt(0, 10_000)).padStart(4, '0');
}

/**
 * Reads and checks the optional `Idempotency-Key` header: 1 to 255 characters after trimming.
 * @throws AppError 400 `invalid_idempotency_key`
 */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined) return undefined;
  const key = value.trim();
  if (!key || key.length > 255) throw msg.invalidIdempotencyKey();
  return key;
}

/**
 * How `user` relates to the order, or null when it is none of theirs. Callers answer 404 for
 * null so other people's order ids are indistinguishable from unknown ones.
 */
export function relationTo(view: repo.OrderView, user: AuthUser): policy.OrderRole | null {
  if (user.role === 'admin') return 'admin';
  if (user.role === 'customer' && view.order.customerId === user.id) return 'customer';
  if (user.role === 'vendor' && view.vendorUserId === user.id) return 'vendor';
  return null;
}

/**
 * The HTTP error of a slot the catalogue's `checkSlot` refused (issue #8: the slot picker's own
 * rules). `taken` is the caller's choice: booking and moving word it differently.
 */
function slotRefusal(
  refusal: { reason: SlotCheckRefusal; horizonDays: number },
  taken: () => Error,
): Error {
  switch (refusal.reason) {
    case 'not_bookable':
      return msg.serviceNotFound();
    case 'off_grid':
      return msg.offGridSlot();
    case 'beyond_horizon':
      return msg.slotBeyondHorizon(refusal.horizonDays);
    case 'too_soon':
      return msg.slotTooSoon();
    case 'taken':
      return taken();
  }
}

function sameRequest(order: repo.OrderRow, body: CreateOrderBody): boolean {
  return (
    order.serviceId === body.serviceId &&
    order.startsAt.getTime() === Date.parse(body.startsAt) &&
    order.address === body.address &&
    (order.notes ?? null) === (body.notes || null)
  );
}

/** The orders domain service. `deps.clock` is the only time source of its rules. */
export function createOrdersService(deps: OrdersDeps) {
  const { db, clock, payments, geocoder } = deps;

  /**
   * Whether the pro of `service` serves `job` for `customerId` (service-area.ts); 404 when the
   * pro's profile is gone.
   */
  async function serviceAreaOf(
    customerId: string,
    service: { vendorId: string; businessName: string },
    job: JobLocation,
  ): Promise<ServiceAreaCheck> {
    const area = await repo.vendorArea(db, service.vendorId);
    if (!area) throw msg.serviceNotFound();
    return checkServiceArea({ db, geocoder }, customerId, service.businessName, area, job);
  }

  /**
   * A transaction of a use case below, run again when PostgreSQL aborts it for a deadlock or a
   * serialisation failure (db/transaction.ts: lock order, retry).
   */
  const inTransaction = <T>(fn: (tx: Tx) => Promise<T>) =>
    withTransactionRetry(db, fn, { log: deps.log });

  /** The first order of `key` if any; 422 when it was for a different booking. */
  async function replay(
    tx: DbOrTx,
    customerId: string,
    key: string,
    body: CreateOrderBody,
  ): Promise<string | null> {
    const id = await repo.findByIdempotencyKey(tx, customerId, key);
    if (!id) return null;
    const view = await repo.loadOrderView(tx, id);
    if (!view) return null;
    if (!sameRequest(view.order, body)) throw msg.idempotencyMismatch();
    return id;
  }

  async function orderDto(id: string): Promise<Order> {
    const view = await repo.loadOrderView(db, id);
    if (!view) throw msg.orderNotFound();
    return repo.toOrderDto(view);
  }

  /** The detail as `role` may see it (the start code and cancel refund are the customer's). */
  async function detail(view: repo.OrderView, role: policy.OrderRole): Promise<OrderDetail> {
    const [events, payment, reviewState] = await Promise.all([
      repo.listEvents(db, view.order.id),
      payments.paymentOf(db, view.order.id),
      // Issue #9: the order's review, and whether its customer may still write one.
      orderReviewState(db, view.order.id, role, clock.now()),
    ]);
    const o = view.order;
    const isCustomer = role === 'customer';
    const refund = isCustomer ? policy.refundIfCancelledNow(o, role, clock.now()) : null;
    // Issue #9: the customer's tip, and a new time the pro has not answered yet.
    const tip = await payments.tipOf(db, o.id);
    // The tip's timeline entry is the one the capture wrote with the tip's note (payments
    // messages `tipNote`): order events carry no kind of their own.
    const tipEventNote = tip
      ? tipNote(tip.amount.amount, tip.amount.currency, tip.cardLast4)
      : null;
    return {
      ...repo.toOrderDto(view),
      events: events.map((e) => ({
        status: e.status,
        at: e.createdAt.toISOString(),
        note: e.note,
        kind: e.note !== null && e.note === tipEventNote ? ('tip' as const) : ('status' as const),
      })),
      payment,
      startCode: isCustomer && o.status === 'accepted' ? o.startCode : null,
      cancelRefund: refund === null ? null : { amount: refund, currency: o.currency },
      reschedule:
        o.previousStartsAt && o.previousEndsAt
          ? {
              previousStartsAt: o.previousStartsAt.toISOString(),
              previousEndsAt: o.previousEndsAt.toISOString(),
              rescheduledAt: (o.rescheduledAt ?? o.updatedAt).toISOString(),
            }
          : null,
      tip,
      ...reviewState,
    };
  }

  async function visible(user: AuthUser, id: string) {
    const view = await repo.loadOrderView(db, id);
    const role = view ? relationTo(view, user) : null;
    if (!view || !role) throw msg.orderNotFound();
    return { view, role };
  }

  /**
   * In `tx`: the order's vendor time is locked, then the order row; returns the fresh view and
   * the caller's relation (404 for none). Lock order vendor → order → payment, as payments and
   * the waitlist take them, so a cancel that frees a slot and a payment of it never deadlock.
   */
  async function lockForChange(tx: DbOrTx, user: AuthUser, id: string) {
    const before = await repo.loadOrderView(tx, id);
    if (!before) throw msg.orderNotFound();
    await repo.lockVendor(tx, before.order.vendorId);
    if (!(await repo.lockOrder(tx, id))) throw msg.orderNotFound();
    const view = await repo.loadOrderView(tx, id);
    const role = view ? relationTo(view, user) : null;
    if (!view || !role) throw msg.orderNotFound();
    return { view, role };
  }

  /**
   * In `tx`, after the order stopped occupying `at` (cancelled, declined, moved away): offers
   * the free times of that vendor-local day to its waitlist (issue #9).
   */
  function offerFreedDay(tx: DbOrTx, view: repo.OrderView, at: Date, now: Date) {
    return offerFreedSlots(tx, {
      vendorId: view.order.vendorId,
      day: localDateOf(at, view.vendorTimeZone),
      now,
      publicUrl: deps.config.publicUrl,
    });
  }

  /** Facts of the reschedule notices. */
  const rescheduleFacts = (view: repo.OrderView): msg.RescheduleFacts => ({
    orderId: view.order.id,
    customerId: view.order.customerId,
    vendorUserId: view.vendorUserId,
    customerName: view.customerName,
    businessName: view.businessName,
    serviceTitle: view.serviceTitle,
    timeZone: view.vendorTimeZone,
  });

  /** Re-reads the order after a change and answers its detail as `role` sees it. */
  async function freshDetail(id: string, role: policy.OrderRole): Promise<OrderDetail> {
    const fresh = await repo.loadOrderView(db, id);
    if (!fresh) throw msg.orderNotFound();
    return detail(fresh, role);
  }

  return {
    /**
     * Whether the pro of service `serviceId` serves a saved place of `user` (`placeId`) or a
     * typed `address` (service-area.ts): the same check `create` refuses by. 404 for an unknown
     * or unbookable service.
     */
    async serviceArea(
      user: AuthUser,
      serviceId: string,
      query: ServiceAreaQuery,
    ): Promise<ServiceAreaCheck> {
      const service = await requireBookableService(db, serviceId);
      return serviceAreaOf(user.id, service, query);
    },

    /**
     * Prices a booking of `serviceId` at `startsAt` before any order exists, by the same rule
     * `create` uses (service price + `policy.bookingFee`); amounts in minor units. Refuses a slot
     * the picker would not offer as `create` does (404 unknown or unbookable service, 400
     * `invalid_slot` off grid / too soon / beyond the horizon); a taken slot is still quoted,
     * since whether it is free is decided when the order is placed.
     */
    async quote(serviceId: string, query: ServiceQuoteQuery): Promise<ServiceQuote> {
      const service = await requireBookableService(db, serviceId);
      const check = await checkSlot(db, service.id, new Date(query.startsAt), clock.now());
      if (!check.ok && check.reason !== 'taken') throw slotRefusal(check, msg.slotTaken);
      const subtotal = service.price;
      const bookingFee = policy.bookingFee(subtotal);
      return { subtotal, bookingFee, total: subtotal + bookingFee, currency: service.currency };
    },

    /**
     * Books a slot (customer only; 403 `customer_only`). The server prices it (service price +
     * `bookingFee`) and checks the slot by the slot picker's rules (catalogue `checkSlot`, issue
     * #8): on the service's grid of the vendor's hours and exceptions, within its horizon and at
     * least its minimum notice ahead (else 400 `invalid_slot`), and free of other bookings and
     * their buffers (else 409 `slot_taken`). One transaction holds the
     * customer's booking lock (`lockCustomerBookings`) and the vendor row lock: a repeated
     * `Idempotency-Key` — also 20 at once — returns the first order (201 each; 422 when the body
     * differs), and the customer may hold at most `UNPAID_ORDER_LIMIT` unpaid, unexpired
     * bookings (else 429 `too_many_unpaid_orders`). The order holds the slot for `HOLD_MS`.
     * Before any of that is taken, an address outside the pro's service radius is refused with
     * 422 `outside_service_area` ("<pro> doesn't serve <place> (<distance> away)"); the job is
     * located by `body.placeId` (a saved place) or else the town named in `body.address`, and an
     * address naming no known town is not refused (service-area.ts).
     */
    async create(user: AuthUser, body: CreateOrderBody, idempotencyKey?: string): Promise<Order> {
      if (user.role !== 'customer') throw msg.customerOnly();
      if (idempotencyKey) {
        const id = await replay(db, user.id, idempotencyKey, body);
        if (id) return orderDto(id);
      }
      const service = await requireBookableService(db, body.serviceId);
      const startsAt = new Date(body.startsAt);
      // A slot not on offer is refused before any lock; whether it is free is decided under the
      // vendor's lock below (a repeated Idempotency-Key must find its first order, not a 409).
      const precheck = await checkSlot(db, service.id, startsAt, clock.now(), {
        exceptOfferOf: user.id,
      });
      if (!precheck.ok && precheck.reason !== 'taken') {
        throw slotRefusal(precheck, msg.slotTaken);
      }
      // Outside the pro's area: refused before any lock or row, so nothing is held or written.
      const area = await serviceAreaOf(user.id, service, {
        placeId: body.placeId,
        address: body.address,
      });
      if (area.served === false && area.message) throw msg.outsideServiceArea(area.message);

      const subtotal = service.price;
      const fee = policy.bookingFee(subtotal);
      for (let attempt = 0; ; attempt++) {
        try {
          const orderId = await inTransaction(async (tx) => {
            await repo.lockCustomerBookings(tx, user.id);
            if (idempotencyKey) {
              const id = await replay(tx, user.id, idempotencyKey, body);
              if (id) return id;
            }
            const now = clock.now();
            if (!policy.mayBookAnother(await repo.countUnpaidHolds(tx, user.id, now))) {
              throw msg.tooManyUnpaid();
            }
            await repo.lockVendor(tx, service.vendorId);
            // A slot held for this customer by the waitlist (issue #9) is theirs to book.
            const check = await checkSlot(tx, service.id, startsAt, now, {
              exceptOfferOf: user.id,
            });
            if (!check.ok) throw slotRefusal(check, msg.slotTaken);
            const slot = check.slot;
            const id = uuidv7();
            await repo.insertOrder(tx, {
              id,
              reference: newOrderReference(),
              customerId: user.id,
              vendorId: service.vendorId,
              serviceId: service.id,
              startsAt: slot.startsAt,
              endsAt: slot.endsAt,
              address: body.address,
              notes: body.notes || null,
              subtotal,
              fee,
              total: subtotal + fee,
              currency: service.currency,
              status: 'pending_payment',
              idempotencyKey: idempotencyKey ?? null,
              holdExpiresAt: new Date(now.getTime() + HOLD_MS),
            });
            await repo.insertEvent(tx, {
              id: uuidv7(),
              createdAt: now,
              orderId: id,
              status: 'pending_payment',
              actorId: user.id,
              note: 'Booking created',
            });
            await markWaitlistBooked(tx, {
              serviceId: service.id,
              customerId: user.id,
              startsAt: slot.startsAt,
              timeZone: service.timeZone,
            });
            return id;
          });
          return orderDto(orderId);
        } catch (err) {
          const { code, constraint } = repo.pgError(err);
          if (
            code === '23505' &&
            constraint === 'orders_customer_idempotency_uq' &&
            idempotencyKey
          ) {
            // Cannot happen under the customer lock; kept as a net: answer with the first order.
            const id = await replay(db, user.id, idempotencyKey, body);
            if (id) return orderDto(id);
          }
          if (code === '23505' && constraint?.includes('reference') && attempt < 3) continue;
          throw err;
        }
      }
    },

    /**
     * Newest first. A customer sees their own orders; a vendor the orders of their profile that
     * were ever paid (an unpaid checkout is not a booking: the vendor hears of an order once it
     * is paid); an admin every order.
     */
    async list(user: AuthUser, query: { page: number; pageSize: number; status?: OrderStatus }) {
      let scope: repo.OrderListScope;
      if (user.role === 'customer') scope = { kind: 'customer', customerId: user.id };
      else if (user.role === 'vendor') {
        const vendorId = await repo.vendorProfileIdOf(db, user.id);
        if (!vendorId) {
          return { items: [], page: query.page, pageSize: query.pageSize, total: 0, totalPages: 0 };
        }
        scope = { kind: 'vendor', vendorId };
      } else scope = { kind: 'all' };
      const { rows, total } = await repo.listOrders(db, scope, query);
      return {
        items: rows.map(repo.toOrderDto),
        page: query.page,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** One order with its events and payment, for its customer, its vendor or an admin (else 404). */
    async get(user: AuthUser, id: string): Promise<OrderDetail> {
      const { view, role } = await visible(user, id);
      return detail(view, role);
    },

    /**
     * Applies one action of the state machine (`policy.decideTransition`) in one transaction
     * holding the order row lock. Checks, in order: visible (404 `order_not_found`) → right
     * side (403 `wrong_actor`) → right state (409 `invalid_transition`) → time rules (409
     * `too_early_to_start`, `cancel_too_late`) → for `start`, the customer's code (400
     * `start_code_required` / `wrong_start_code`, 429 `start_code_locked`; a wrong code is
     * counted even though the answer is an error). In the same transaction: the status change,
     * an `order_events` row, the money job (accept → capture; decline / cancel of a paid order →
     * void; cancel of an accepted one → refund per the refund policy), notifications to the
     * other side and an `order` realtime event to both parties. Accept issues the start code.
     */
    async transition(user: AuthUser, id: string, body: OrderTransitionBody): Promise<OrderDetail> {
      const outcome = await inTransaction(async (tx) => {
        const { view, role } = await lockForChange(tx, user, id);
        const o = view.order;
        const now = clock.now();
        const verdict = policy.decideTransition({ action: body.action, role, order: o, now });
        if (!verdict.ok) {
          switch (verdict.reason) {
            case 'wrong_actor':
              throw msg.wrongActor(body.action, verdict.by);
            case 'invalid_transition':
              throw msg.invalidTransition(body.action, o.status);
            case 'too_early':
              throw msg.tooEarlyToStart(verdict.earliest, view.vendorTimeZone);
            case 'slot_started':
              throw msg.cancelTooLate();
          }
        }
        if (body.action === 'start') {
          const check = policy.checkStartCode(
            {
              code: o.startCode,
              failures: o.startCodeFailures,
              lockedUntil: o.startCodeLockedUntil,
            },
            body.startCode,
            now,
          );
          if (check.result === 'missing') throw msg.startCodeRequired();
          if (check.result === 'locked')
            throw msg.startCodeLocked(check.until, view.vendorTimeZone);
          if (check.result === 'wrong') {
            await repo.updateOrder(tx, id, {
              startCodeFailures: check.failures,
              startCodeLockedUntil: check.lockedUntil,
            });
            return { kind: 'wrong_start_code' as const };
          }
        }

        await repo.updateOrder(tx, id, {
          status: verdict.to,
          holdExpiresAt: null,
          updatedAt: now,
          // The code exists only while the job awaits its start.
          startCode: body.action === 'accept' ? newStartCode() : null,
          startCodeFailures: 0,
          startCodeLockedUntil: null,
          // Any step of the state machine answers a pending new time (issue #9): accepting or
          // starting keeps it, cancelling or declining ends the booking.
          previousStartsAt: null,
          previousEndsAt: null,
        });
        const band = body.action === 'cancel' ? policy.cancellationBand(o, role, now) : null;
        await repo.insertEvent(tx, {
          id: uuidv7(),
          createdAt: now,
          orderId: id,
          status: verdict.to,
          actorId: user.id,
          note: body.reason || (band ? msg.cancelNote(role, band, o.currency) : null),
        });
        const money = verdict.money;
        if (money.kind === 'capture') await payments.requestCapture(tx, id, user.id);
        if (money.kind === 'void') await payments.requestVoid(tx, id, user.id);
        if (money.kind === 'refund') {
          await payments.requestRefund(tx, id, money.amount, msg.refundReason(role), user.id);
        }
        await notify(
          tx,
          msg.transitionNotices(
            body.action,
            role,
            {
              orderId: id,
              customerId: o.customerId,
              vendorUserId: view.vendorUserId,
              customerName: view.customerName,
              businessName: view.businessName,
              serviceTitle: view.serviceTitle,
              startsAt: o.startsAt,
              timeZone: view.vendorTimeZone,
              total: o.total,
              currency: o.currency,
              from: o.status,
              to: verdict.to,
            },
            money,
          ),
        );
        await pushToUsers(tx, [o.customerId, view.vendorUserId], {
          type: 'order',
          data: { id, status: verdict.to },
        });
        // The slot is free again (issue #9): the day's waitlist gets the first chance at it.
        if (verdict.to === 'cancelled' || verdict.to === 'declined') {
          await offerFreedDay(tx, view, o.startsAt, now);
        }
        return { kind: 'done' as const, role };
      });
      if (outcome.kind === 'wrong_start_code') throw msg.wrongStartCode();
      const fresh = await repo.loadOrderView(db, id);
      if (!fresh) throw msg.orderNotFound();
      return detail(fresh, outcome.role);
    },

    /**
     * `GET /v1/orders/{id}/cancellation` (issue #9): what cancelling now would do, for the
     * caller — the band of the published policy (contract `cancellationDecision`, the function
     * `transition` applies), the refund in minor units, the share, and when the band ends. 404
     * when the order is none of the caller's; 409 `invalid_transition` when an order in its
     * state cannot be cancelled (in progress, completed, cancelled…).
     */
    async cancellationQuote(user: AuthUser, id: string): Promise<CancellationQuote> {
      const { view, role } = await visible(user, id);
      const o = view.order;
      const d = policy.cancellationBand(o, role, clock.now());
      if (!d) throw msg.invalidTransition('cancel', o.status);
      return {
        allowed: d.allowed,
        band: d.band.id,
        label: d.band.label,
        reason: msg.quoteReason(d, role, o.currency),
        refund: { amount: d.refund, currency: o.currency },
        share: { of: d.band.refund.of, bps: d.band.refund.bps },
        money: d.money,
        deadline: d.deadline?.toISOString() ?? null,
      };
    },

    /**
     * `POST /v1/orders/{id}/reschedule { startsAt }` (issue #9): moves a paid or accepted
     * booking to another slot of the same service, by its customer (or an admin), until the
     * cut-off (`rescheduleNoticeMs`, 24 h before the current start). One transaction under the
     * vendor's time lock and the order row lock: the new slot must be one the slot picker offers
     * (catalogue `checkSlot`, issue #8: grid, exceptions, horizon, minimum notice; else 400
     * `invalid_slot`), not the current one (400), and free of other orders, holds and held
     * waitlist offers with the vendor's buffer (409 `slot_taken`; the database's
     * `orders_vendor_slot_live_uq` refuses a taken slot too → 409). Stores the slot the pro
     * agreed to in `previous_starts_at/previous_ends_at` (kept across several moves until the pro
     * answers; cleared when the customer moves back to it) and `rescheduled_at`; a timeline
     * event; the pro is notified (they may decline the new time); both parties' pages refresh;
     * the old slot's day is offered to its waitlist. Errors: 403 `wrong_actor` (the vendor), 404,
     * 409 `invalid_transition` (state), `reschedule_too_late`.
     */
    async reschedule(user: AuthUser, id: string, body: RescheduleBody): Promise<OrderDetail> {
      try {
        const role = await inTransaction(async (tx) => {
          const { view, role } = await lockForChange(tx, user, id);
          const o = view.order;
          const now = clock.now();
          const verdict = policy.decideReschedule({ role, order: o, now });
          if (!verdict.ok) {
            if (verdict.reason === 'wrong_actor') throw msg.rescheduleWrongActor(verdict.by);
            if (verdict.reason === 'too_late') {
              throw msg.rescheduleTooLate(verdict.deadline, view.vendorTimeZone);
            }
            throw msg.rescheduleInvalidState(o.status);
          }
          await requireBookableService(tx, o.serviceId);
          const startsAt = new Date(body.startsAt);
          const check = await checkSlot(tx, o.serviceId, startsAt, now, {
            excludeOrderId: o.id,
            exceptOfferOf: o.customerId,
          });
          if (!check.ok && check.reason !== 'taken') {
            throw slotRefusal(check, msg.rescheduleSlotTaken);
          }
          if (startsAt.getTime() === o.startsAt.getTime()) throw msg.rescheduleSameSlot();
          if (!check.ok) throw msg.rescheduleSlotTaken();
          const slot = check.slot;
          // The time the pro agreed to stays the "previous" one until they answer.
          const agreedStart = o.previousStartsAt ?? o.startsAt;
          const agreedEnd = o.previousEndsAt ?? o.endsAt;
          const backToAgreed = agreedStart.getTime() === slot.startsAt.getTime();
          await repo.updateOrder(tx, id, {
            startsAt: slot.startsAt,
            endsAt: slot.endsAt,
            previousStartsAt: backToAgreed ? null : agreedStart,
            previousEndsAt: backToAgreed ? null : agreedEnd,
            rescheduledAt: now,
            updatedAt: now,
          });
          await repo.insertEvent(tx, {
            id: uuidv7(),
            createdAt: now,
            orderId: id,
            status: o.status,
            actorId: user.id,
            note: msg.rescheduledNote(o.startsAt, slot.startsAt, view.vendorTimeZone),
          });
          await notify(tx, [
            msg.rescheduledNotice(rescheduleFacts(view), o.startsAt, slot.startsAt, now),
          ]);
          await pushToUsers(tx, [o.customerId, view.vendorUserId], {
            type: 'order',
            data: { id, status: o.status },
          });
          await markWaitlistBooked(tx, {
            serviceId: o.serviceId,
            customerId: o.customerId,
            startsAt: slot.startsAt,
            timeZone: view.vendorTimeZone,
          });
          await offerFreedDay(tx, view, o.startsAt, now);
          return role;
        });
        return freshDetail(id, role);
      } catch (err) {
        const { code, constraint } = repo.pgError(err);
        if (code === '23505' && constraint === 'orders_vendor_slot_live_uq') {
          throw msg.rescheduleSlotTaken();
        }
        throw err;
      }
    },

    /**
     * `POST /v1/orders/{id}/reschedule/decline` (issue #9): the pro (or an admin) declines the
     * customer's new time. Back to the previous slot when it is still free and at least
     * `LEAD_TIME_MS` ahead (`policy.declineOutcome`); otherwise the booking is cancelled with a
     * full refund (a paid one's hold released, an accepted one's total refunded through the
     * outbox). Either way: a timeline event, the customer notified, both pages refreshed, and the
     * freed day offered to its waitlist. Errors: 403 `wrong_actor` (the customer), 404, 409
     * `invalid_transition` (state) or `no_pending_reschedule`.
     */
    async declineReschedule(user: AuthUser, id: string): Promise<OrderDetail> {
      const role = await inTransaction(async (tx) => {
        const { view, role } = await lockForChange(tx, user, id);
        const o = view.order;
        const now = clock.now();
        const verdict = policy.decideRescheduleAnswer({ role, order: o });
        if (!verdict.ok) throw answerRefusal(verdict, o.status);
        const previous = { startsAt: o.previousStartsAt!, endsAt: o.previousEndsAt! };
        const previousFree =
          (await blockingOrders(tx, o.vendorId, previous, now, o.id, o.customerId)).length === 0;
        const outcome = policy.declineOutcome({
          previousStartsAt: previous.startsAt,
          previousFree,
          now,
        });
        const clear = { previousStartsAt: null, previousEndsAt: null, updatedAt: now };
        let money: policy.MoneyEffect = { kind: 'none' };
        if (outcome === 'restore') {
          await repo.updateOrder(tx, id, { ...clear, ...previous });
        } else {
          await repo.updateOrder(tx, id, {
            ...clear,
            status: 'cancelled',
            holdExpiresAt: null,
            startCode: null,
            startCodeFailures: 0,
            startCodeLockedUntil: null,
          });
          // The pro could keep neither time: everything back, like any pro cancellation.
          if (o.status === 'paid') {
            money = { kind: 'void' };
            await payments.requestVoid(tx, id, user.id);
          } else {
            money = { kind: 'refund', amount: o.total };
            await payments.requestRefund(tx, id, o.total, msg.rescheduleRefundReason, user.id);
          }
        }
        await repo.insertEvent(tx, {
          id: uuidv7(),
          createdAt: now,
          orderId: id,
          status: outcome === 'restore' ? o.status : 'cancelled',
          actorId: user.id,
          note:
            outcome === 'restore'
              ? msg.rescheduleRestoredNote(previous.startsAt, view.vendorTimeZone)
              : msg.rescheduleCancelledNote(),
        });
        await notify(tx, [
          msg.rescheduleAnswerNotice(
            rescheduleFacts(view),
            outcome === 'restore' ? 'restored' : 'cancelled',
            o.startsAt,
            previous.startsAt,
            money,
            o.total,
            o.currency,
          ),
        ]);
        await pushToUsers(tx, [o.customerId, view.vendorUserId], {
          type: 'order',
          data: { id, status: outcome === 'restore' ? o.status : 'cancelled' },
        });
        // The declined new time is free again (and the old one too when cancelled).
        await offerFreedDay(tx, view, o.startsAt, now);
        if (outcome === 'cancel') await offerFreedDay(tx, view, previous.startsAt, now);
        return role;
      });
      return freshDetail(id, role);
    },

    /**
     * `POST /v1/orders/{id}/reschedule/confirm` (issue #9): the pro (or an admin) keeps the
     * customer's new time; the pending change is cleared, the customer told. Errors as
     * {@link declineReschedule}.
     */
    async confirmReschedule(user: AuthUser, id: string): Promise<OrderDetail> {
      const role = await inTransaction(async (tx) => {
        const { view, role } = await lockForChange(tx, user, id);
        const o = view.order;
        const now = clock.now();
        const verdict = policy.decideRescheduleAnswer({ role, order: o });
        if (!verdict.ok) throw answerRefusal(verdict, o.status);
        await repo.updateOrder(tx, id, {
          previousStartsAt: null,
          previousEndsAt: null,
          updatedAt: now,
        });
        await repo.insertEvent(tx, {
          id: uuidv7(),
          createdAt: now,
          orderId: id,
          status: o.status,
          actorId: user.id,
          note: msg.rescheduleConfirmedNote(o.startsAt, view.vendorTimeZone),
        });
        await notify(tx, [
          msg.rescheduleAnswerNotice(
            rescheduleFacts(view),
            'confirmed',
            o.startsAt,
            o.previousStartsAt!,
            { kind: 'none' },
            o.total,
            o.currency,
          ),
        ]);
        await pushToUsers(tx, [o.customerId, view.vendorUserId], {
          type: 'order',
          data: { id, status: o.status },
        });
        return role;
      });
      return freshDetail(id, role);
    },
  };
}

/** The HTTP error of a refused answer to a new time. */
function answerRefusal(
  verdict: { ok: false } & policy.RescheduleRefusal,
  status: OrderStatus,
): Error {
  if (verdict.reason === 'wrong_actor') return msg.rescheduleWrongActor(verdict.by);
  if (verdict.reason === 'nothing_pending') return msg.nothingToAnswer();
  return msg.rescheduleInvalidState(status);
}

export type OrdersService = ReturnType<typeof createOrdersService>;
