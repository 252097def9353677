import { ChevronLeft, ChevronRight } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/utils';
import { buttonVariants } from './button';
import { useLinkComponent } from './link';

/** Page numbers to show: first, last, current ±1, with `'…'` gaps. */
function pageItems(page: number, totalPages: number): Array<number | 'gap'> {
  const pages = new Set([1, totalPages, page - 1, page, page + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  let prev = 0;
  for (const p of sorted) {
    if (p - prev === 2) out.push(p - 1);
    else if (p - prev > 2) out.push('gap');
    out.push(p);
    prev = p;
  }
  return out;
}

type PaginationProps = Omit<React.ComponentProps<'nav'>, 'children'> & {
  /** Current page, 1-based. */
  page: number;
  /** Number of pages (nothing renders when ≤ 1). */
  totalPages: number;
  /** Called with the page to show (renders buttons). */
  onPageChange?: (page: number) => void;
  /** Builds the URL of a page (renders links through the LinkProvider's component). */
  getHref?: (page: number) => string;
};

/** Page navigation (`<nav aria-label="Pagination">`, `aria-current="page"` on the current page). */
function Pagination({
  page,
  totalPages,
  onPageChange,
  getHref,
  className,
  ...props
}: PaginationProps) {
  const Link = useLinkComponent();
  if (totalPages <= 1) return null;

  const item = (
    target: number,
    content: React.ReactNode,
    opts: { label?: string; current?: boolean; disabled?: boolean } = {},
  ) => {
    const classes = cn(
      buttonVariants({ variant: opts.current ? 'primary' : 'ghost', size: 'icon' }),
      'size-9 text-sm',
      opts.disabled && 'pointer-events-none opacity-disabled',
    );
    if (opts.disabled) {
      return (
        <button type="button" disabled aria-label={opts.label} className={classes}>
          {content}
        </button>
      );
    }
    if (getHref) {
      return (
        <Link
          href={getHref(target)}
          aria-current={opts.current ? 'page' : undefined}
          aria-label={opts.label}
          className={classes}
          onClick={onPageChange ? () => onPageChange(target) : undefined}
        >
          {content}
        </Link>
      );
    }
    return (
      <button
        type="button"
        aria-current={opts.current ? 'page' : undefined}
        aria-label={opts.label}
        className={classes}
        onClick={() => onPageChange?.(target)}
      >
        {content}
      </button>
    );
  };

  return (
    <nav
      aria-label="Pagination"
      data-slot="pagination"
      className={cn('flex justify-center', className)}
      {...props}
    >
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {item(page - 1, <ChevronLeft aria-hidden="true" />, {
            label: 'Previous page',
            disabled: page <= 1,
          })}
        </li>
        {pageItems(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>{item(p, p, { label: `Page ${p}`, current: p === page })}</li>
          ),
        )}
        <li>
          {item(page + 1, <ChevronRight aria-hidden="true" />, {
            label: 'Next page',
            disabled: page >= totalPages,
          })}
        </li>
      </ul>
    </nav>
  );
}

export { Pagination, pageItems };
export type { PaginationProps };
