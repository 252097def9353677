import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { type ChatMessage, ChatThread, type ChatThreadProps } from './chat-thread';

const messages: ChatMessage[] = [
  {
    id: '1',
    body: 'Hi! Is Thursday at 10:00 still free?',
    createdAt: '2026-03-09T17:02:00Z',
    mine: true,
    status: 'sent',
  },
  {
    id: '2',
    body: 'Yes, it is. Is the boiler a combi?',
    createdAt: '2026-03-09T17:10:00Z',
    mine: false,
    senderName: 'Byrne Plumbing',
  },
  {
    id: '3',
    body: 'It is a Worcester combi, about 8 years old.',
    createdAt: '2026-03-10T08:31:00Z',
    mine: true,
    status: 'sent',
  },
  {
    id: '4',
    body: 'Perfect, see you Thursday.\nI will bring the gas analyser.',
    createdAt: '2026-03-10T08:40:00Z',
    mine: false,
    senderName: 'Byrne Plumbing',
  },
];

function Controlled(props: ChatThreadProps) {
  const [list, setList] = useState(props.messages);
  return (
    <ChatThread
      {...props}
      messages={list}
      onSend={(body) => {
        props.onSend(body);
        setList((l) => [
          ...l,
          {
            id: String(l.length + 1),
            body,
            createdAt: '2026-03-10T09:00:00Z',
            mine: true,
            status: 'sending',
          },
        ]);
      }}
    />
  );
}

const meta = {
  title: 'Components/ChatThread',
  component: ChatThread,
  args: { messages, onSend: fn(), onRetry: fn(), timeZone: 'Europe/Dublin', locale: 'en-IE' },
  render: (args) => <Controlled {...args} />,
  decorators: [(Story) => <div className="h-[480px] max-w-lg">{Story()}</div>],
} satisfies Meta<typeof ChatThread>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Conversation: Story = {};
export const Empty: Story = { args: { messages: [] } };
export const SendingAndFailed: Story = {
  args: {
    messages: [
      ...messages,
      {
        id: '5',
        body: 'Can you also look at the radiator?',
        createdAt: '2026-03-10T09:01:00Z',
        mine: true,
        status: 'sending',
      },
      {
        id: '6',
        body: 'The one in the hall.',
        createdAt: '2026-03-10T09:02:00Z',
        mine: true,
        status: 'failed',
      },
    ],
  },
};
export const Disabled: Story = {
  args: { disabled: true, placeholder: 'This conversation is closed' },
};
export const Dark: Story = { ...SendingAndFailed, globals: { theme: 'dark' } };

export const EnterSendsShiftEnterNewline: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Line one{Shift>}{Enter}{/Shift}line two');
    await expect(box).toHaveValue('Line one\nline two');
    await userEvent.keyboard('{Enter}');
    await expect(args.onSend).toHaveBeenCalledWith('Line one\nline two');
    await expect(box).toHaveValue('');
    await expect(canvas.getByText('Sending…')).toBeInTheDocument();
  },
};

export const RetryFailed: Story = {
  ...SendingAndFailed,
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }));
    await expect(args.onRetry).toHaveBeenCalledWith('6');
  },
};
