import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/utils';

const spinnerVariants = cva(
  'inline-block shrink-0 animate-spin rounded-full border-2 border-current border-r-transparent motion-reduce:animate-[spin_1.5s_linear_infinite]',
  {
    variants: {
      size: {
        sm: 'size-4',
        md: 'size-6',
        lg: 'size-10 border-[3px]',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

type SpinnerProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof spinnerVariants> & {
    /**
     * Accessible name announced by screen readers.
     * @defaultValue 'Loading'
     */
    label?: string;
  };

/** An indeterminate progress indicator with `role="status"`. */
function Spinner({ className, size, label = 'Loading', ...props }: SpinnerProps) {
  return (
    <span role="status" data-slot="spinner" className="inline-flex" {...props}>
      <span aria-hidden="true" className={cn(spinnerVariants({ size }), className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner, spinnerVariants };
export type { SpinnerProps };
