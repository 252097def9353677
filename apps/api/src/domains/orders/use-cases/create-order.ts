/** Booking a slot: `POST /v1/orders`, with its `Idempotency-Key` replays. */
import type { CreateOrderBody, Order } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { requireBookableService } from '../../catalogue';
import { checkSlot, HOLD_MS } from '../../scheduling';
import { markWaitlistBooked } from '../../waitlist';
import { newOrderReference } from '../codes';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import { type OrdersContext, slotRefusal } from './context';
import { serviceAreaOf } from './quote';
import { orderDto } from './read-order';
import { lockVendorProfile } from '../../vendors';

/** A bookable service as `requireBookableService` answers it. */
type BookableService = Awaited<ReturnType<typeof requireBookableService>>;

function sameRequest(order: repo.OrderRow, body: CreateOrderBody): boolean {
  return (
    order.serviceId === body.serviceId &&
    order.startsAt.getTime() === Date.parse(body.startsAt) &&
    order.address === body.address &&
    (order.notes ?? null) === (body.notes || null)
  );
}

/**
 * The first order of `key` if any.
 * @throws AppError 422 `idempotency_mismatch` when it was for a different booking
 */
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

/**
 * The transaction of a booking: under the customer's booking lock, a replay of `idempotencyKey`
 * answers its first order; else the unpaid cap, the vendor's lock, the slot check, the order
 * with its first event, and the customer's waitlist entries of that day marked booked.
 * Returns the order's id.
 */
async function book(
  ctx: OrdersContext,
  user: AuthUser,
  body: CreateOrderBody,
  service: BookableService,
  idempotencyKey: string | undefined,
): Promise<string> {
  const startsAt = new Date(body.startsAt);
  const subtotal = service.price;
  const fee = policy.bookingFee(subtotal);
  return ctx.inTransaction(async (tx) => {
    await repo.lockCustomerBookings(tx, user.id);
    if (idempotencyKey) {
      const id = await replay(tx, user.id, idempotencyKey, body);
      if (id) return id;
    }
    const now = ctx.clock.now();
    if (!policy.mayBookAnother(await repo.countUnpaidHolds(tx, user.id, now))) {
      throw msg.tooManyUnpaid(policy.UNPAID_ORDER_LIMIT);
    }
    await lockVendorProfile(tx, service.vendorId);
    // A slot held for this customer by the waitlist is theirs to book.
    const check = await checkSlot(tx, service.id, startsAt, now, { exceptOfferOf: user.id });
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
}

/**
 * Books a slot (customer only; 403 `customer_only`). The server prices it (service price +
 * `bookingFee`) and checks the slot by the slot picker's rules (catalogue `checkSlot`): on the service's grid of the vendor's hours and exceptions, within its horizon and at
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
export async function createOrder(
  ctx: OrdersContext,
  user: AuthUser,
  body: CreateOrderBody,
  idempotencyKey?: string,
): Promise<Order> {
  if (user.role !== 'customer') throw msg.customerOnly();
  if (idempotencyKey) {
    const id = await replay(ctx.db, user.id, idempotencyKey, body);
    if (id) return orderDto(ctx, id);
  }
  const service = await requireBookableService(ctx.db, body.serviceId);
  const startsAt = new Date(body.startsAt);
  // A slot not on offer is refused before any lock; whether it is free is decided under the
  // vendor's lock below (a repeated Idempotency-Key must find its first order, not a 409).
  const precheck = await checkSlot(ctx.db, service.id, startsAt, ctx.clock.now(), {
    exceptOfferOf: user.id,
  });
  if (!precheck.ok && precheck.reason !== 'taken') {
    throw slotRefusal(precheck, msg.slotTaken);
  }
  // Outside the pro's area: refused before any lock or row, so nothing is held or written.
  const area = await serviceAreaOf(ctx, user.id, service, {
    placeId: body.placeId,
    address: body.address,
  });
  if (area.served === false && area.message) throw msg.outsideServiceArea(area.message);

  for (let attempt = 0; ; attempt++) {
    try {
      return orderDto(ctx, await book(ctx, user, body, service, idempotencyKey));
    } catch (err) {
      const { code, constraint } = repo.pgError(err);
      if (code === '23505' && constraint === 'orders_customer_idempotency_uq' && idempotencyKey) {
        // Cannot happen under the customer lock; kept as a net: answer with the first order.
        const id = await replay(ctx.db, user.id, idempotencyKey, body);
        if (id) return orderDto(ctx, id);
      }
      if (code === '23505' && constraint?.includes('reference') && attempt < 3) continue;
      throw err;
    }
  }
}
