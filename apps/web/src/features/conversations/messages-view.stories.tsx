import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import {
  customerConversations,
  loadError,
  NOW,
  threadMessages,
  user,
  vendorConversations,
  vendorUser,
  vendorUserId,
} from '../../fixtures';
import { toChatMessages } from './state';
import { ConversationThreadView } from './conversation-thread-view';
import { MessagesView, type MessagesViewProps } from './messages-view';

/** Keeps the search text in state, like the page does (debounced into the URL). */
function Stateful(props: MessagesViewProps) {
  const [query, setQuery] = React.useState(props.query);
  return (
    <MessagesView
      {...props}
      query={query}
      onQueryChange={(q) => {
        setQuery(q);
        props.onQueryChange(q);
      }}
    />
  );
}

const customerThread = (
  <ConversationThreadView
    perspective="customer"
    conversation={customerConversations.items[0]}
    messages={toChatMessages(threadMessages, [], user.id)}
    onSend={fn()}
    backHref="/user/messages"
    counterpartHref="/user/services/vendor/00000000-0000-4000-8000-000000000100"
    orderHref="/user/history/order?id=00000000-0000-4000-8000-000000000401"
    timeZone="America/Los_Angeles"
  />
);

const meta = {
  title: 'Screens/Shared/Messages',
  component: MessagesView,
  args: {
    perspective: 'customer',
    query: '',
    onQueryChange: fn(),
    onPageChange: fn(),
    onRetry: fn(),
    selectedId: null,
    hrefFor: (c) => `/user/messages?c=${c.id}`,
    supportHref: '/user/messages/support',
    browseHref: '/user/services',
    meId: user.id,
    now: NOW,
  },
  render: (args) => <Stateful {...args} />,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof MessagesView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };

export const Empty: Story = {
  name: 'Empty (customer)',
  args: { data: { ...customerConversations, items: [], total: 0, unreadTotal: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No conversations yet')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Browse services' })).toBeVisible();
  },
};

export const EmptyVendor: Story = {
  name: 'Empty (pro)',
  args: {
    perspective: 'vendor',
    data: { ...vendorConversations, items: [], total: 0, unreadTotal: 0 },
    supportHref: '/vendor/messages/support',
    browseHref: undefined,
    meId: vendorUserId,
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: loadError },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Error fetching chats');
  },
};

export const Populated: Story = {
  name: 'Populated (customer inbox)',
  args: { data: customerConversations },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Conversations' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    // Unread counts read as "2 unread".
    const badges = list.querySelectorAll('[data-slot="unread-badge"]');
    await expect(badges[0]).toHaveTextContent('2 unread');
    await userEvent.type(
      canvas.getByRole('searchbox', { name: 'Search conversations by name' }),
      'Sam',
    );
    await waitFor(() => expect(args.onQueryChange).toHaveBeenLastCalledWith('Sam'));
  },
};

export const ThreadOpen: Story = {
  name: 'Populated: thread open (customer)',
  args: {
    data: customerConversations,
    selectedId: customerConversations.items[0]!.id,
    thread: customerThread,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const current = canvasElement.querySelector('[aria-current="true"]');
    await expect(current).toHaveAttribute(
      'data-conversation-id',
      customerConversations.items[0]!.id,
    );
    await expect(canvas.getByRole('region', { name: 'KeyMaster Seattle' })).toBeVisible();
  },
};

export const VendorThreadOpen: Story = {
  name: 'Populated: thread open (pro)',
  args: {
    perspective: 'vendor',
    data: vendorConversations,
    selectedId: vendorConversations.items[0]!.id,
    hrefFor: (c) => `/vendor/messages?c=${c.id}`,
    supportHref: '/vendor/messages/support',
    browseHref: undefined,
    meId: vendorUser.id,
    thread: (
      <ConversationThreadView
        perspective="vendor"
        conversation={vendorConversations.items[0]}
        messages={toChatMessages(threadMessages, [], vendorUserId)}
        onSend={fn()}
        backHref="/vendor/messages"
        orderHref="/vendor/history/order?id=00000000-0000-4000-8000-000000000401"
        timeZone="America/Los_Angeles"
      />
    ),
  },
};

export const NoMatch: Story = {
  name: 'Empty search',
  args: {
    query: 'Zed',
    data: { ...customerConversations, items: [], total: 0 },
  },
};
