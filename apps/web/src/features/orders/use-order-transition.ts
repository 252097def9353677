import type { OrderDetail, OrderTransitionBody } from '@vetted/contract';
import type { KeyedMutator } from 'swr';
import { errorMessage } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { api } from '../../lib/vetted-api';
import { useApplyOrder } from './use-apply-order';

type Action = OrderTransitionBody['action'];

/** The toast after each transition the API accepted. */
const DONE: Record<Action, string> = {
  accept: 'Booking accepted',
  decline: 'Booking declined',
  start: 'Job started',
  complete: 'Job marked complete',
  cancel: 'Booking cancelled',
};

/**
 * Runs a transition (`POST /orders/:id/transitions`); the server decides whether it is allowed
 * and says why not. The returned function resolves once the new order is in the cache, and
 * rejects with the API's error on a refusal, after asking for the order again: the page may be
 * stale (the other side acted), and must not keep offering what is no longer possible.
 */
export function useOrderTransition(order: OrderDetail, mutate: KeyedMutator<OrderDetail>) {
  const apply = useApplyOrder(mutate);
  return async (action: Action, extra: Omit<OrderTransitionBody, 'action'> = {}) => {
    try {
      await apply(await api.orders.transition(order.id, { action, ...extra }));
      toast.success(DONE[action]);
    } catch (error) {
      void mutate();
      // ConfirmDialog stays open on rejection so the person can retry or cancel.
      throw error;
    }
  };
}

/**
 * Wraps an action so that a refusal is reported in a toast, then rethrown (dialogs stay open on
 * rejection).
 */
export function reportingErrors(run: () => Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await run();
    } catch (error) {
      toast.error(errorMessage(error));
      throw error;
    }
  };
}
