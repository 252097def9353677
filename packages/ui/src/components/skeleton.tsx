import type * as React from 'react';
import { cn } from '../lib/utils';

/** A pulsing placeholder block shown while content loads (hidden from assistive tech). */
function Skeleton({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-surface-muted', className)}
      {...props}
    />
  );
}

export { Skeleton };
