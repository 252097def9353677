import type * as React from 'react';
import { cn } from '../lib/utils';

type TextareaProps = React.ComponentProps<'textarea'>;

/** A multi-line text field that grows with its content where the browser supports it. */
function Textarea({ className, rows = 3, ...props }: TextareaProps) {
  return (
    <textarea
      data-slot="textarea"
      rows={rows}
      className={cn(
        'flex field-sizing-content min-h-20 w-full rounded-md border border-input bg-surface px-3.5 py-2.5 text-sm text-fg placeholder:text-muted',
        'transition-[border-color,box-shadow] duration-base outline-none',
        'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring',
        'disabled:cursor-not-allowed disabled:opacity-disabled aria-invalid:border-danger',
        'aria-invalid:focus-visible:ring-2 aria-invalid:focus-visible:ring-danger',
        className,
      )}
      {...props}
    />
  );
}

export { Textarea };
export type { TextareaProps };
