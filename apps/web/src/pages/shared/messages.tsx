import { Button, Container, EmptyState, PageHeader } from '@vetted/ui';
import { LifeBuoy, MessageSquare, MessagesSquare } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { SupportContent } from '../public/support-content';

function useArea() {
  const [location] = useLocation();
  return location.startsWith('/vendor') ? '/vendor' : '/user';
}

/** `/user/messages`, `/vendor/messages`: conversations (no messaging API yet: real empty state). */
export function MessagesPage() {
  const base = useArea();
  return (
    <Container size="md" className="flex flex-col gap-6">
      <PageHeader
        title="Messages"
        description={
          base === '/vendor'
            ? 'Conversations with your customers.'
            : 'Conversations with the pros you book.'
        }
        actions={
          <Button asChild variant="outline">
            <Link href={`${base}/messages/support`}>
              <LifeBuoy aria-hidden="true" /> Support
            </Link>
          </Button>
        }
      />
      <EmptyState
        icon={<MessageSquare />}
        title="No conversations yet"
        description={
          base === '/vendor'
            ? 'When a customer books you, you can message them about the job here.'
            : 'When you book a pro, you can message them about the job here.'
        }
        action={
          base === '/user' ? (
            <Button asChild>
              <Link href="/user/services">Browse services</Link>
            </Button>
          ) : null
        }
      />
    </Container>
  );
}

/** `/…/messages/support`: contact details, FAQ, and the support chats entry. */
export function SupportMessagesPage() {
  const base = useArea();
  return (
    <Container className="flex flex-col gap-8">
      <PageHeader
        title="Support"
        description="We usually reply within a few hours."
        actions={
          <Button asChild>
            <Link href={`${base}/messages/support/chats`}>
              <MessagesSquare aria-hidden="true" /> Your support chats
            </Link>
          </Button>
        }
      />
      <SupportContent />
    </Container>
  );
}

/** `/…/messages/support/chats`: support conversations (none yet). */
export function SupportChatsPage() {
  const base = useArea();
  return (
    <Container size="md" className="flex flex-col gap-6">
      <PageHeader
        title="Support chats"
        description="Your conversations with the Vetted support team."
      />
      <EmptyState
        icon={<MessagesSquare />}
        title="No conversations yet"
        description="Need help with a booking or payment? Email or call us — details are on the support page."
        action={
          <Button asChild variant="outline">
            <Link href={`${base}/messages/support`}>Contact support</Link>
          </Button>
        }
      />
    </Container>
  );
}
