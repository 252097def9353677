import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { loadError, NOW, supportConversations, supportMessages, user } from '../../fixtures';
import { toChatMessages } from './state';
import { ConversationThreadView } from './conversation-thread-view';
import { SupportChatsView } from './support-chats-view';

const meta = {
  title: 'Screens/Shared/Support chats',
  component: SupportChatsView,
  args: {
    hrefFor: (c) => `/user/messages/support/chats?c=${c.id}`,
    supportHref: '/user/messages/support',
    selectedId: null,
    onStart: fn(async () => {}),
    onRetry: fn(),
    onPageChange: fn(),
    meId: user.id,
    now: NOW,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SupportChatsView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };

export const Empty: Story = {
  args: { data: { ...supportConversations, items: [], total: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No support chats yet')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Start a chat' })).toBeVisible();
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

export const Populated: Story = { args: { data: supportConversations } };

export const ThreadOpen: Story = {
  name: 'Populated: chat open',
  args: {
    data: supportConversations,
    selectedId: supportConversations.items[0]!.id,
    thread: (
      <ConversationThreadView
        perspective="customer"
        conversation={supportConversations.items[0]}
        messages={toChatMessages(supportMessages, [], user.id, { senderNames: true })}
        onSend={fn()}
        backHref="/user/messages/support/chats"
        timeZone="America/Los_Angeles"
      />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Vetted support' })).toBeVisible();
    await expect(canvas.getByText('Vetted support · Ana')).toBeVisible();
  },
};
