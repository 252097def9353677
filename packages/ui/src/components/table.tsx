import type * as React from 'react';
import { cn } from '../lib/utils';

type TableProps = React.ComponentProps<'table'> & {
  /**
   * Name of the scrolling container, read by screen readers when it is focused. Narrow screens
   * (375 px) scroll a wide table sideways inside it; the container is a Tab stop with a focus
   * ring so keyboard users can scroll it too (WCAG 2.1.1).
   */
  label?: string;
  /** Classes of the scrolling container around the `<table>`. */
  containerClassName?: string;
};

/**
 * A data table: a real `<table>` (header cells, a caption, row headers) inside a container that
 * scrolls sideways when the table is wider than the screen. Give it a `TableCaption` (visible or
 * `sr-only`) so the table is named.
 */
function Table({ className, containerClassName, label, ...props }: TableProps) {
  const table = (
    <table
      data-slot="table"
      className={cn('w-full caption-bottom border-collapse text-left text-sm', className)}
      {...props}
    />
  );
  const container = cn('relative w-full overflow-x-auto', containerClassName);
  if (!label) {
    return (
      <div data-slot="table-container" className={container}>
        {table}
      </div>
    );
  }
  return (
    <section
      data-slot="table-container"
      aria-label={label}
      // A scrolling region must be reachable by keyboard (axe scrollable-region-focusable).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: see above
      tabIndex={0}
      className={cn(
        'rounded-md focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
        container,
      )}
    >
      {table}
    </section>
  );
}

/** The header row group (`<thead>`). */
function TableHeader({ className, ...props }: React.ComponentProps<'thead'>) {
  return (
    <thead
      data-slot="table-header"
      className={cn('[&_tr]:border-b [&_tr]:border-border', className)}
      {...props}
    />
  );
}

/** The body row group (`<tbody>`). */
function TableBody({ className, ...props }: React.ComponentProps<'tbody'>) {
  return (
    <tbody
      data-slot="table-body"
      className={cn('[&_tr:last-child]:border-0', className)}
      {...props}
    />
  );
}

/** A footer row group (`<tfoot>`), e.g. totals. */
function TableFooter({ className, ...props }: React.ComponentProps<'tfoot'>) {
  return (
    <tfoot
      data-slot="table-footer"
      className={cn('border-t border-border bg-surface-muted font-medium', className)}
      {...props}
    />
  );
}

/** A row; highlighted on hover. */
function TableRow({ className, ...props }: React.ComponentProps<'tr'>) {
  return (
    <tr
      data-slot="table-row"
      className={cn(
        'border-b border-border transition-colors hover:bg-surface-muted/60 data-[state=selected]:bg-surface-muted',
        className,
      )}
      {...props}
    />
  );
}

/**
 * A header cell (`<th>`). `scope` defaults to `col`; pass `scope="row"` for the first cell of a
 * body row so screen readers announce it with each value of the row.
 */
function TableHead({ className, scope = 'col', ...props }: React.ComponentProps<'th'>) {
  return (
    <th
      data-slot="table-head"
      scope={scope}
      className={cn(
        'h-10 px-3 text-left align-middle text-xs font-medium whitespace-nowrap text-muted',
        scope === 'row' && 'h-auto py-3 text-sm font-medium text-fg',
        className,
      )}
      {...props}
    />
  );
}

/** A data cell (`<td>`). */
function TableCell({ className, ...props }: React.ComponentProps<'td'>) {
  return (
    <td data-slot="table-cell" className={cn('px-3 py-3 align-middle', className)} {...props} />
  );
}

/** The table's name (`<caption>`); add `className="sr-only"` to name it for screen readers only. */
function TableCaption({ className, ...props }: React.ComponentProps<'caption'>) {
  return (
    <caption
      data-slot="table-caption"
      className={cn('mt-3 text-sm text-muted', className)}
      {...props}
    />
  );
}

export { Table, TableBody, TableCaption, TableCell, TableFooter, TableHead, TableHeader, TableRow };
export type { TableProps };
