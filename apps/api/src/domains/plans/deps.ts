/** What the plans domain is given: the common deps, the visit orders and the saved cards. */
import type { Tx } from '../../db/client';
import type { ServiceDeps } from '../deps';
import type { PlanVisits } from '../orders';
import type { PaymentsService } from '../payments';

export interface PlansDeps extends ServiceDeps {
  /** The orders domain's functions for visit orders (orders/use-cases/plan-visit.ts). */
  visits: PlanVisits;
  /** Saved cards and off-session authorisations (payments domain). */
  payments: Pick<PaymentsService, 'authorizeOffSession' | 'savedCardOfOrder' | 'savedCard'>;
}

/** The deps with the domain's transaction runner (retried on deadlock / serialisation). */
export interface PlansContext extends PlansDeps {
  inTransaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
}
