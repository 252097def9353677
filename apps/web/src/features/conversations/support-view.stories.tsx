import type { Meta, StoryObj } from '@storybook/react-vite';
import { ApiError } from '@vetted/api-client';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { loadError, NOW, supportConversations, user } from '../../fixtures';
import { SupportView } from './support-view';

const meta = {
  title: 'Screens/Shared/Support',
  component: SupportView,
  args: {
    hrefFor: (c) => `/user/messages/support/chats?c=${c.id}`,
    chatsHref: '/user/messages/support/chats',
    onStart: fn(async () => {}),
    onRetry: fn(),
    meId: user.id,
    now: NOW,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof SupportView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };

export const Empty: Story = {
  args: { data: { ...supportConversations, items: [], total: 0 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText('No support chats yet')).toBeVisible();
    // The help content stays.
    await expect(canvas.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
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
  args: { data: { ...supportConversations, total: 7 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const list = canvas.getByRole('list', { name: 'Your support chats' });
    await expect(within(list).getByText('Refund for a cancelled booking')).toBeVisible();
    await expect(within(list).getByText('Resolved')).toBeVisible();
    await expect(canvas.getByRole('link', { name: /See all 7/ })).toBeVisible();
  },
};

/** The subject is checked with the contract's rule (3–120 characters) before anything is sent. */
export const StartChat: Story = {
  name: 'Start a chat (subject validated)',
  args: { data: supportConversations },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Start a chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a support chat' });
    const subject = within(dialog).getByRole('textbox', { name: /Subject/ });
    await userEvent.type(subject, 'Hi');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    await expect(
      await within(dialog).findByText('Say in a few words what you need help with'),
    ).toBeVisible();
    await expect(args.onStart).not.toHaveBeenCalled();
    await userEvent.clear(subject);
    await userEvent.type(subject, 'How do payouts work?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    await waitFor(() => expect(args.onStart).toHaveBeenCalledWith('How do payouts work?'));
    // Started: the dialog closes. Wait until it and its focus guards are gone, so the
    // test-runner's focus check Tabs through the page, not a dialog mid-unmount (seen under load).
    await waitFor(() => {
      expect(screen.queryByRole('dialog')).toBeNull();
      expect(document.querySelector('[data-radix-focus-guard]')).toBeNull();
    });
  },
};

/** The API refuses (e.g. rate limited): its message shows in the dialog, which stays open. */
export const StartChatRefused: Story = {
  name: 'Start a chat (refused by the server)',
  args: {
    data: supportConversations,
    onStart: fn(async () => {
      throw new ApiError('Too many requests. Wait a moment and try again', {
        code: 429,
        status: 429,
        request: { method: 'POST', url: '/v1/conversations' },
      });
    }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Start a chat' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start a support chat' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Subject/ }), 'My refund');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Start chat' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(/Too many requests/);
    await expect(dialog).toBeVisible();
  },
};
