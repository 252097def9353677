import type { PlanStatus } from '@vetted/contract';
import { Badge } from '@vetted/ui';
import { PLAN_STATUS } from './plan-words';

/** A plan's status as a badge ("Awaiting the pro", "Active", "Paused", …; see `PLAN_STATUS`). */
export function PlanStatusBadge({ status }: { status: PlanStatus }) {
  const entry = PLAN_STATUS[status];
  return (
    <Badge data-status={status} variant={entry.variant}>
      {entry.label}
    </Badge>
  );
}
