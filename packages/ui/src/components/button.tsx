import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type * as React from 'react';
import { cn } from '../lib/utils';
import { spinnerVariants } from './spinner';

/* spec §9: button corner radius 52px, padding 20px horizontal × 10px vertical (size md). */
const buttonVariants = cva(
  [
    'inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-pill font-medium',
    'transition-[color,background-color,border-color,box-shadow,opacity] duration-base select-none',
    'outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-surface',
    'disabled:pointer-events-none disabled:opacity-disabled aria-disabled:pointer-events-none aria-disabled:opacity-disabled',
    "[&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4",
  ],
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-fg hover:bg-primary-600 active:bg-primary-700',
        secondary:
          'bg-primary-soft text-link hover:bg-primary-100 dark:hover:bg-primary-900 active:bg-primary-200 dark:active:bg-primary-800',
        outline: 'border border-input bg-surface text-fg hover:bg-surface-muted',
        ghost: 'bg-transparent text-fg hover:bg-surface-muted',
        destructive: 'bg-danger text-danger-fg hover:bg-danger/90',
        link: 'h-auto rounded-sm bg-transparent px-0 py-0 text-link underline-offset-4 hover:underline',
      },
      size: {
        sm: 'h-8 px-3.5 py-1.5 text-sm',
        md: 'min-h-10 px-5 py-2.5 text-sm',
        lg: 'min-h-12 px-7 py-3 text-base',
        icon: 'size-10 p-0',
      },
    },
    compoundVariants: [{ variant: 'link', className: 'h-auto min-h-0 px-0 py-0' }],
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

type ButtonProps = React.ComponentProps<'button'> &
  VariantProps<typeof buttonVariants> & {
    /**
     * Shows a spinner, sets `aria-busy` and disables the button (with `asChild`: no spinner, `aria-disabled`).
     * @defaultValue false
     */
    loading?: boolean;
    /**
     * Renders the single child element (e.g. a link) with the button's styles instead of a `<button>`.
     * @defaultValue false
     */
    asChild?: boolean;
  };

/** The house button: pill-shaped, six variants, four sizes, optional loading state. */
function Button({
  className,
  variant,
  size,
  loading = false,
  asChild = false,
  disabled,
  type,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  if (asChild) {
    return (
      <Slot.Root
        data-slot="button"
        data-variant={variant ?? 'primary'}
        aria-busy={loading || undefined}
        aria-disabled={disabled || loading || undefined}
        className={classes}
        {...props}
      >
        {children}
      </Slot.Root>
    );
  }
  return (
    <button
      data-slot="button"
      data-variant={variant ?? 'primary'}
      type={type ?? 'button'}
      aria-busy={loading || undefined}
      disabled={disabled || loading}
      className={classes}
      {...props}
    >
      {loading ? (
        // The Spinner's drawing, without its status role: `aria-busy` already says it, and the
        // button's accessible name stays its label.
        <span
          aria-hidden="true"
          data-slot="button-spinner"
          className={spinnerVariants({ size: 'sm' })}
        />
      ) : null}
      {children}
    </button>
  );
}

type IconButtonProps = Omit<ButtonProps, 'aria-label'> & {
  /** Accessible name of the button (becomes `aria-label`); also shown as a native tooltip. */
  label: string;
};

/** A square, icon-only button. `label` is required because the icon carries no text. */
function IconButton({ label, size = 'icon', variant = 'ghost', title, ...props }: IconButtonProps) {
  return (
    <Button
      data-slot="icon-button"
      aria-label={label}
      title={title ?? label}
      size={size}
      variant={variant}
      {...props}
    />
  );
}

export { Button, IconButton, buttonVariants };
export type { ButtonProps, IconButtonProps };
