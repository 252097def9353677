import type * as React from 'react';
import { cn } from '../lib/utils';

type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'title'> & {
  /** Decorative icon above the title. */
  icon?: React.ReactNode;
  /** What is empty, e.g. "No orders yet". */
  title: React.ReactNode;
  /** What to do about it. */
  description?: React.ReactNode;
  /** A call to action (usually a Button). */
  action?: React.ReactNode;
};

/** A centred message for empty lists and searches without results. */
function EmptyState({ icon, title, description, action, className, ...props }: EmptyStateProps) {
  return (
    <div
      data-slot="empty-state"
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-lg border border-dashed border-border px-6 py-10 text-center',
        className,
      )}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-link [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <p className="text-base font-semibold text-fg">{title}</p>
      {description ? <p className="max-w-sm text-sm text-muted">{description}</p> : null}
      {action ? <div className="mt-2">{action}</div> : null}
    </div>
  );
}

export { EmptyState };
export type { EmptyStateProps };
