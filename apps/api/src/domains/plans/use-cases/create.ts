/** `POST /v1/plans`: a customer starts a plan; its first visit's order is booked on the slot. */
import type { CreatePlanBody, Plan } from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { AuthUser } from '../../../platform/types';
import { requireBookableService } from '../../catalogue';
import { notify } from '../../notifications';
import type { PlansContext } from '../deps';
import * as msg from '../messages';
import { localTimeOf } from '../policy';
import * as repo from '../repository';
import { factsOf } from './context';
import { freshPlan } from './present';

/**
 * Starts a plan (customers only: 403 `customer_only`). The first slot is checked as
 * `POST /v1/orders` checks it (orders `precheck` and `bookFirst`: 400 `invalid_slot` and
 * friends, 409 `slot_taken`, 422 `outside_service_area`, 429 `too_many_unpaid_orders`); `until`
 * must be after it (400 `invalid_until`). One transaction writes the plan (`pending`, every
 * visit at the first one's local time in the pro's zone), visit 1's order (paid through the
 * usual checkout: answered as `firstOrderId`) and the pro's "New plan request" notice.
 */
export async function createPlan(
  ctx: PlansContext,
  user: AuthUser,
  body: CreatePlanBody,
): Promise<Plan> {
  if (user.role !== 'customer') throw msg.customerOnly();
  const startsAt = new Date(body.startsAt);
  const until = body.until ? new Date(body.until) : null;
  if (until && until.getTime() <= startsAt.getTime()) throw msg.untilBeforeStart();
  const service = await requireBookableService(ctx.db, body.serviceId);
  await ctx.visits.precheck(user, service, body);
  const id = uuidv7();
  await ctx.inTransaction(async (tx) => {
    const now = ctx.clock.now();
    await repo.insertPlan(tx, {
      id,
      customerId: user.id,
      vendorId: service.vendorId,
      serviceId: service.id,
      frequency: body.frequency,
      startsAt,
      localTime: localTimeOf(startsAt, service.timeZone),
      timeZone: service.timeZone,
      until,
      address: body.address,
      notes: body.notes || null,
      status: 'pending',
      // Visit 1 is booked here: the creating job starts after it.
      visitsCreatedThrough: startsAt,
      createdAt: now,
      updatedAt: now,
    });
    await ctx.visits.bookFirst(tx, { planId: id, user, service, body, now });
    const view = await repo.loadPlanView(tx, id);
    if (view) {
      await notify(tx, [
        { ...msg.requestedNotice(factsOf(view), startsAt), key: `plan:${id}:requested` },
      ]);
    }
  });
  return freshPlan(ctx, id);
}
