import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateReviewBody,
  createReviewBodySchema,
  REVIEW_TEXT_MAX_LENGTH,
} from '@vetted/contract';
import { Button, FormField, RatingInput, Textarea } from '@vetted/ui';
import { Send } from 'lucide-react';
import * as React from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';

type ReviewFormInput = z.input<typeof createReviewBodySchema>;
type ReviewFormValues = z.output<typeof createReviewBodySchema>;

export interface ReviewFormProps {
  /** The pro being reviewed, for the labels ("How was Demo Plumbing Co.?"). */
  businessName: string;
  /**
   * Sends the review (`POST /v1/orders/:id/review`). Resolve when stored; reject with the API's
   * error to show it (field errors go under their field, others above the button).
   */
  onSubmit: (values: CreateReviewBody) => Promise<unknown>;
  /** Pre-filled values (stories). */
  defaultValues?: Partial<ReviewFormInput>;
}

/** Field names the API may name in `error.fields`. */
const FIELDS = ['rating', 'text'] as const;

const number = new Intl.NumberFormat('en-US');

/**
 * The customer's review of a completed job: a 1–5 star rating (required) and an optional text
 * of up to {@link REVIEW_TEXT_MAX_LENGTH} characters with a live counter, validated by the
 * contract's `createReviewBodySchema` before it is sent.
 */
export function ReviewForm({ businessName, onSubmit, defaultValues }: ReviewFormProps) {
  const ratingLabelId = React.useId();
  const ratingErrorId = React.useId();
  const {
    control,
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: zodResolver(createReviewBodySchema),
    defaultValues: { text: '', ...defaultValues },
  });
  const length = (watch('text') ?? '').length;

  return (
    <form
      noValidate
      aria-label={`Review ${businessName}`}
      className="flex flex-col gap-5"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          if (!applyServerFieldErrors(error, setError, FIELDS)) {
            setError('root', { type: 'server', message: errorMessage(error) });
          }
        }
      })}
    >
      <div className="flex flex-col gap-2">
        <p id={ratingLabelId} className="text-sm font-medium text-fg">
          Your rating
          <span aria-hidden="true" className="text-danger">
            *
          </span>
        </p>
        <Controller
          control={control}
          name="rating"
          render={({ field }) => (
            <RatingInput
              ref={(group: HTMLDivElement | null) => {
                // react-hook-form focuses the first invalid field through its ref: here the
                // group's checked radio, else its first one — a frame later, once the radios
                // are enabled again (they are disabled while the submit runs).
                field.ref(
                  group
                    ? {
                        focus: () =>
                          requestAnimationFrame(() =>
                            (
                              group.querySelector<HTMLInputElement>('input:checked') ??
                              group.querySelector<HTMLInputElement>('input')
                            )?.focus(),
                          ),
                      }
                    : null,
                );
              }}
              aria-labelledby={ratingLabelId}
              aria-required="true"
              aria-describedby={errors.rating ? ratingErrorId : undefined}
              invalid={Boolean(errors.rating)}
              value={typeof field.value === 'number' ? field.value : null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              name={field.name}
              disabled={isSubmitting}
            />
          )}
        />
        {errors.rating ? (
          <p id={ratingErrorId} role="alert" className="text-xs font-medium text-danger">
            {errors.rating.message}
          </p>
        ) : null}
      </div>

      <FormField
        label="Tell others about it (optional)"
        hint={
          <span className="flex justify-between gap-3">
            <span>What went well, what could be better. Shown on {businessName}'s page.</span>
            <span className="shrink-0 tabular-nums">
              {number.format(length)} / {number.format(REVIEW_TEXT_MAX_LENGTH)}
            </span>
          </span>
        }
        error={errors.text?.message}
      >
        <Textarea
          rows={4}
          maxLength={REVIEW_TEXT_MAX_LENGTH}
          readOnly={isSubmitting}
          placeholder="On time, tidy, explained everything…"
          {...register('text')}
        />
      </FormField>

      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.root.message}
        </p>
      ) : null}

      <Button type="submit" loading={isSubmitting} className="self-start">
        <Send aria-hidden="true" />
        Post review
      </Button>
    </form>
  );
}
