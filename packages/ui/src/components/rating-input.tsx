import { cva, type VariantProps } from 'class-variance-authority';
import { Star } from 'lucide-react';
import * as React from 'react';
import { cn } from '../lib/utils';

const ratingInputStarVariants = cva('shrink-0 transition-transform duration-base', {
  variants: {
    size: { md: 'size-6', lg: 'size-8' },
  },
  defaultVariants: { size: 'lg' },
});

/** What each star means, 1 to 5: the spoken name of each radio and the visible caption. */
const DEFAULT_RATING_LABELS = ['Terrible', 'Poor', 'Okay', 'Good', 'Excellent'] as const;

type RatingInputProps = Omit<React.ComponentProps<'div'>, 'onChange' | 'defaultValue' | 'onBlur'> &
  VariantProps<typeof ratingInputStarVariants> & {
    /** The chosen rating, 1–5, or null while none is chosen. */
    value: number | null;
    /** Called with 1–5 when the person picks a star (click, tap, arrow keys or Space). */
    onChange: (value: number) => void;
    /** Called when focus leaves the group (react-hook-form's `onBlur`). */
    onBlur?: () => void;
    /**
     * `name` of the five radios; one group per name.
     * @defaultValue React.useId()
     */
    name?: string;
    /**
     * Stops the person changing the rating (e.g. while the form is sent).
     * @defaultValue false
     */
    disabled?: boolean;
    /**
     * Marks the group invalid (`aria-invalid`, danger-coloured outline of the stars).
     * @defaultValue false
     */
    invalid?: boolean;
    /**
     * The meaning of 1 to 5 stars, read with each radio ("4 stars, Good") and shown as a caption.
     * @defaultValue ['Terrible', 'Poor', 'Okay', 'Good', 'Excellent']
     */
    labels?: readonly [string, string, string, string, string];
    /**
     * Shows the meaning of the hovered or chosen rating beside the stars.
     * @defaultValue true
     */
    showCaption?: boolean;
  };

/**
 * A 1–5 star rating input: a `radiogroup` of five native radios drawn as stars, so it works
 * like any radio group — Tab in, arrow keys move and choose, Space chooses — and each radio is
 * named "4 stars, Good". Name the group with `aria-label` or `aria-labelledby`; link help and
 * error text with `aria-describedby`. Hovering previews a rating without choosing it.
 */
function RatingInput({
  value,
  onChange,
  onBlur,
  name,
  disabled = false,
  invalid = false,
  labels = DEFAULT_RATING_LABELS,
  showCaption = true,
  size,
  className,
  ...props
}: RatingInputProps) {
  const generated = React.useId();
  const groupName = name ?? `rating-${generated}`;
  const [hovered, setHovered] = React.useState<number | null>(null);
  const shown = hovered ?? value ?? 0;
  const caption = shown > 0 ? labels[shown - 1] : null;

  return (
    <div
      role="radiogroup"
      data-slot="rating-input"
      aria-invalid={invalid || undefined}
      aria-disabled={disabled || undefined}
      className={cn('inline-flex flex-wrap items-center gap-x-3 gap-y-1', className)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onBlur?.();
      }}
      {...props}
    >
      <span
        className={cn(
          'inline-flex items-center gap-0.5 rounded-md',
          invalid && 'ring-1 ring-danger ring-offset-2 ring-offset-surface',
        )}
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            data-slot="rating-input-star"
            className={cn(
              'relative rounded-sm p-1 text-amber-500',
              'has-focus-visible:ring-2 has-focus-visible:ring-ring',
              disabled ? 'cursor-not-allowed opacity-disabled' : 'cursor-pointer',
            )}
            onMouseEnter={() => (disabled ? undefined : setHovered(n))}
            onMouseLeave={() => setHovered(null)}
          >
            <input
              type="radio"
              name={groupName}
              value={n}
              checked={value === n}
              disabled={disabled}
              onChange={() => onChange(n)}
              className="peer sr-only"
              aria-label={`${n === 1 ? '1 star' : `${n} stars`}, ${labels[n - 1]}`}
            />
            <Star
              aria-hidden="true"
              className={cn(
                ratingInputStarVariants({ size }),
                !disabled && 'hover:scale-110',
                n <= shown ? 'fill-current' : 'fill-transparent text-muted',
              )}
            />
          </label>
        ))}
      </span>
      {showCaption ? (
        // Visual only: the chosen radio's own name already says it to screen readers.
        <span
          aria-hidden="true"
          data-slot="rating-input-caption"
          className={cn('min-w-20 text-sm font-medium', caption ? 'text-fg' : 'text-muted')}
        >
          {caption ?? 'Choose a rating'}
        </span>
      ) : null}
    </div>
  );
}

export { DEFAULT_RATING_LABELS, RatingInput, ratingInputStarVariants };
export type { RatingInputProps };
