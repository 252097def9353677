import type * as React from 'react';
import { cn } from '../lib/utils';
import { useLinkComponent } from './link';

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/**
 * "5 minutes ago", "yesterday", "in 2 days" via Intl.RelativeTimeFormat (numeric: 'auto').
 * `now` is injectable for tests and stories.
 */
function formatRelativeTime(iso: string, now: Date = new Date(), locale?: string): string {
  const seconds = Math.round((new Date(iso).getTime() - now.getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  if (Math.abs(seconds) < 45) return rtf.format(0, 'second');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return rtf.format(Math.round(seconds / size), unit);
    }
  }
  return rtf.format(0, 'second');
}

type NotificationItemProps = Omit<React.ComponentProps<'div'>, 'title' | 'onClick'> & {
  title: string;
  body: string;
  /** ISO 8601 instant; shown relative ("2 hours ago") with the exact time in `<time dateTime>`. */
  createdAt: string;
  /** Unread items are bold with a dot. */
  read: boolean;
  /** Makes the item a link. */
  href?: string;
  /** Makes the item a button (ignored when `href` is set, except as the link's click handler). */
  onClick?: () => void;
  /** Reference time for the relative label (stories/tests). */
  now?: Date;
};

/** One entry of the notifications list. */
function NotificationItem({
  title,
  body,
  createdAt,
  read,
  href,
  onClick,
  now,
  className,
  ...props
}: NotificationItemProps) {
  const Link = useLinkComponent();
  const content = (
    <>
      <span
        aria-hidden="true"
        className={cn(
          'mt-1.5 size-2 shrink-0 rounded-full',
          read ? 'bg-transparent' : 'bg-primary',
        )}
      />
      <span className="flex min-w-0 flex-1 flex-col gap-0.5 text-left">
        <span className={cn('text-sm text-fg', read ? 'font-normal' : 'font-semibold')}>
          {read ? null : <span className="sr-only">Unread: </span>}
          {title}
        </span>
        <span className="line-clamp-2 text-sm text-muted">{body}</span>
        <time
          dateTime={createdAt}
          title={new Date(createdAt).toLocaleString()}
          className="text-xs text-muted"
        >
          {formatRelativeTime(createdAt, now)}
        </time>
      </span>
    </>
  );
  const interactive =
    'flex w-full gap-3 rounded-md p-3 outline-none transition-colors duration-base hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-ring';
  return (
    <div
      data-slot="notification-item"
      data-read={read || undefined}
      className={cn(!read && 'bg-primary-soft/50', 'rounded-md', className)}
      {...props}
    >
      {href ? (
        <Link href={href} className={interactive} onClick={onClick ? () => onClick() : undefined}>
          {content}
        </Link>
      ) : onClick ? (
        <button type="button" className={interactive} onClick={onClick}>
          {content}
        </button>
      ) : (
        <div className="flex gap-3 p-3">{content}</div>
      )}
    </div>
  );
}

export { formatRelativeTime, NotificationItem };
export type { NotificationItemProps };
