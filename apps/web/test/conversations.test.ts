import { HttpError, RequestError, TimeoutError } from '@vetted/api-client';
import type { Message, MessagePage } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import { customerConversations, threadMessages, user, vendorUserId } from '../src/fixtures';
import {
  flattenPages,
  messagePageKey,
  type PendingMessage,
  toChatMessages,
} from '../src/features/conversations/state';
import { formatInboxTime } from '../src/lib/format';
import {
  createThrottle,
  emitTyping,
  isThreadOnScreen,
  showThread,
  subscribeTyping,
  type TypingEvent,
} from '../src/lib/typing';
import { uploadMessage } from '../src/lib/upload';
import { messagePreview } from '../src/features/conversations/conversation-list';

const CHAT = '00000000-0000-4000-8000-000000000801';

describe('message pages', () => {
  it('asks for the newest page, then pages back by nextCursor, then stops', () => {
    const key = messagePageKey(CHAT);
    expect(key(0, null)).toEqual([`/conversations/${CHAT}/messages`, { limit: 30 }]);
    const newest: MessagePage = {
      items: threadMessages.slice(3),
      nextCursor: threadMessages[3]!.id,
    };
    expect(key(1, newest)).toEqual([
      `/conversations/${CHAT}/messages`,
      { limit: 30, before: threadMessages[3]!.id },
    ]);
    expect(key(2, { items: threadMessages.slice(0, 3), nextCursor: null })).toBeNull();
  });

  it('flattens newest-first pages into one oldest → newest list, each message once', () => {
    const newest: MessagePage = {
      items: threadMessages.slice(3),
      nextCursor: threadMessages[3]!.id,
    };
    // The older page overlaps by one message (a new message shifted the page boundary).
    const older: MessagePage = { items: threadMessages.slice(0, 4), nextCursor: null };
    expect(flattenPages([newest, older]).map((m) => m.id)).toEqual(threadMessages.map((m) => m.id));
    expect(flattenPages(undefined)).toEqual([]);
  });
});

describe('toChatMessages', () => {
  const pending = (fields: Partial<PendingMessage>): PendingMessage => ({
    id: 'key-1',
    conversationId: CHAT,
    body: 'See you then',
    files: [],
    previews: [],
    createdAt: '2026-11-22T10:00:00.000Z',
    status: 'sending',
    ...fields,
  });

  it('marks my messages with sent/read ticks and leaves the other side without status', () => {
    const chat = toChatMessages(threadMessages, [], user.id);
    expect(chat.map((m) => [m.mine, m.status])).toEqual([
      [true, 'read'],
      [true, 'read'],
      [false, undefined],
      [true, 'read'],
      [false, undefined],
      [false, undefined],
    ]);
    expect(chat[1]!.attachments).toEqual([
      expect.objectContaining({ width: 1200, height: 900, alt: 'Photo from you' }),
    ]);
    // The pro's view of the same thread.
    expect(toChatMessages(threadMessages, [], vendorUserId).map((m) => m.mine)).toEqual([
      false,
      false,
      true,
      false,
      true,
      true,
    ]);
  });

  it('names senders only when asked (support chats)', () => {
    expect(toChatMessages(threadMessages, [], user.id)[2]!.senderName).toBeUndefined();
    expect(toChatMessages(threadMessages, [], user.id, { senderNames: true })[2]!.senderName).toBe(
      'KeyMaster Seattle',
    );
  });

  it('appends messages being sent, with progress or the failure, and hides delivered ones', () => {
    const uploading = pending({ id: 'key-1', progress: 0.4, files: [new File(['x'], 'a.png')] });
    const failed = pending({ id: 'key-2', status: 'failed', error: 'Image must be less than 3mb' });
    const delivered = pending({ id: 'key-3', serverId: threadMessages[5]!.id });
    const chat = toChatMessages(threadMessages, [uploading, failed, delivered], user.id);
    expect(chat).toHaveLength(threadMessages.length + 2);
    expect(chat.at(-2)).toMatchObject({
      id: 'key-1',
      mine: true,
      status: 'sending',
      progress: 0.4,
    });
    expect(chat.at(-1)).toMatchObject({
      id: 'key-2',
      status: 'failed',
      error: 'Image must be less than 3mb',
    });
  });

  it('shows an acknowledged message as sent until the thread holds it', () => {
    const acknowledged = pending({ serverId: '00000000-0000-4000-8000-000000000999' });
    expect(toChatMessages([], [acknowledged], user.id)).toEqual([
      expect.objectContaining({ id: 'key-1', status: 'sent' }),
    ]);
  });
});

describe('inbox rows', () => {
  const base = threadMessages[5]!;
  it('previews the text, photos, and my own messages', () => {
    expect(messagePreview(base, user.id)).toBe(base.body);
    expect(messagePreview(customerConversations.items[2]!.lastMessage, user.id)).toBe(
      'Sent 2 photos',
    );
    const photo = threadMessages[1]!;
    expect(messagePreview(photo, user.id)).toBe('You: Sent a photo');
    expect(messagePreview(null)).toBe('No messages yet');
  });

  it('shows the time today, the weekday this week, else the date', () => {
    const now = new Date('2026-11-22T18:00:00.000Z');
    const zone = 'UTC';
    expect(formatInboxTime('2026-11-22T09:41:00.000Z', now, zone)).toMatch(/9:41/);
    expect(formatInboxTime('2026-11-20T09:41:00.000Z', now, zone)).toMatch(/Fri/);
    expect(formatInboxTime('2026-11-02T09:41:00.000Z', now, zone)).toMatch(/Nov/);
    expect(formatInboxTime('2025-11-02T09:41:00.000Z', now, zone)).toMatch(/2025/);
  });
});

describe('typing', () => {
  it('lets at most one typing POST through per 3 s', () => {
    let now = 0;
    const gate = createThrottle(3_000, () => now);
    expect(gate()).toBe(true);
    now = 2_999;
    expect(gate()).toBe(false);
    now = 3_000;
    expect(gate()).toBe(true);
    now = 3_500;
    expect(gate()).toBe(false);
  });

  it('hands hints to every subscriber until it unsubscribes', () => {
    const seen: TypingEvent[] = [];
    const stop = subscribeTyping((e) => seen.push(e));
    const event = { conversationId: CHAT, userId: 'u1', name: 'Casey Customer' };
    emitTyping(event);
    stop();
    emitTyping(event);
    expect(seen).toEqual([event]);
  });
});

describe('thread on screen', () => {
  it('matches a notification link to the open thread until it closes', () => {
    const hide = showThread(CHAT);
    expect(isThreadOnScreen(`/user/messages?c=${CHAT}`)).toBe(true);
    expect(isThreadOnScreen(`/admin/support?c=${CHAT}&status=open`)).toBe(true);
    expect(isThreadOnScreen('/user/messages?c=another')).toBe(false);
    expect(isThreadOnScreen(null)).toBe(false);
    hide();
    expect(isThreadOnScreen(`/user/messages?c=${CHAT}`)).toBe(false);
  });
});

/** Lets the uploader get its token and open the request. */
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A stand-in for XMLHttpRequest: records the request, answers when told. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('uploadMessage (images with progress)', () => {
  const stored: Message = { ...threadMessages[1]!, conversationId: CHAT };
  const deps = (unauthorized: string[] = []) => ({
    createRequest: () => new FakeXhr() as unknown as XMLHttpRequest,
    getAccessToken: async () => 'token-1',
    onUnauthorized: () => unauthorized.push('cleared'),
  });
  const images = [new File(['a'], 'door.png', { type: 'image/png' })];

  it('posts body and images as multipart with the token and the Idempotency-Key', async () => {
    const progress: number[] = [];
    const sent = uploadMessage(
      {
        conversationId: CHAT,
        body: 'The lock',
        images,
        idempotencyKey: 'key-7',
        onProgress: (f) => progress.push(f),
      },
      deps(),
    );
    await flush();
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/v1/conversations/${CHAT}/messages`);
    expect(xhr.headers).toMatchObject({
      Authorization: 'Bearer token-1',
      'Idempotency-Key': 'key-7',
    });
    expect(xhr.body?.get('body')).toBe('The lock');
    expect(xhr.body?.getAll('images')).toHaveLength(1);
    xhr.progress(50, 200);
    xhr.answer(201, { ok: true, data: stored });
    await expect(sent).resolves.toEqual(stored);
    expect(progress).toEqual([0.25, 1]);
  });

  it("rejects with the server's message: 413 Image must be less than 3mb", async () => {
    const sent = uploadMessage(
      { conversationId: CHAT, body: '', images, idempotencyKey: 'key-8' },
      deps(),
    );
    await flush();
    FakeXhr.last!.answer(413, {
      ok: false,
      error: { message: 'Image must be less than 3mb', code: 'image_too_large' },
    });
    const error = await sent.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ message: 'Image must be less than 3mb', status: 413 });
  });

  it('clears the session on 401 and reports a lost connection as a timeout', async () => {
    const unauthorized: string[] = [];
    const refused = uploadMessage(
      { conversationId: CHAT, body: 'x', images, idempotencyKey: 'key-9' },
      deps(unauthorized),
    );
    await flush();
    FakeXhr.last!.answer(401, { ok: false, error: { message: 'Session expired' } });
    await expect(refused).rejects.toBeInstanceOf(HttpError);
    expect(unauthorized).toEqual(['cleared']);

    const lost = uploadMessage(
      { conversationId: CHAT, body: 'x', images, idempotencyKey: 'key-10' },
      deps(),
    );
    await flush();
    FakeXhr.last!.onerror?.();
    const error = await lost.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as Error).message).toBe('Connection timeout. Please try again later.');
  });

  it('fails without a session before sending anything', async () => {
    FakeXhr.last = null;
    const sent = uploadMessage(
      { conversationId: CHAT, body: 'x', images, idempotencyKey: 'key-11' },
      {
        ...deps(),
        getAccessToken: async () => {
          throw new Error('Session not found');
        },
      },
    );
    const error = await sent.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestError);
    expect((error as Error).message).toBe('Session not found');
    expect(FakeXhr.last).toBeNull();
  });
});
