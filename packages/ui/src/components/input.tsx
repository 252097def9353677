import { cva, type VariantProps } from 'class-variance-authority';
import type * as React from 'react';
import { cn } from '../lib/utils';

const inputVariants = cva(
  [
    'flex w-full min-w-0 rounded-md border border-input bg-surface text-fg placeholder:text-muted',
    'transition-[border-color,box-shadow] duration-base outline-none',
    'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring',
    'disabled:cursor-not-allowed disabled:opacity-disabled',
    'aria-invalid:border-danger aria-invalid:focus-visible:ring-2 aria-invalid:focus-visible:ring-danger',
    'file:border-0 file:bg-transparent file:text-sm file:font-medium',
  ],
  {
    variants: {
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-3.5 text-sm',
        lg: 'h-12 px-4 text-base',
      },
    },
    defaultVariants: { size: 'md' },
  },
);

type InputProps = Omit<React.ComponentProps<'input'>, 'size'> & VariantProps<typeof inputVariants>;

/** A single-line text field. Pair it with {@link FormField} for a label, hint and error. */
function Input({ className, size, type = 'text', ...props }: InputProps) {
  return (
    <input
      data-slot="input"
      type={type}
      className={cn(inputVariants({ size }), className)}
      {...props}
    />
  );
}

export { Input, inputVariants };
export type { InputProps };
