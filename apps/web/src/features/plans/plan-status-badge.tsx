import type { PlanStatus } from '@vetted/contract';
import { Badge } from '@vetted/ui';
import { PLAN_STATUS } from './plan-words';

/**
 * A plan's status as a badge ("Awaiting the pro", "Active", "Paused", …; see `PLAN_STATUS`); a
 * pending plan reads "Awaiting your answer" to its pro.
 */
export function PlanStatusBadge({
  status,
  perspective = 'customer',
}: {
  status: PlanStatus;
  perspective?: 'customer' | 'vendor';
}) {
  const entry = PLAN_STATUS[status];
  const label =
    status === 'pending' && perspective === 'vendor' ? 'Awaiting your answer' : entry.label;
  return (
    <Badge data-status={status} variant={entry.variant}>
      {label}
    </Badge>
  );
}
