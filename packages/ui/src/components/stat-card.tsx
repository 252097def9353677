import type * as React from 'react';
import { cn } from '../lib/utils';

type StatCardProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** What is measured, e.g. "Bookings this month". */
  label: React.ReactNode;
  /** The figure. */
  value: React.ReactNode;
  /** Context under the value, e.g. "+12% vs last month". */
  hint?: React.ReactNode;
};

/** A dashboard figure. */
function StatCard({ label, value, hint, className, ...props }: StatCardProps) {
  return (
    <div
      data-slot="stat-card"
      className={cn(
        'flex flex-col gap-1 rounded-lg border border-border bg-surface-raised p-5',
        className,
      )}
      {...props}
    >
      <p className="text-sm text-muted">{label}</p>
      <p className="text-2xl font-bold tracking-tight tabular-nums">{value}</p>
      {hint ? <p className="text-xs text-muted">{hint}</p> : null}
    </div>
  );
}

export { StatCard };
export type { StatCardProps };
