import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { placeholderImage } from '../stories/fixtures';
import { type ChatMessage, ChatThread, type ChatThreadProps } from './chat-thread';
import { MAX_IMAGE_BYTES } from './image-upload';

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

/** Self-contained images (no network in CI): full size 1200 × 900, thumbnails 400 × 300. */
function attachment(label: string, index: number, alt?: string) {
  return {
    url: placeholderImage(label, index, 1200, 900),
    thumbUrl: placeholderImage(label, index, 400, 300),
    width: 1200,
    height: 900,
    alt,
  };
}

/** A real (tiny) PNG so the composer preview renders. */
function pngFile(name = 'leak.png'): File {
  const bytes = Uint8Array.from(
    atob(
      'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAYAAAAf8/9hAAAAKElEQVR42mMQCNr/n1LMMGrIqCGjhowaMmrIqCGjhowaMmrIqCGjhgAAQRL9H8JHWVcAAAAASUVORK5CYII=',
    ),
    (c) => c.charCodeAt(0),
  );
  return new File([bytes], name, { type: 'image/png' });
}

/**
 * Stands in for the app's socket in NewMessageAnnounced: the play function pushes a message from
 * the other side through it, as a live update would.
 */
const socket: { push: ((message: ChatMessage) => void) | null } = { push: null };

function Controlled(props: ChatThreadProps) {
  const [list, setList] = useState(props.messages);
  useEffect(() => {
    socket.push = (message) => setList((l) => [...l, message]);
    return () => {
      socket.push = null;
    };
  }, []);
  return (
    <ChatThread
      {...props}
      messages={list}
      onSend={(body, files) => {
        props.onSend(body, files);
        setList((l) => [
          ...l,
          {
            id: String(l.length + 1),
            body,
            createdAt: '2026-03-10T09:00:00Z',
            mine: true,
            status: 'sending',
            attachments: files.map((file) => {
              const url = URL.createObjectURL(file);
              return { url, thumbUrl: url, width: 640, height: 480, alt: file.name };
            }),
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
    await expect(args.onSend).toHaveBeenCalledWith('Line one\nline two', []);
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

/** 'read' (the other side opened it) shows a double check; 'sent' a single one. */
export const ReadReceipts: Story = {
  args: {
    messages: [
      { ...messages[0]!, status: 'read' },
      messages[1]!,
      { ...messages[2]!, status: 'read' },
      messages[3]!,
      {
        id: '5',
        body: 'Great, thanks!',
        createdAt: '2026-03-10T08:42:00Z',
        mine: true,
        status: 'sent',
      },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getAllByText('Read')).toHaveLength(2);
    await expect(canvas.getAllByText('Sent')).toHaveLength(1);
  },
};

export const Typing: Story = {
  args: { typing: 'Byrne Plumbing' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Byrne Plumbing is typing…')).toBeVisible();
  },
};

export const WithAttachments: Story = {
  args: {
    allowAttachments: true,
    onTyping: fn(),
    messages: [
      ...messages,
      {
        id: '5',
        body: 'Here is where the pipe drips.',
        createdAt: '2026-03-10T08:45:00Z',
        mine: true,
        status: 'read',
        attachments: [
          attachment('Pipe', 1, 'Copper pipe under the sink with a drip'),
          attachment('Valve', 2, 'Isolation valve with a green handle'),
        ],
      },
      {
        id: '6',
        body: '',
        createdAt: '2026-03-10T08:50:00Z',
        mine: false,
        senderName: 'Byrne Plumbing',
        attachments: [attachment('Part', 3, 'The replacement valve')],
      },
    ],
  },
  play: async ({ canvas, canvasElement, args }) => {
    const thumb = canvas.getByRole('link', { name: /Copper pipe under the sink/ });
    await expect(thumb).toHaveAttribute('target', '_blank');
    await expect(thumb.querySelector('img')).toHaveAttribute('width', '1200');

    // Pick an image, remove it (focus moves to the attach button), pick it again and send.
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    await userEvent.upload(input, pngFile());
    await expect(await canvas.findByRole('img', { name: 'leak.png' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove leak.png' }));
    await waitFor(() => expect(canvas.queryByRole('img', { name: 'leak.png' })).toBeNull());
    await expect(canvas.getByRole('button', { name: 'Attach images' })).toHaveFocus();
    await userEvent.upload(input, pngFile());
    await canvas.findByRole('img', { name: 'leak.png' });
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'The new leak{Enter}');
    await expect(args.onTyping).toHaveBeenCalled();
    await expect(args.onSend).toHaveBeenCalledWith('The new leak', [expect.any(File)]);
    await waitFor(() => expect(canvas.queryByRole('list', { name: 'Images to send' })).toBeNull());
  },
};

export const UploadingWithProgress: Story = {
  args: {
    messages: [
      ...messages,
      {
        id: '5',
        body: 'Photos of the boiler label',
        createdAt: '2026-03-10T08:45:00Z',
        mine: true,
        status: 'sending',
        progress: 0.45,
        attachments: [attachment('Label', 4, 'Boiler data label'), attachment('Flue', 5)],
      },
      {
        id: '6',
        body: 'And the whole cupboard',
        createdAt: '2026-03-10T08:46:00Z',
        mine: true,
        status: 'failed',
        error: 'Image must be less than 3mb',
      },
    ],
  },
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Uploading images' });
    await expect(bar).toHaveAttribute('aria-valuenow', '45');
    await expect(canvas.getByRole('link', { name: /Image 2 of 2/ })).toBeInTheDocument();
    await expect(canvas.getByText('Image must be less than 3mb')).toBeVisible();
    await expect(canvas.getByText('Not sent')).toBeVisible();
  },
};

export const AttachmentTooLarge: Story = {
  args: { allowAttachments: true },
  play: async ({ canvas, canvasElement, args }) => {
    const input = canvasElement.querySelector<HTMLInputElement>('input[type="file"]')!;
    // spec §5/§9: more than 3 MB (3 × 1024 × 1024 bytes) is refused.
    const big = new File([new Uint8Array(MAX_IMAGE_BYTES + 1)], 'huge.png', {
      type: 'image/png',
    });
    await userEvent.upload(input, big);
    await expect(await canvas.findByText('Image must be less than 3mb')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Image must be less than 3mb');
    await expect(canvas.queryByRole('list', { name: 'Images to send' })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Send message' })).toBeDisabled();

    // Five at once: four are kept, the fifth is refused.
    await userEvent.upload(
      input,
      ['1', '2', '3', '4', '5'].map((n) => pngFile(`photo-${n}.png`)),
    );
    await expect(await canvas.findByText('Attach at most 4 images')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Remove photo-/ })).toHaveLength(4);
    await expect(args.onSend).not.toHaveBeenCalled();
  },
};

export const Links: Story = {
  args: {
    messages: [
      {
        id: '1',
        body: 'Our reviews: https://vetted.ie/pros/byrne-plumbing (or see www.byrneplumbing.ie).',
        createdAt: '2026-03-10T08:30:00Z',
        mine: false,
        senderName: 'Byrne Plumbing',
      },
      {
        id: '2',
        body: 'Thanks! Is this safe to open? javascript:alert(1)',
        createdAt: '2026-03-10T08:31:00Z',
        mine: true,
        status: 'sent',
      },
      {
        id: '3',
        body: 'No, never open those. Invoices come from accounts@byrneplumbing.ie. hello.world is not a link.',
        createdAt: '2026-03-10T08:33:00Z',
        mine: false,
        senderName: 'Byrne Plumbing',
      },
      {
        id: '4',
        body: 'Got it, I sent you the details on https://vetted.ie/messages',
        createdAt: '2026-03-10T08:35:00Z',
        mine: true,
        status: 'read',
      },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    const reviews = canvas.getByRole('link', { name: /vetted\.ie\/pros\/byrne-plumbing/ });
    await expect(reviews).toHaveAttribute('href', 'https://vetted.ie/pros/byrne-plumbing');
    await expect(reviews).toHaveAttribute('target', '_blank');
    await expect(reviews).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    await expect(canvas.getByRole('link', { name: /www\.byrneplumbing\.ie/ })).toHaveAttribute(
      'href',
      'https://www.byrneplumbing.ie',
    );
    await expect(canvas.getByRole('link', { name: /accounts@/ })).toHaveAttribute(
      'href',
      'mailto:accounts@byrneplumbing.ie',
    );
    // javascript: and a bare non-www domain stay plain text.
    await expect(canvas.getByText(/javascript:alert\(1\)/).closest('a')).toBeNull();
    await expect(canvas.queryByRole('link', { name: /hello\.world/ })).toBeNull();
    const hrefs = Array.from(canvasElement.querySelectorAll('a'), (a) => a.getAttribute('href'));
    await expect(hrefs.filter((href) => /^\s*javascript:/i.test(href ?? ''))).toEqual([]);
  },
};

const olderMessages: ChatMessage[] = [
  'Hello, do you service combi boilers?',
  'We do, all makes. What is the address?',
  '14 Harbour Road, Howth.',
  'Grand, that is in our area.',
  'How much is an annual service?',
  '€95 including the flue gas check.',
].map(
  (body, i): ChatMessage => ({
    id: `old-${i + 1}`,
    body,
    createdAt: `2026-03-02T10:${String(10 + i * 5).padStart(2, '0')}:00Z`,
    mine: i % 2 === 0,
    status: i % 2 === 0 ? 'read' : undefined,
    senderName: i % 2 === 0 ? undefined : 'Byrne Plumbing',
  }),
);

const recentMessages: ChatMessage[] = [
  ...messages,
  {
    id: '5',
    body: 'Should I leave the heating off on Thursday morning?',
    createdAt: '2026-03-10T08:44:00Z',
    mine: true,
    status: 'read',
  },
  {
    id: '6',
    body: 'Yes please, so it is cool when I arrive.',
    createdAt: '2026-03-10T08:47:00Z',
    mine: false,
    senderName: 'Byrne Plumbing',
  },
];

/** Loads one page of older messages (simulated request), then there is no more history. */
function WithHistory(props: ChatThreadProps) {
  const [list, setList] = useState(props.messages);
  const [hasOlder, setHasOlder] = useState(true);
  const [loading, setLoading] = useState(false);
  return (
    <ChatThread
      {...props}
      messages={list}
      hasOlder={hasOlder}
      loadingOlder={loading}
      onLoadOlder={() => {
        props.onLoadOlder?.();
        setLoading(true);
        setTimeout(() => {
          setList((l) => [...olderMessages, ...l]);
          setHasOlder(false);
          setLoading(false);
        }, 300);
      }}
    />
  );
}

export const LoadOlder: Story = {
  args: { messages: recentMessages, onLoadOlder: fn() },
  render: (args) => <WithHistory {...args} />,
  play: async ({ canvas, args }) => {
    const list = canvas.getByRole('list', { name: 'Messages' });
    const anchor = canvas.getByText('Hi! Is Thursday at 10:00 still free?');
    const offset = () =>
      Math.round(anchor.getBoundingClientRect().top - list.getBoundingClientRect().top);
    // Opens at the newest message; the reader scrolls up to the start.
    await waitFor(() => expect(list.scrollTop).toBeGreaterThan(0));
    list.scrollTop = 0;
    const before = offset();
    await userEvent.click(canvas.getByRole('button', { name: 'Load earlier messages' }));
    await expect(args.onLoadOlder).toHaveBeenCalledTimes(1);
    await canvas.findByText('Hello, do you service combi boilers?');
    // Prepending kept the reader's place: the message they were looking at did not move.
    await waitFor(() => expect(offset()).toBe(before));
    await expect(list.scrollTop).toBeGreaterThan(0);
    // No more history: the button is gone and focus moved to the list, not to <body>.
    await expect(canvas.queryByRole('button', { name: /earlier messages/ })).toBeNull();
    await expect(list).toHaveFocus();
  },
};

export const NewMessageAnnounced: Story = {
  play: async ({ canvas, canvasElement }) => {
    const live = canvasElement.querySelector('[data-slot="chat-live-region"]')!;
    await expect(live).toHaveAttribute('aria-live', 'polite');
    // The history is not announced, nor are my own messages.
    await expect(live.textContent).toBe('');
    const box = canvas.getByRole('textbox', { name: 'Message' });
    await userEvent.type(box, 'Can you come at 9 instead?{Enter}');
    await canvas.findByText('Can you come at 9 instead?');
    await expect(live.textContent).toBe('');
    // A reply arrives (the app's socket pushes it).
    await waitFor(() => expect(socket.push).not.toBeNull());
    socket.push?.({
      id: 'reply-1',
      body: 'Yes, it is.',
      createdAt: '2026-03-10T09:05:00Z',
      mine: false,
      senderName: 'Byrne Plumbing',
    });
    await waitFor(() =>
      expect(live.textContent).toBe('New message from Byrne Plumbing: Yes, it is.'),
    );
  },
};

/** Everything at once on a 375 px wide phone screen. */
export const Mobile: Story = {
  ...WithAttachments,
  args: {
    ...WithAttachments.args,
    typing: 'Byrne Plumbing',
    hasOlder: true,
    onLoadOlder: fn(),
    header: (
      <div className="flex flex-col">
        <span className="text-sm font-semibold text-fg">Byrne Plumbing</span>
        <span className="text-xs text-muted">Boiler service · Thursday 12 March</span>
      </div>
    ),
  },
  decorators: [(Story) => <div className="h-full w-[343px]">{Story()}</div>],
  play: undefined,
};
