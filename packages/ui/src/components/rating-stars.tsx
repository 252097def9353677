import { cva, type VariantProps } from 'class-variance-authority';
import { Sparkles, Star } from 'lucide-react';
import * as React from 'react';
import { useLocale } from './locale';
import { numberFormat } from '../lib/number-format';
import { cn } from '../lib/utils';
import { Badge } from './badge';

const starVariants = cva('shrink-0', {
  variants: {
    size: { sm: 'size-3.5', md: 'size-4', lg: 'size-6' },
  },
  defaultVariants: { size: 'md' },
});

type RatingStarsProps = Omit<React.ComponentProps<'div'>, 'onChange'> &
  VariantProps<typeof starVariants> & {
    /** Rating from 0 to 5 (decimals allowed when read-only). */
    value: number;
    /**
     * Number of reviews, shown as "(128)". `0` shows a "New" badge instead of stars and
     * "0.0 (0)": a pro without reviews is new, not badly rated.
     */
    count?: number;
    /** Makes the stars a radio group the user can pick 1–5 from. */
    onChange?: (value: number) => void;
    /**
     * Accessible name of the interactive radio group.
     * @defaultValue 'Rating'
     */
    label?: string;
    /**
     * Locale used to format the number.
     * @defaultValue the nearest `LocaleProvider`'s, else the browser's
     */
    locale?: string;
  };

const clamp = (v: number) => Math.min(5, Math.max(0, v));

/**
 * Star rating: read-only ("4.6 (128)", labelled "Rated 4.6 out of 5"; "New" when `count` is 0)
 * or, with `onChange`, a 1–5 picker (for forms prefer `RatingInput`).
 */
function RatingStars({
  value,
  count,
  size,
  onChange,
  label = 'Rating',
  locale: localeProp,
  className,
  ...props
}: RatingStarsProps) {
  const contextLocale = useLocale();
  const locale = localeProp ?? contextLocale;
  const groupName = React.useId();
  const rating = clamp(value);
  const shown = numberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rating);

  if (onChange) {
    return (
      <div
        role="radiogroup"
        aria-label={label}
        data-slot="rating-stars"
        className={cn('inline-flex items-center gap-0.5', className)}
        {...props}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            className="group relative cursor-pointer rounded-sm p-0.5 text-amber-500 has-focus-visible:ring-2 has-focus-visible:ring-ring"
          >
            <input
              type="radio"
              name={groupName}
              value={n}
              checked={Math.round(rating) === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
              aria-label={n === 1 ? '1 star' : `${n} stars`}
            />
            <Star
              aria-hidden="true"
              className={cn(
                starVariants({ size }),
                'transition-transform duration-base group-hover:scale-110',
                n <= Math.round(rating) ? 'fill-current' : 'fill-transparent text-muted',
              )}
            />
          </label>
        ))}
      </div>
    );
  }

  if (count === 0) {
    return (
      <div
        data-slot="rating-stars"
        data-new=""
        className={cn('inline-flex items-center gap-1.5 text-sm', className)}
        {...props}
      >
        <Badge variant="info">
          <Sparkles aria-hidden="true" />
          New<span className="sr-only">: no reviews yet</span>
        </Badge>
      </div>
    );
  }

  return (
    <div
      data-slot="rating-stars"
      className={cn('inline-flex items-center gap-1.5 text-sm', className)}
      {...props}
    >
      <span role="img" aria-label={`Rated ${shown} out of 5`} className="relative inline-flex">
        <span className="inline-flex gap-0.5 text-muted">
          {[0, 1, 2, 3, 4].map((i) => (
            <Star key={i} aria-hidden="true" className={starVariants({ size })} />
          ))}
        </span>
        <span
          className="absolute inset-y-0 left-0 inline-flex gap-0.5 overflow-hidden text-amber-500"
          style={{ width: `${(rating / 5) * 100}%` }}
        >
          {[0, 1, 2, 3, 4].map((i) => (
            <Star
              key={i}
              aria-hidden="true"
              className={cn(starVariants({ size }), 'fill-current')}
            />
          ))}
        </span>
      </span>
      <span aria-hidden="true" className="font-medium text-fg tabular-nums">
        {shown}
      </span>
      {count !== undefined ? (
        <span className="text-muted tabular-nums">
          ({numberFormat(locale).format(count)}
          <span className="sr-only"> reviews</span>)
        </span>
      ) : null}
    </div>
  );
}

export { RatingStars, starVariants };
export type { RatingStarsProps };
