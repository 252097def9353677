import { Container, cn, PageHeader } from '@vetted/ui';
import * as React from 'react';

/** Tailwind's `lg` breakpoint (64rem): from here the thread sits beside the inbox. */
const WIDE_QUERY = '(min-width: 64rem)';

export interface ConversationsLayoutProps {
  /** Page heading (`<h1>`). */
  title: string;
  description?: React.ReactNode;
  /** Buttons of the page header. */
  actions?: React.ReactNode;
  /** Above the list: search, tabs, filters. */
  toolbar?: React.ReactNode;
  /** Heading of the inbox region (visually hidden), e.g. "Conversations". */
  listHeading: string;
  /** The inbox (ConversationList). */
  list: React.ReactNode;
  /** The open thread (ConversationThreadView), or null. */
  thread: React.ReactNode | null;
  /** The open conversation's id (from `?c=`), or null. */
  selectedId: string | null;
  /** Beside the inbox on wide screens while no thread is open. */
  noSelection?: React.ReactNode;
  /** id of the thread's heading, focused when a thread opens on a narrow screen. */
  threadHeadingId?: string;
}

/**
 * Inbox and thread: side by side from `lg` (≥ 1024 px), one at a time below it, where the open
 * thread fills the screen (the page header is visually hidden, the thread has a back button).
 * On narrow screens focus follows: opening a thread focuses its heading, going back focuses the
 * row of the thread just left.
 */
export function ConversationsLayout({
  title,
  description,
  actions,
  toolbar,
  listHeading,
  list,
  thread,
  selectedId,
  noSelection,
  threadHeadingId = 'thread-heading',
}: ConversationsLayoutProps) {
  const previous = React.useRef(selectedId);
  React.useEffect(() => {
    const before = previous.current;
    previous.current = selectedId;
    if (before === selectedId || window.matchMedia(WIDE_QUERY).matches) return;
    const frame = requestAnimationFrame(() => {
      if (selectedId) {
        window.scrollTo(0, 0);
        document.getElementById(threadHeadingId)?.focus();
      } else if (before) {
        document
          .querySelector<HTMLElement>(`[data-conversation-id="${CSS.escape(before)}"]`)
          ?.focus();
      }
    });
    return () => cancelAnimationFrame(frame);
  }, [selectedId, threadHeadingId]);

  const open = selectedId !== null && thread !== null;
  return (
    <Container className={cn('flex flex-col gap-6', open && 'max-lg:py-3')}>
      {open ? <h1 className="sr-only lg:hidden">{title}</h1> : null}
      <PageHeader
        title={title}
        description={description}
        actions={actions}
        className={cn(open && 'max-lg:hidden')}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(18rem,24rem)_minmax(0,1fr)] lg:items-start">
        <section
          aria-labelledby="inbox-heading"
          className={cn(
            'flex flex-col gap-3 rounded-lg border border-border bg-surface p-2',
            'lg:sticky lg:top-24 lg:max-h-[calc(100dvh-8rem)] lg:overflow-y-auto',
            open && 'max-lg:hidden',
          )}
        >
          <h2 id="inbox-heading" className="sr-only">
            {listHeading}
          </h2>
          {toolbar ? <div className="flex flex-col gap-3 p-1">{toolbar}</div> : null}
          {list}
        </section>
        {open ? (
          <div className="h-[calc(100dvh-9.5rem)] min-h-96 md:h-[calc(100dvh-6rem)] lg:h-[calc(100dvh-14rem)] lg:min-h-[30rem]">
            {thread}
          </div>
        ) : noSelection ? (
          <div className="hidden lg:block">{noSelection}</div>
        ) : null}
      </div>
    </Container>
  );
}
