/**
 * Extras during a job (change orders): the pro proposes one while the order is accepted or in
 * progress; the customer approves it (a second card authorisation for its amount plus the
 * booking fee, confirmed like a checkout) or declines it. Nothing is charged without that
 * approval: no other endpoint lets a pro raise what the customer pays.
 */
import type { ChangeOrder, CreateChangeOrderBody, Payment } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client';
import type { AuthUser } from '../../../platform/types';
import { processImage, putProcessedImage } from '../../../services/images';
import type { Storage } from '../../../services/storage';
import { enqueueMail } from '../../mail';
import { notify, pushToUsers } from '../../notifications';
import * as text from '../change-order-messages';
import * as repo from '../change-orders-repository';
import type { ChangeOrderRow, StoredChangeOrderPhoto } from '../change-orders-repository';
import { bookingFee } from '../policy';
import { loadOrderFacts, type OrderFactsRow } from '../repository';
import { CHANGEABLE_STATES, extraFacts } from './change-order-lifecycle';
import { toChangeOrderDto } from './change-order-reads';
import { lockForChange, type OrdersContext, visible } from './context';

/** At most this many photos per extra (as a quote request's: contract multipart rules). */
export const CHANGE_ORDER_MAX_PHOTOS = 6;

/** Where an extra's photos are stored (private storage, served to the order's parties). */
export const CHANGE_ORDER_PHOTO_PREFIX = 'change-orders';

/** The photos of a proposal: raw uploads and the private store to keep them in. */
export interface ProposalPhotos {
  images: Buffer[];
  storage: Storage | null;
}

/**
 * Decodes and stores each photo through the one image pipeline (spec §9: under 3 MB; re-encoded
 * to WebP, metadata stripped) under `change-orders/<order id>/`.
 * @throws AppError 400 `too_many_photos`, and the pipeline's 400/413s
 */
async function storePhotos(orderId: string, photos: ProposalPhotos) {
  if (photos.images.length > CHANGE_ORDER_MAX_PHOTOS) throw text.tooManyPhotos();
  const stored: StoredChangeOrderPhoto[] = [];
  if (!photos.storage) return stored;
  for (const bytes of photos.images) {
    const image = await processImage(bytes);
    const key = `${CHANGE_ORDER_PHOTO_PREFIX}/${orderId}/${uuidv7()}.webp`;
    await putProcessedImage(photos.storage, key, image);
    stored.push({ key, width: image.width, height: image.height });
  }
  return stored;
}

/** Both parties' order pages refresh (agreed realtime event `order`). */
function pushOrder(tx: DbOrTx, v: OrderFactsRow) {
  return pushToUsers(tx, [v.order.customerId, v.vendorUserId], {
    type: 'order',
    data: { id: v.order.id, status: v.order.status },
  });
}

/**
 * `POST /v1/orders/{id}/change-orders`: the order's pro proposes an extra of `body.amount`
 * (minor units of the order's currency) with the platform fee on top (orders policy
 * `bookingFee`, the same as a booking's); status `proposed`; the customer is told in-app, by
 * mail and by a live frame.
 * @throws AppError 404 `order_not_found` (not a party), 403 `wrong_actor` (the customer or an
 *   admin), 409 `order_not_changeable` (not accepted or in progress), 400 `too_many_photos`
 */
export async function proposeChangeOrder(
  ctx: OrdersContext,
  user: AuthUser,
  orderId: string,
  body: CreateChangeOrderBody,
  photos: ProposalPhotos = { images: [], storage: null },
): Promise<ChangeOrder> {
  const { view, role } = await visible(ctx, user, orderId);
  if (role !== 'vendor') throw text.proposerOnly();
  if (!CHANGEABLE_STATES.includes(view.order.status)) {
    throw text.orderNotChangeable(view.order.status);
  }
  // Stored before the transaction: decoding images must not hold the order's lock.
  const stored = await storePhotos(orderId, photos);
  const row = await ctx.inTransaction(async (tx) => {
    const locked = await lockForChange(tx, user, orderId);
    const o = locked.view.order;
    if (!CHANGEABLE_STATES.includes(o.status)) throw text.orderNotChangeable(o.status);
    const now = ctx.clock.now();
    const co = await repo.insertChangeOrder(tx, {
      id: uuidv7(),
      orderId,
      description: body.description,
      amount: body.amount,
      fee: bookingFee(body.amount),
      currency: o.currency,
      photos: stored,
      status: 'proposed',
      proposedBy: user.id,
      createdAt: now,
      updatedAt: now,
    });
    const v = await loadOrderFacts(tx, orderId);
    if (!v) throw text.changeOrderNotFound();
    const facts = extraFacts(v, co);
    await notify(tx, [
      {
        userId: o.customerId,
        ...text.proposedNotice(facts),
        key: `change-order:${co.id}:proposed:customer`,
      },
    ]);
    await enqueueMail(
      tx,
      text.proposedMail({ to: v.customerEmail, facts, publicUrl: ctx.config.publicUrl }),
      `change-order:${co.id}:proposed:mail`,
    );
    await pushOrder(tx, v);
    return co;
  });
  return toChangeOrderDto(row);
}

/**
 * In `tx`: the order locked for a decision of the customer on extra `changeOrderId`, the extra
 * locked. @throws AppError 404 (not a party, unknown extra), 403 `wrong_actor` (not the
 * customer), 409 `change_order_not_proposed`, `order_not_changeable`
 */
async function lockForDecision(
  tx: DbOrTx,
  user: AuthUser,
  orderId: string,
  changeOrderId: string,
): Promise<{ order: OrderFactsRow['order']; co: ChangeOrderRow }> {
  const { view, role } = await lockForChange(tx, user, orderId);
  const co = await repo.lockChangeOrder(tx, orderId, changeOrderId);
  if (!co) throw text.changeOrderNotFound();
  if (role !== 'customer') throw text.deciderOnly();
  if (co.status !== 'proposed') throw text.changeOrderDecided(co.status);
  if (!CHANGEABLE_STATES.includes(view.order.status)) {
    throw text.orderNotChangeable(view.order.status);
  }
  return { order: view.order, co };
}

/**
 * `POST /v1/orders/{id}/change-orders/{changeOrderId}/approve`: the order's customer approves a
 * proposed extra. Opens (or resumes) its `change_order` payment of amount + fee and answers it,
 * prepared with the provider; the customer confirms it with `POST /v1/payments/{id}/confirm`,
 * and only once the card is authorised is the extra `approved` (payments' settlement). A
 * declined card leaves it `proposed` with the payment's error.
 * @throws AppError 404, 403 `wrong_actor`, 409 `change_order_not_proposed` /
 *   `order_not_changeable` (see {@link lockForDecision})
 */
export async function approveChangeOrder(
  ctx: OrdersContext,
  user: AuthUser,
  orderId: string,
  changeOrderId: string,
): Promise<Payment> {
  const paymentId = await ctx.inTransaction(async (tx) => {
    const { order, co } = await lockForDecision(tx, user, orderId, changeOrderId);
    const id = await ctx.payments.openChangeOrderPayment(tx, {
      orderId,
      amount: co.amount + co.fee,
      currency: order.currency,
      reuseId: co.paymentId,
    });
    if (id !== co.paymentId) {
      await repo.updateChangeOrder(tx, co.id, { paymentId: id, updatedAt: ctx.clock.now() });
    }
    return id;
  });
  return ctx.payments.prepareChangeOrderPayment(paymentId);
}

/**
 * `POST /v1/orders/{id}/change-orders/{changeOrderId}/decline`: the order's customer declines a
 * proposed extra: `declined`, its unconfirmed payment (if approval was started) closed, the pro
 * told. Nothing is charged.
 * @throws AppError as {@link approveChangeOrder}
 */
export async function declineChangeOrder(
  ctx: OrdersContext,
  user: AuthUser,
  orderId: string,
  changeOrderId: string,
): Promise<ChangeOrder> {
  const row = await ctx.inTransaction(async (tx) => {
    const { co } = await lockForDecision(tx, user, orderId, changeOrderId);
    const now = ctx.clock.now();
    if (co.paymentId) await ctx.payments.releaseChangeOrderPayment(tx, co.paymentId, user.id);
    const declined = await repo.updateChangeOrder(tx, co.id, {
      status: 'declined',
      decidedAt: now,
      updatedAt: now,
    });
    const v = await loadOrderFacts(tx, orderId);
    if (!declined || !v) throw text.changeOrderNotFound();
    await notify(tx, [
      {
        userId: v.vendorUserId,
        ...text.declinedNotice(extraFacts(v, declined)),
        key: `change-order:${co.id}:declined:vendor`,
      },
    ]);
    await pushOrder(tx, v);
    return declined;
  });
  return toChangeOrderDto(row);
}
