import { Clock } from 'lucide-react';
import type * as React from 'react';
import { CardImage, cardBase, formatDuration, stretched } from '../lib/card-parts';
import { cn } from '../lib/utils';
import { useLinkComponent } from './link';
import { useLocale } from './locale';
import { formatMoney, type Money } from './price';

type ServiceCardProps = Omit<React.ComponentProps<'article'>, 'children' | 'title'> & {
  title: string;
  description?: string;
  price: Money;
  durationMinutes: number;
  imageUrl?: string | null;
  /** Makes the card a link. */
  href?: string;
  /** Extra content at the bottom (e.g. a "Book" button when there is no href). */
  footer?: React.ReactNode;
};

/** A service a vendor offers: title, price, duration. */
function ServiceCard({
  title,
  description,
  price,
  durationMinutes,
  imageUrl,
  href,
  footer,
  className,
  ...props
}: ServiceCardProps) {
  const Link = useLinkComponent();
  const locale = useLocale();
  return (
    <article data-slot="service-card" className={cn(cardBase, 'flex-col', className)} {...props}>
      {imageUrl !== undefined ? <CardImage src={imageUrl} className="aspect-[3/2]" /> : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h3 className="font-semibold">
          {href ? (
            <Link href={href} className={stretched}>
              {title}
            </Link>
          ) : (
            title
          )}
        </h3>
        {description ? <p className="line-clamp-2 text-sm text-muted">{description}</p> : null}
        <div className="mt-auto flex items-center justify-between gap-2 pt-1 text-sm">
          <span className="inline-flex items-center gap-1 text-muted">
            <Clock aria-hidden="true" className="size-3.5" />
            {formatDuration(durationMinutes)}
          </span>
          <span className="font-semibold tabular-nums">
            {formatMoney(price.amount, price.currency, locale)}
          </span>
        </div>
        {footer ? <div className="relative z-10 pt-2">{footer}</div> : null}
      </div>
    </article>
  );
}

export { formatDuration, ServiceCard };
export type { ServiceCardProps };
