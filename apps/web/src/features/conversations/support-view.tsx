import type { Conversation, ConversationPage } from '@vetted/contract';
import { Button, Container, EmptyState, PageHeader } from '@vetted/ui';
import { ArrowRight, MessagesSquare } from 'lucide-react';
import { Link } from 'wouter';
import { SupportContent } from '../storefront';
import { ConversationList } from './conversation-list';
import { StartSupportChatDialog } from './start-support-chat-dialog';

/** What the support pages share: the person's support chats and "Start a chat". */
export interface SupportListProps {
  data?: ConversationPage;
  isLoading?: boolean;
  error?: Error | null;
  onRetry?: () => void;
  hrefFor: (conversation: Conversation) => string;
  /** Opens a support chat with this subject (then the page opens it). */
  onStart: (subject: string) => Promise<void>;
  meId?: string;
  /** Reference time for row times (stories). */
  now?: Date;
}

export interface SupportViewProps extends SupportListProps {
  /** The page with every support chat (`…/messages/support/chats`). */
  chatsHref: string;
}

/**
 * `/user/messages/support`, `/vendor/messages/support`: the person's latest support chats with
 * "Start a chat", then the contact details and FAQ.
 */
export function SupportView({
  data,
  isLoading,
  error,
  onRetry,
  hrefFor,
  onStart,
  chatsHref,
  meId,
  now,
}: SupportViewProps) {
  return (
    <Container className="flex flex-col gap-8">
      <PageHeader
        title="Support"
        description="We usually reply within a few hours."
        actions={<StartSupportChatDialog onStart={onStart} />}
      />
      <section aria-labelledby="support-chats" className="flex flex-col gap-3">
        <div className="flex items-center justify-between gap-4">
          <h2 id="support-chats" className="text-xl font-semibold">
            Your support chats
          </h2>
          {data && data.total > data.items.length ? (
            <Button asChild variant="link">
              <Link href={chatsHref}>
                See all {data.total} <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
        </div>
        <div className="rounded-lg border border-border bg-surface p-2">
          <ConversationList
            variant="support"
            label="Your support chats"
            data={data}
            isLoading={isLoading}
            error={error}
            onRetry={onRetry}
            hrefFor={hrefFor}
            meId={meId}
            now={now}
            empty={
              <EmptyState
                icon={<MessagesSquare />}
                title="No support chats yet"
                description="Questions about a booking, a payment or your account? Start a chat and the Vetted team replies here."
                className="border-none"
              />
            }
          />
        </div>
      </section>
      <SupportContent />
    </Container>
  );
}
