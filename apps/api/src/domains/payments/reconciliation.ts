import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsService } from './service';

/** How often reconciliation runs after the one at start: every 5 minutes, in ms. */
export const RECONCILE_INTERVAL_MS = 5 * 60_000;

export interface Reconciler {
  /** One pass now (errors are logged, not thrown); resolves with its summary, or null on error. */
  runOnce(): Promise<Awaited<ReturnType<PaymentsService['reconcile']>> | null>;
  /** A pass now, then one every `intervalMs` (the timer does not keep the process alive). */
  start(): void;
  /** Stops the timer and waits for a pass in flight. */
  stop(): Promise<void>;
}

/**
 * Runs `payments.reconcile()` at start and periodically: provider charges the
 * database does not account for — left by a crash between a provider call and its commit — are
 * adopted, voided or refunded. Passes never overlap. The window it looks at comes from the
 * service's injected clock.
 */
export function createReconciler({
  payments,
  log,
  intervalMs = RECONCILE_INTERVAL_MS,
}: {
  payments: Pick<PaymentsService, 'reconcile'>;
  log: FastifyBaseLogger;
  intervalMs?: number;
}): Reconciler {
  let running: ReturnType<Reconciler['runOnce']> | null = null;
  let timer: NodeJS.Timeout | null = null;

  function runOnce(): ReturnType<Reconciler['runOnce']> {
    running ??= payments
      .reconcile()
      .then((summary) => {
        if (summary.adopted + summary.voided + summary.refunded > 0) {
          log.warn({ ...summary }, 'payment reconciliation fixed orphan charges');
        } else {
          log.debug({ ...summary }, 'payment reconciliation: all charges accounted for');
        }
        return summary;
      })
      .catch((err: unknown) => {
        log.error({ err }, 'payment reconciliation failed');
        return null;
      })
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    runOnce,
    start() {
      if (timer) return;
      void runOnce();
      timer = setInterval(() => void runOnce(), intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}
