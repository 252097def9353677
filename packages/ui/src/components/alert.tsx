import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/utils';

const alertVariants = cva(
  [
    'relative grid w-full grid-cols-[0_1fr] items-start gap-y-1 rounded-lg border p-4 text-sm text-fg',
    'has-[>svg]:grid-cols-[1.25rem_1fr] has-[>svg]:gap-x-3 [&>svg]:mt-0.5 [&>svg]:size-5',
  ],
  {
    variants: {
      variant: {
        info: 'border-primary/40 bg-primary-soft [&>svg]:text-link',
        success: 'border-success/40 bg-success-soft [&>svg]:text-success',
        warning: 'border-warning/40 bg-warning-soft [&>svg]:text-warning',
        danger: 'border-danger/40 bg-danger-soft [&>svg]:text-danger',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

type AlertProps = React.ComponentProps<'div'> &
  VariantProps<typeof alertVariants> & {
    /**
     * `status` (polite) announces the box when it appears; `alert` interrupts (errors only);
     * none for a box that is part of the page from the start.
     * @defaultValue undefined (no live region)
     */
    role?: 'status' | 'alert';
  };

/**
 * A highlighted message in the flow of a page (shadcn's Alert): an optional leading icon, then
 * `AlertTitle`, `AlertDescription` and any actions. Variants by tone; text stays `fg` for
 * contrast, the tone shows in the border, background and icon.
 */
function Alert({ className, variant, ...props }: AlertProps) {
  return (
    <div
      data-slot="alert"
      data-variant={variant ?? 'info'}
      className={cn(alertVariants({ variant }), className)}
      {...props}
    />
  );
}

/** The alert's one-line heading; put an `h2`/`h3` inside when the page outline needs one. */
function AlertTitle({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-title"
      className={cn('col-start-2 font-semibold leading-snug', className)}
      {...props}
    />
  );
}

/** The alert's body text and actions. */
function AlertDescription({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      data-slot="alert-description"
      className={cn(
        'col-start-2 flex flex-col gap-2 text-sm text-fg/90 [&_p]:leading-relaxed',
        className,
      )}
      {...props}
    />
  );
}

export { Alert, AlertDescription, AlertTitle, alertVariants };
export type { AlertProps };
