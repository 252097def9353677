import { MessageSquareReply } from 'lucide-react';
import type * as React from 'react';
import { useIsClient, useLocale } from './locale';
import { cn } from '../lib/utils';
import { Avatar } from './avatar';
import { formatRelativeTime } from './notification-item';
import { RatingStars } from './rating-stars';

type ReviewCardProps = Omit<React.ComponentProps<'article'>, 'children'> & {
  /** The reviewer as shown in public, e.g. "Casey C.". */
  authorName: string;
  /** The reviewer's picture; initials without one. */
  authorAvatarUrl?: string | null;
  /** 1–5 stars. */
  rating: number;
  /** What the reviewer wrote; may be empty (a rating alone). */
  text: string;
  /** ISO 8601 instant of the review; shown relative ("3 weeks ago"), exact in `<time>`. */
  createdAt: string;
  /** The pro's public answer, shown under the review. */
  reply?: { text: string; createdAt: string } | null;
  /** Who answers: the business name above the reply. */
  replyAuthor?: string;
  /** What the review is about, e.g. the service booked, shown beside the date. */
  context?: React.ReactNode;
  /** Extra content under the review, e.g. the pro's reply form. */
  footer?: React.ReactNode;
  /** Reference time for the relative dates (stories/tests). */
  now?: Date;
  /**
   * Heading level of the reviewer's name, to fit the page's outline.
   * @defaultValue 3
   */
  headingLevel?: 2 | 3 | 4;
};

/** One review: reviewer, stars, date, text and the pro's reply. */
function ReviewCard({
  authorName,
  authorAvatarUrl,
  rating,
  text,
  createdAt,
  reply,
  replyAuthor,
  context,
  footer,
  now,
  headingLevel = 3,
  className,
  ...props
}: ReviewCardProps) {
  const Heading = `h${headingLevel}` as 'h3';
  const locale = useLocale();
  // The exact time is in the reader's zone, which only the browser knows (the page may be
  // rendered on the server): shown once hydrated.
  const isClient = useIsClient();
  const exact = (iso: string) => (isClient ? new Date(iso).toLocaleString(locale) : undefined);
  return (
    <article
      data-slot="review-card"
      className={cn('flex flex-col gap-3 border-b border-border py-5 last:border-b-0', className)}
      {...props}
    >
      <header className="flex items-start gap-3">
        <Avatar src={authorAvatarUrl} name={authorName} size="sm" aria-hidden="true" />
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <Heading className="text-sm font-semibold text-fg">{authorName}</Heading>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
            <RatingStars value={rating} size="sm" />
            <time dateTime={createdAt} title={exact(createdAt)}>
              {formatRelativeTime(createdAt, now, locale)}
            </time>
            {context ? <span>{context}</span> : null}
          </div>
        </div>
      </header>
      {text ? (
        <p className="text-sm leading-relaxed break-words whitespace-pre-line text-fg">{text}</p>
      ) : null}
      {reply ? (
        <div
          data-slot="review-card-reply"
          className="ml-4 flex flex-col gap-1 rounded-md border-l-2 border-primary bg-surface-muted px-4 py-3 sm:ml-11"
        >
          <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted">
            <MessageSquareReply aria-hidden="true" className="size-3.5" />
            <span className="font-semibold text-fg">
              {replyAuthor ? `Reply from ${replyAuthor}` : 'Reply from the pro'}
            </span>
            <time dateTime={reply.createdAt} title={exact(reply.createdAt)}>
              {formatRelativeTime(reply.createdAt, now, locale)}
            </time>
          </p>
          <p className="text-sm leading-relaxed break-words whitespace-pre-line text-fg">
            {reply.text}
          </p>
        </div>
      ) : null}
      {footer}
    </article>
  );
}

export { ReviewCard };
export type { ReviewCardProps };
