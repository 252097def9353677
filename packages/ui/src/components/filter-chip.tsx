import { cva, type VariantProps } from 'class-variance-authority';
import { X } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/utils';

const filterChipVariants = cva(
  'inline-flex max-w-full items-center gap-1 rounded-pill border py-1 pr-1 pl-3 text-sm font-medium',
  {
    variants: {
      variant: {
        /** A filter the person chose. */
        default: 'border-primary-200 bg-primary-soft text-fg dark:border-primary-800',
        /** A filter applied for them (e.g. "Within 50 km" of their place): dashed, muted. */
        applied: 'border-dashed border-border bg-surface text-muted',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

type FilterChipProps = Omit<React.ComponentProps<'span'>, 'children'> &
  VariantProps<typeof filterChipVariants> & {
    /** What the filter is, e.g. "Plumbing" or "Under $100". */
    label: React.ReactNode;
    /** Removes the filter; without it the chip has no remove button. */
    onRemove?: () => void;
    /**
     * Accessible name of the remove button.
     * @defaultValue `Remove filter: ${label}` when `label` is a string, else 'Remove filter'
     */
    removeLabel?: string;
  };

/**
 * An active filter shown as a pill with a remove (×) button, as search pages list them above
 * the results. The button is a real button (keyboard, focus ring, accessible name).
 */
function FilterChip({
  label,
  onRemove,
  removeLabel,
  variant,
  className,
  ...props
}: FilterChipProps) {
  const name =
    removeLabel ?? (typeof label === 'string' ? `Remove filter: ${label}` : 'Remove filter');
  return (
    <span
      data-slot="filter-chip"
      data-variant={variant ?? 'default'}
      className={cn(filterChipVariants({ variant }), !onRemove && 'pr-3', className)}
      {...props}
    >
      <span className="truncate">{label}</span>
      {onRemove ? (
        <button
          type="button"
          data-slot="filter-chip-remove"
          aria-label={name}
          onClick={onRemove}
          className="flex size-6 shrink-0 items-center justify-center rounded-full text-muted outline-none hover:bg-surface-muted hover:text-fg focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X aria-hidden="true" className="size-3.5" />
        </button>
      ) : null}
    </span>
  );
}

export { FilterChip, filterChipVariants };
export type { FilterChipProps };
