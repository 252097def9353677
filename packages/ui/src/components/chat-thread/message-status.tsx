import { AlertCircle, Check, CheckCheck, Clock } from 'lucide-react';
import { cn } from '../../lib/utils';
import { Button } from '../button';
import type { ChatMessage } from './types';

/**
 * The line under a bubble: the time, and for my messages the delivery state (a clock while
 * sending, a check when sent, a double check when read, "Not sent" with the reason and Retry).
 */
function MessageStatus({
  message: m,
  time,
  onRetry,
}: {
  message: ChatMessage;
  /** Formats the message time. */
  time: Intl.DateTimeFormat;
  onRetry?: (id: string) => void;
}) {
  const failedWithError = m.mine && m.status === 'failed' && Boolean(m.error);
  return (
    <span
      className={cn(
        'flex items-center gap-1 px-1 text-xs text-muted',
        // A long reason wraps onto right-aligned lines under the bubble.
        failedWithError && 'flex-wrap justify-end',
      )}
    >
      <time dateTime={m.createdAt}>{time.format(new Date(m.createdAt))}</time>
      {m.mine && m.status === 'sending' ? (
        <>
          <Clock aria-hidden="true" className="size-3" />
          <span>Sending…</span>
        </>
      ) : null}
      {m.mine && m.status === 'sent' ? (
        <>
          <Check aria-hidden="true" className="size-3" />
          <span className="sr-only">Sent</span>
        </>
      ) : null}
      {m.mine && m.status === 'read' ? (
        <>
          <CheckCheck aria-hidden="true" className="size-3.5 text-link" />
          <span className="sr-only">Read</span>
        </>
      ) : null}
      {m.mine && m.status === 'failed' ? (
        <span
          className={cn(
            'inline-flex items-center gap-1 font-medium text-danger',
            // Its parts join the row so that they, not the whole group, wrap.
            failedWithError && 'contents',
          )}
        >
          <AlertCircle aria-hidden="true" className="size-3" />
          Not sent
          {m.error ? (
            <>
              <span aria-hidden="true">·</span>
              <span data-slot="chat-message-error" className="font-normal">
                {m.error}
              </span>
            </>
          ) : null}
          {onRetry ? (
            <Button
              variant="link"
              size="sm"
              className="ml-1 text-xs text-danger"
              onClick={() => onRetry(m.id)}
            >
              Retry
            </Button>
          ) : null}
        </span>
      ) : null}
    </span>
  );
}

export { MessageStatus };
