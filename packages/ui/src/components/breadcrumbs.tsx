import { ChevronRight } from 'lucide-react';
import type * as React from 'react';
import { cn } from '../lib/utils';
import { useLinkComponent } from './link';

/** One level of the trail; the last item is the current page and is not a link. */
interface BreadcrumbItem {
  label: string;
  href?: string;
}

type BreadcrumbsProps = Omit<React.ComponentProps<'nav'>, 'children'> & {
  /** The trail from the top level to the current page. */
  items: BreadcrumbItem[];
};

/** A breadcrumb trail (`<nav aria-label="Breadcrumb">`, `aria-current="page"` on the last item). */
function Breadcrumbs({ items, className, ...props }: BreadcrumbsProps) {
  const Link = useLinkComponent();
  return (
    <nav aria-label="Breadcrumb" data-slot="breadcrumbs" className={className} {...props}>
      <ol className="flex flex-wrap items-center gap-1.5 text-sm text-muted">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.href ?? item.label} className="inline-flex items-center gap-1.5">
              {last || !item.href ? (
                <span
                  aria-current={last ? 'page' : undefined}
                  className={cn(last && 'font-medium text-fg')}
                >
                  {item.label}
                </span>
              ) : (
                <Link
                  href={item.href}
                  className="rounded-xs underline-offset-4 outline-none hover:text-fg hover:underline focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {item.label}
                </Link>
              )}
              {last ? null : <ChevronRight aria-hidden="true" className="size-3.5" />}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

export { Breadcrumbs };
export type { BreadcrumbItem, BreadcrumbsProps };
