import type * as React from 'react';
import { useLocale } from './locale';
import { numberFormat } from '../lib/number-format';
import { cn } from '../lib/utils';
import { RatingStars } from './rating-stars';

type RatingBreakdownProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  /** Mean rating 0–5 (not rounded: shown with one decimal). */
  average: number;
  /** Number of reviews. */
  count: number;
  /** Reviews per number of stars, 1 to 5. */
  histogram: Record<1 | 2 | 3 | 4 | 5, number>;
  /**
   * Locale used to format numbers.
   * @defaultValue the nearest `LocaleProvider`'s, else the browser's
   */
  locale?: string;
};

const STARS = [5, 4, 3, 2, 1] as const;

/**
 * A pro's rating at a glance: the average in large type with its stars and review count, and
 * one bar per star level (5 to 1) as wide as its share of the reviews. Each bar is a list item
 * read as "5 stars: 12 reviews" (the bars themselves are decorative). Without reviews the
 * stars read "New" (see `RatingStars`) and every bar is empty.
 */
function RatingBreakdown({
  average,
  count,
  histogram,
  locale: localeProp,
  className,
  ...props
}: RatingBreakdownProps) {
  const contextLocale = useLocale();
  const locale = localeProp ?? contextLocale;
  const number = numberFormat(locale);
  const oneDecimal = numberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return (
    <div
      data-slot="rating-breakdown"
      className={cn('flex flex-col gap-5 sm:flex-row sm:items-center sm:gap-8', className)}
      {...props}
    >
      <div className="flex shrink-0 flex-col items-start gap-1 sm:items-center">
        {count > 0 ? (
          <p className="text-4xl font-bold tracking-tight tabular-nums" aria-hidden="true">
            {oneDecimal.format(average)}
          </p>
        ) : null}
        <RatingStars value={average} count={count} size="md" locale={locale} />
      </div>
      <ul className="flex w-full max-w-md flex-col gap-1.5" aria-label="Rating breakdown">
        {STARS.map((stars) => {
          const n = histogram[stars] ?? 0;
          const share = count > 0 ? n / count : 0;
          return (
            <li key={stars} className="grid grid-cols-[4.5rem_1fr_2.5rem] items-center gap-3">
              <span className="text-sm text-muted">
                {stars} {stars === 1 ? 'star' : 'stars'}
                <span className="sr-only">: </span>
              </span>
              <span
                aria-hidden="true"
                className="h-2 overflow-hidden rounded-pill bg-border"
                data-slot="rating-breakdown-bar"
              >
                <span
                  className="block h-full rounded-pill bg-amber-500"
                  style={{ width: `${Math.round(share * 1000) / 10}%` }}
                />
              </span>
              <span className="text-right text-sm text-muted tabular-nums">
                {number.format(n)}
                <span className="sr-only"> {n === 1 ? 'review' : 'reviews'}</span>
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export { RatingBreakdown };
export type { RatingBreakdownProps };
