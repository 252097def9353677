import { Label as LabelPrimitive } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/utils';

type LabelProps = React.ComponentProps<typeof LabelPrimitive.Root>;

/** A form label (Radix Label: clicking it focuses the associated control). */
function Label({ className, ...props }: LabelProps) {
  return (
    <LabelPrimitive.Root
      data-slot="label"
      className={cn(
        'inline-flex items-center gap-1 text-sm leading-none font-medium text-fg select-none',
        'peer-disabled:cursor-not-allowed peer-disabled:opacity-disabled',
        className,
      )}
      {...props}
    />
  );
}

export { Label };
export type { LabelProps };
