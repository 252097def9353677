import { zodResolver } from '@hookform/resolvers/zod';
import {
  REVIEW_REPLY_MAX_LENGTH,
  type ReviewReplyBody,
  reviewReplyBodySchema,
} from '@vetted/contract';
import { Button, FormField, Textarea } from '@vetted/ui';
import { MessageSquareReply } from 'lucide-react';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/errors';
import { applyServerFieldErrors } from '../../lib/form';

type ReplyInput = z.input<typeof reviewReplyBodySchema>;
type ReplyValues = z.output<typeof reviewReplyBodySchema>;

export interface ReviewReplyFormProps {
  /** Who the reply is to ("Casey C."), for the field's label. */
  authorName: string;
  /**
   * Sends the reply (`POST /v1/reviews/:id/reply`). Resolve when stored; reject with the API's
   * error to show it (e.g. 409 "You already replied to this review").
   */
  onSubmit: (values: ReviewReplyBody) => Promise<unknown>;
  /**
   * Starts with the form open (stories); otherwise a "Reply" button opens it.
   * @defaultValue false
   */
  defaultOpen?: boolean;
  /** Pre-filled text (stories). */
  defaultText?: string;
}

const number = new Intl.NumberFormat('en-US');

/**
 * The pro's one public reply to a review: a "Reply" button that opens a text field
 * (up to {@link REVIEW_REPLY_MAX_LENGTH} characters, with a counter), validated by the
 * contract's `reviewReplyBodySchema`. Cancel closes it and gives focus back to the button.
 */
export function ReviewReplyForm({
  authorName,
  onSubmit,
  defaultOpen = false,
  defaultText = '',
}: ReviewReplyFormProps) {
  const [open, setOpen] = React.useState(defaultOpen);
  const opener = React.useRef<HTMLButtonElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    reset,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<ReplyInput, unknown, ReplyValues>({
    resolver: zodResolver(reviewReplyBodySchema),
    defaultValues: { text: defaultText },
  });
  const length = (watch('text') ?? '').length;

  React.useEffect(() => {
    if (open && !defaultOpen) setFocus('text');
  }, [open, defaultOpen, setFocus]);

  if (!open) {
    return (
      <Button
        ref={opener}
        variant="outline"
        size="sm"
        className="self-start"
        onClick={() => setOpen(true)}
      >
        <MessageSquareReply aria-hidden="true" />
        Reply
      </Button>
    );
  }

  return (
    <form
      noValidate
      className="flex flex-col gap-3 sm:ml-11"
      onSubmit={handleSubmit(async (values) => {
        try {
          await onSubmit(values);
        } catch (error) {
          if (!applyServerFieldErrors(error, setError, ['text'])) {
            setError('root', { type: 'server', message: errorMessage(error) });
          }
        }
      })}
    >
      <FormField
        label={`Reply to ${authorName}`}
        hint={
          <span className="flex justify-between gap-3">
            <span>Everyone can read your reply, and you can reply only once.</span>
            <span className="shrink-0 tabular-nums">
              {number.format(length)} / {number.format(REVIEW_REPLY_MAX_LENGTH)}
            </span>
          </span>
        }
        error={errors.text?.message}
        required
      >
        <Textarea
          rows={3}
          maxLength={REVIEW_REPLY_MAX_LENGTH}
          readOnly={isSubmitting}
          {...register('text')}
        />
      </FormField>
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-medium text-danger">
          {errors.root.message}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" loading={isSubmitting}>
          Post reply
        </Button>
        <Button
          type="button"
          size="sm"
          variant="ghost"
          disabled={isSubmitting}
          onClick={() => {
            reset({ text: '' });
            setOpen(false);
            // The button is back after this render.
            requestAnimationFrame(() => opener.current?.focus());
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
