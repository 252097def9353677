import type { Meta, StoryObj } from '@storybook/react-vite';
import * as React from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import {
  adminSupportConversations,
  adminUserId,
  loadError,
  NOW,
  supportMessages,
} from '../../fixtures';
import { toChatMessages } from '../conversations';
import { ConversationThreadView } from '../conversations';
import { SupportDeskActions, SupportDeskView, type SupportDeskViewProps } from './support-view';

/** Keeps the tab, the filter and the search in state, like the page does in the URL. */
function Stateful(props: SupportDeskViewProps) {
  const [status, setStatus] = React.useState(props.status);
  const [mine, setMine] = React.useState(props.mine);
  const [query, setQuery] = React.useState(props.query);
  return (
    <SupportDeskView
      {...props}
      status={status}
      onStatusChange={(s) => {
        setStatus(s);
        props.onStatusChange(s);
      }}
      mine={mine}
      onMineChange={(m) => {
        setMine(m);
        props.onMineChange(m);
      }}
      query={query}
      onQueryChange={(q) => {
        setQuery(q);
        props.onQueryChange(q);
      }}
    />
  );
}

const meta = {
  title: 'Screens/Admin/Support',
  component: SupportDeskView,
  args: {
    status: 'open',
    mine: false,
    query: '',
    onStatusChange: fn(),
    onMineChange: fn(),
    onQueryChange: fn(),
    onPageChange: fn(),
    onRetry: fn(),
    selectedId: null,
    hrefFor: (c) => `/admin/support?c=${c.id}`,
    meId: adminUserId,
    now: NOW,
  },
  render: (args) => <Stateful {...args} />,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SupportDeskView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };

export const Empty: Story = {
  args: { data: { ...adminSupportConversations, items: [], total: 0, unreadTotal: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No open chats')).toBeVisible();
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
  args: { data: adminSupportConversations },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Open chats' });
    await expect(within(list).getByText('The pro did not show up')).toBeVisible();
    await expect(within(list).getAllByText('Unassigned')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('switch', { name: 'Assigned to me' }));
    await expect(args.onMineChange).toHaveBeenCalledWith(true);
    await userEvent.click(canvas.getByRole('tab', { name: 'Resolved' }));
    await expect(args.onStatusChange).toHaveBeenCalledWith('resolved');
  },
};

const openChat = adminSupportConversations.items[0]!;

export const ThreadOpen: Story = {
  name: 'Populated: chat open, resolve after confirming',
  args: {
    data: adminSupportConversations,
    selectedId: openChat.id,
    thread: (
      <ConversationThreadView
        perspective="admin"
        conversation={openChat}
        messages={toChatMessages(supportMessages, [], adminUserId, { senderNames: true })}
        onSend={fn()}
        backHref="/admin/support"
        timeZone="America/Los_Angeles"
        actions={
          <SupportDeskActions
            conversation={openChat}
            meId={adminUserId}
            onAssignToMe={fn(async () => {})}
            onResolve={fn(async () => {})}
            onReopen={fn(async () => {})}
          />
        }
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // Already assigned to me: no "Assign to me".
    await expect(canvas.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Resolve' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Resolve this chat?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  },
};

export const Resolved: Story = {
  name: 'Resolved tab: chat open with Reopen',
  args: {
    status: 'resolved',
    data: {
      ...adminSupportConversations,
      items: [{ ...openChat, status: 'resolved', unreadCount: 0 }],
      total: 1,
      unreadTotal: 0,
    },
    selectedId: openChat.id,
    thread: (
      <ConversationThreadView
        perspective="admin"
        conversation={{ ...openChat, status: 'resolved' }}
        messages={toChatMessages(supportMessages, [], adminUserId, { senderNames: true })}
        onSend={fn()}
        backHref="/admin/support?status=resolved"
        timeZone="America/Los_Angeles"
        actions={
          <SupportDeskActions
            conversation={{ ...openChat, status: 'resolved' }}
            meId={adminUserId}
            onAssignToMe={fn(async () => {})}
            onResolve={fn(async () => {})}
            onReopen={fn(async () => {})}
          />
        }
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('button', { name: 'Reopen' })).toBeVisible();
    await expect(
      canvas.getByText('This chat is resolved. Reopen it to handle it again.'),
    ).toBeVisible();
  },
};
