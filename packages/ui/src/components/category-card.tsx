import type * as React from 'react';
import { cardBase, stretched } from '../lib/card-parts';
import { cn } from '../lib/utils';
import { useLinkComponent } from './link';

type CategoryCardProps = Omit<React.ComponentProps<'article'>, 'children'> & {
  /** Category name, e.g. "Plumbing". */
  name: string;
  description?: string;
  /** Decorative icon. */
  icon?: React.ReactNode;
  /** Where the card leads. */
  href: string;
  /** Number of vendors in the category. */
  count?: number;
};

/** A service category tile. */
function CategoryCard({
  name,
  description,
  icon,
  href,
  count,
  className,
  ...props
}: CategoryCardProps) {
  const Link = useLinkComponent();
  return (
    <article
      data-slot="category-card"
      className={cn(cardBase, 'items-start gap-4 p-5', className)}
      {...props}
    >
      {icon ? (
        <div
          aria-hidden="true"
          className="flex size-12 shrink-0 items-center justify-center rounded-md bg-primary-soft text-link [&_svg]:size-6"
        >
          {icon}
        </div>
      ) : null}
      <div className="flex min-w-0 flex-col gap-1">
        <h3 className="font-semibold">
          <Link href={href} className={stretched}>
            {name}
          </Link>
        </h3>
        {description ? <p className="line-clamp-2 text-sm text-muted">{description}</p> : null}
        {count !== undefined ? (
          <p className="text-xs text-muted">
            {count} {count === 1 ? 'vendor' : 'vendors'}
          </p>
        ) : null}
      </div>
    </article>
  );
}

export { CategoryCard };
export type { CategoryCardProps };
