/** Before any order exists: the price of a booking, and whether the pro serves an address. */
import type {
  ServiceAreaCheck,
  ServiceAreaQuery,
  ServiceQuote,
  ServiceQuoteQuery,
} from '@vetted/contract';
import type { AuthUser } from '../../../platform/types';
import { requireBookableService } from '../../catalogue';
import { checkSlot } from '../../scheduling';
import * as msg from '../messages';
import * as policy from '../policy';
import * as repo from '../repository';
import { checkServiceArea, type JobLocation } from '../service-area';
import { type OrdersContext, slotRefusal } from './context';

/**
 * Whether the pro of `service` serves `job` for `customerId` (service-area.ts).
 * @throws AppError 404 `service_not_found` when the pro's profile is gone
 */
export async function serviceAreaOf(
  ctx: OrdersContext,
  customerId: string,
  service: { vendorId: string; businessName: string },
  job: JobLocation,
): Promise<ServiceAreaCheck> {
  const area = await repo.vendorArea(ctx.db, service.vendorId);
  if (!area) throw msg.serviceNotFound();
  return checkServiceArea(
    { db: ctx.db, geocoder: ctx.geocoder },
    customerId,
    service.businessName,
    area,
    job,
  );
}

/**
 * Whether the pro of service `serviceId` serves a saved place of `user` (`placeId`) or a
 * typed `address` (service-area.ts): the same check `create` refuses by. 404 for an unknown
 * or unbookable service.
 */
export async function serviceArea(
  ctx: OrdersContext,
  user: AuthUser,
  serviceId: string,
  query: ServiceAreaQuery,
): Promise<ServiceAreaCheck> {
  const service = await requireBookableService(ctx.db, serviceId);
  return serviceAreaOf(ctx, user.id, service, query);
}

/**
 * Prices a booking of `serviceId` at `startsAt` before any order exists, by the same rule
 * `create` uses (service price + `policy.bookingFee`); amounts in minor units. Refuses a slot
 * the picker would not offer as `create` does (404 unknown or unbookable service, 400
 * `invalid_slot` off grid / too soon / beyond the horizon); a taken slot is still quoted,
 * since whether it is free is decided when the order is placed.
 */
export async function quote(
  ctx: OrdersContext,
  serviceId: string,
  query: ServiceQuoteQuery,
): Promise<ServiceQuote> {
  const service = await requireBookableService(ctx.db, serviceId);
  const check = await checkSlot(ctx.db, service.id, new Date(query.startsAt), ctx.clock.now());
  if (!check.ok && check.reason !== 'taken') throw slotRefusal(check, msg.slotTaken);
  const subtotal = service.price;
  const bookingFee = policy.bookingFee(subtotal);
  return { subtotal, bookingFee, total: subtotal + bookingFee, currency: service.currency };
}
