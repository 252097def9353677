import type { Meta, StoryObj } from '@storybook/react-vite';
import type { ChatMessage } from '@vetted/ui';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  adminSupportConversations,
  adminUserId,
  customerConversations,
  loadError,
  picture,
  supportConversations,
  supportMessages,
  threadMessages,
  user,
  vendorConversations,
  vendorUserId,
} from '../../fixtures';
import { toChatMessages } from './state';
import { SupportDeskActions } from '../admin';
import {
  ConversationThreadView,
  type ConversationThreadViewProps,
} from './conversation-thread-view';

const customerThread = toChatMessages(threadMessages, [], user.id);

/** Appends what is sent (as sent), like the page does once the server answered. */
function Stateful(props: ConversationThreadViewProps) {
  const [messages, setMessages] = React.useState(props.messages);
  return (
    <ConversationThreadView
      {...props}
      messages={messages}
      onSend={(body, files) => {
        props.onSend(body, files);
        setMessages((list) => [
          ...list,
          {
            id: `sent-${list.length}`,
            body,
            createdAt: '2026-11-22T10:00:00.000Z',
            mine: true,
            status: 'sent',
          },
        ]);
      }}
    />
  );
}

const meta = {
  title: 'Screens/Shared/Conversation thread',
  component: ConversationThreadView,
  args: {
    perspective: 'customer',
    messages: customerThread,
    backHref: '/user/messages',
    timeZone: 'America/Los_Angeles',
    onSend: fn(),
    onRetry: fn(),
    onTyping: fn(),
    onRetryLoad: fn(),
    onLoadOlder: fn(),
  },
  render: (args) => <Stateful {...args} />,
  decorators: [
    (Story) => (
      <div className="h-[640px] max-w-3xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ConversationThreadView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true, messages: [] } };

export const Empty: Story = {
  name: 'Empty (new conversation)',
  args: {
    conversation: { ...customerConversations.items[0]!, lastMessage: null, unreadCount: 0 },
    messages: [],
    counterpartHref: '/user/services/vendor/v1',
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { conversation: customerConversations.items[0], messages: [], error: loadError },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error fetching chats');
  },
};

export const Populated: Story = {
  name: 'Populated (customer: pro and order linked)',
  args: {
    conversation: customerConversations.items[0],
    counterpartHref: '/user/services/vendor/00000000-0000-4000-8000-000000000100',
    orderHref: '/user/history/order?id=00000000-0000-4000-8000-000000000401',
    hasOlder: true,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('heading', { level: 2, name: 'KeyMaster Seattle' }),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'KeyMaster Seattle' })).toHaveAttribute(
      'href',
      '/user/services/vendor/00000000-0000-4000-8000-000000000100',
    );
    await expect(canvas.getByRole('link', { name: /Lock change · VT-7K2P91/ })).toBeVisible();
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Yes, 11 AM works.');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(args.onSend).toHaveBeenCalledWith('Yes, 11 AM works.', []));
    await expect(await canvas.findByText('Yes, 11 AM works.')).toBeVisible();
  },
};

export const Vendor: Story = {
  name: 'Pro: customer and order linked',
  args: {
    perspective: 'vendor',
    conversation: vendorConversations.items[0],
    messages: toChatMessages(threadMessages, [], vendorUserId),
    orderHref: '/vendor/history/order?id=00000000-0000-4000-8000-000000000401',
    typing: 'Casey Customer',
  },
};

const sendingMessages: ChatMessage[] = [
  ...customerThread,
  {
    id: 'pending-1',
    body: 'Here is the back door too.',
    createdAt: '2026-11-22T09:58:00.000Z',
    mine: true,
    status: 'sending',
    progress: 0.45,
    attachments: [
      {
        url: picture('Back door', 200, 1200, 900),
        thumbUrl: picture('Back door', 200, 480, 360),
        width: 1200,
        height: 900,
        alt: 'Your photo',
      },
    ],
  },
  {
    id: 'pending-2',
    body: 'And the garage.',
    createdAt: '2026-11-22T09:59:00.000Z',
    mine: true,
    status: 'failed',
    error: 'Image must be less than 3mb',
  },
];

export const SendingAndFailed: Story = {
  name: 'Sending (upload progress) and failed with Retry',
  args: { conversation: customerConversations.items[0], messages: sendingMessages },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('progressbar', { name: 'Uploading images' })).toHaveAttribute(
      'aria-valuenow',
      '45',
    );
    await expect(canvas.getByText('Image must be less than 3mb')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledWith('pending-2');
  },
};

export const SupportResolved: Story = {
  name: 'Support chat: resolved (a reply reopens it)',
  args: {
    conversation: supportConversations.items[1],
    messages: toChatMessages([{ ...supportConversations.items[1]!.lastMessage! }], [], user.id, {
      senderNames: true,
    }),
    backHref: '/user/messages/support/chats',
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('This chat is resolved. Replying reopens it.')).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      'Reply to reopen this chat…',
    );
  },
};

export const SupportDesk: Story = {
  name: 'Support desk: Assign to me and Resolve',
  args: {
    perspective: 'admin',
    conversation: adminSupportConversations.items[1],
    messages: toChatMessages([adminSupportConversations.items[1]!.lastMessage!], [], adminUserId, {
      senderNames: true,
    }),
    backHref: '/admin/support',
    actions: (
      <SupportDeskActions
        conversation={adminSupportConversations.items[1]!}
        meId={adminUserId}
        onAssignToMe={fn(async () => {})}
        onResolve={fn(async () => {})}
        onReopen={fn(async () => {})}
      />
    ),
  },
};

export const SupportDeskMessages: Story = {
  name: 'Support desk: a chat assigned to me',
  args: {
    perspective: 'admin',
    conversation: adminSupportConversations.items[0],
    messages: toChatMessages(supportMessages, [], adminUserId, { senderNames: true }),
    backHref: '/admin/support',
    actions: (
      <SupportDeskActions
        conversation={adminSupportConversations.items[0]!}
        meId={adminUserId}
        onAssignToMe={fn(async () => {})}
        onResolve={fn(async () => {})}
        onReopen={fn(async () => {})}
      />
    ),
  },
};
