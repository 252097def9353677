import type { Meta, StoryObj } from '@storybook/react-vite';
import type { NotificationPreferences } from '@vetted/contract';
import { useState } from 'react';
import { expect, fn, userEvent, within } from 'storybook/test';
import { loadError } from '../../fixtures';
import { PushDeviceView } from './push-device-view';
import {
  NotificationPreferencesView,
  type NotificationPreferencesViewProps,
} from './notification-preferences-view';

/** What `GET /v1/me/notification-preferences` answers for a new customer (everything on). */
const defaults: NotificationPreferences = {
  kinds: [
    {
      kind: 'bookings',
      label: 'Bookings and payments',
      description:
        'New bookings, accepted, declined, started, completed and cancelled jobs, recurring plans, receipts and refunds.',
      channels: ['in_app', 'email', 'push'],
      inApp: true,
      email: true,
      push: true,
    },
    {
      kind: 'messages',
      label: 'Messages',
      description: 'New messages from pros, customers and Vetted support.',
      channels: ['in_app', 'email', 'push'],
      inApp: true,
      email: true,
      push: true,
    },
    {
      kind: 'reviews',
      label: 'Reviews',
      description: 'Replies from pros to your reviews.',
      channels: ['in_app'],
      inApp: true,
      email: false,
      push: false,
    },
  ],
};

const SWITCH = { in_app: 'inApp', email: 'email', push: 'push' } as const;

/** Holds the switches like the page's optimistic update does. */
function Stateful(props: NotificationPreferencesViewProps) {
  const [data, setData] = useState(props.data);
  return (
    <NotificationPreferencesView
      {...props}
      data={data}
      onToggle={(kind, channel, on) => {
        props.onToggle(kind, channel, on);
        setData((d) =>
          d
            ? {
                kinds: d.kinds.map((k) => (k.kind === kind ? { ...k, [SWITCH[channel]]: on } : k)),
              }
            : d,
        );
      }}
    />
  );
}

const meta = {
  title: 'Screens/Shared/Profile/Notification preferences',
  component: NotificationPreferencesView,
  args: { onToggle: fn(), onRetry: fn() },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof NotificationPreferencesView>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loading: Story = { args: { isLoading: true } };
export const ErrorState: Story = { name: 'Error', args: { error: loadError } };

/** Everything on; reviews are only sent in the app, so their email cell says so. */
export const Populated: Story = {
  args: { data: defaults },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const messagesInApp = canvas.getByRole('switch', { name: 'Messages: in the app' });
    await expect(messagesInApp).toBeChecked();
    await expect(canvas.queryByRole('switch', { name: 'Reviews: by email' })).toBeNull();
    await expect(canvas.getByText('Not sent by email')).toBeInTheDocument();
    await userEvent.click(messagesInApp);
    await expect(args.onToggle).toHaveBeenCalledWith('messages', 'in_app', false);
    await expect(messagesInApp).not.toBeChecked();
  },
};

/** Some switched off. */
export const SomeOff: Story = {
  args: {
    data: {
      kinds: defaults.kinds.map((k) =>
        k.kind === 'bookings'
          ? { ...k, email: false }
          : k.kind === 'reviews'
            ? { ...k, inApp: false }
            : k,
      ),
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(
      canvas.getByRole('switch', { name: 'Bookings and payments: by email' }),
    ).not.toBeChecked();
    await expect(canvas.getByRole('switch', { name: 'Reviews: in the app' })).not.toBeChecked();
  },
};

/** The page as a phone shows it with push off on this device: the Push column and the button. */
export const WithThisDevice: Story = {
  args: {
    data: defaults,
    device: <PushDeviceView state="off" onTurnOn={fn()} onTurnOff={fn()} />,
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const pushMessages = canvas.getByRole('switch', { name: 'Messages: by push' });
    await expect(pushMessages).toBeChecked();
    await expect(canvas.queryByRole('switch', { name: 'Reviews: by push' })).toBeNull();
    await userEvent.click(pushMessages);
    await expect(args.onToggle).toHaveBeenCalledWith('messages', 'push', false);
    await expect(
      canvas.getByRole('button', { name: 'Turn on notifications on this device' }),
    ).toBeEnabled();
  },
};
