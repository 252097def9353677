import type { Message, Notification } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import { createFrameHandler } from '../src/lib/hooks/use-realtime';
import { endpointKey, isEndpointKey, revalidateMatching } from '../src/lib/keys';
import type { TypingEvent } from '../src/lib/typing';
import { customerMayCancel } from '../src/features/orders/order-actions';
import { startAvailableAt } from '../src/features/orders/start-job-action';

const ORDER = '0190a7e2-0000-7000-8000-000000000001';
const OTHER = '0190a7e2-0000-7000-8000-000000000002';
const CHAT = '0190a7e2-0000-7000-8000-000000000011';
const OTHER_CHAT = '0190a7e2-0000-7000-8000-000000000012';
const VENDOR = '0190a7e2-0000-7000-8000-000000000041';
const REQUEST = '0190a7e2-0000-7000-8000-000000000051';

/** Keys as the hooks cache them (`[path, query?]`), one of each kind the socket touches. */
const CACHE = [
  ['/orders', { page: 1, pageSize: 10 }],
  ['/orders', { page: 2, pageSize: 10, status: 'paid' }],
  [`/orders/${ORDER}`],
  [`/orders/${OTHER}`],
  ['/notifications', { page: 1, pageSize: 1 }],
  ['/notifications', { page: 1, pageSize: 10 }],
  ['/me'],
  ['/vendors', { q: 'orders' }],
  ['/conversations', { kind: 'direct', page: 1, pageSize: 1 }],
  ['/conversations', { kind: 'support', page: 1, pageSize: 20 }],
  [`/conversations/${CHAT}`],
  [`/conversations/${OTHER_CHAT}`],
  [`/conversations/${CHAT}/messages`, { limit: 30 }],
  [`/conversations/${CHAT}/messages`, { limit: 30, before: OTHER }],
  [`/conversations/${OTHER_CHAT}/messages`, { limit: 30 }],
  [`/vendors/${VENDOR}/reviews`, { page: 1, pageSize: 10 }],
  [`/vendors/${VENDOR}`],
  [`/vendors/${VENDOR}/services`],
  ['/quote-requests'],
  [`/quote-requests/${REQUEST}`],
  ['/vendor/leads', { status: 'new' }],
] as const;

const CONVERSATION_LISTS = [CACHE[8], CACHE[9]];

const notification = (id: string): Notification => ({
  id,
  type: 'order.paid',
  title: 'Card authorised',
  body: 'Your card is authorised for $63.00 for Security survey (VT-7K2P90).',
  link: null,
  readAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
});

const chatMessage: Message = {
  id: '0190a7e2-0000-7000-8000-000000000021',
  conversationId: CHAT,
  sender: { id: '0190a7e2-0000-7000-8000-000000000031', name: 'KeyMaster Seattle', role: 'vendor' },
  body: 'On my way.',
  attachments: [],
  createdAt: '2026-11-22T10:00:00.000Z',
  readAt: null,
};

/**
 * Runs frames through a handler; returns the cache keys revalidated, the toasts shown and the
 * typing hints passed on.
 */
function run(frames: unknown[]) {
  const revalidated: unknown[] = [];
  const toasts: string[] = [];
  const typing: TypingEvent[] = [];
  const handle = createFrameHandler({
    revalidate: (filter) => revalidated.push(...CACHE.filter((key) => filter(key))),
    notify: (n) => toasts.push(n.id),
    typing: (event) => typing.push(event),
  });
  for (const frame of frames) handle(JSON.stringify(frame));
  return { revalidated, toasts, typing };
}

describe('SWR keys named by endpoint', () => {
  it('builds the [path, query] key the root fetcher GETs', () => {
    expect(endpointKey('getOrder', { params: { id: ORDER } })).toEqual([`/orders/${ORDER}`]);
    expect(endpointKey('listOrders', { query: { page: 1 } })).toEqual(['/orders', { page: 1 }]);
    expect(endpointKey('getMe')).toEqual(['/me']);
  });
  it('matches every key of an endpoint, or one resource with params', () => {
    expect(CACHE.filter(isEndpointKey('listOrders'))).toEqual([CACHE[0], CACHE[1]]);
    expect(CACHE.filter(isEndpointKey('getOrder'))).toEqual([CACHE[2], CACHE[3]]);
    expect(CACHE.filter(isEndpointKey('getOrder', { id: ORDER }))).toEqual([CACHE[2]]);
    expect(CACHE.filter(isEndpointKey('listNotifications'))).toEqual([CACHE[4], CACHE[5]]);
    expect(isEndpointKey('getOrder')('/orders/x')).toBe(false);
  });
});

describe('live frames from /v1/ws', () => {
  it('an order change revalidates that order and every order list, nothing else', () => {
    const { revalidated, toasts } = run([
      { type: 'order', data: { id: ORDER, status: 'accepted' } },
    ]);
    expect(revalidated).toEqual([[`/orders/${ORDER}`], CACHE[0], CACHE[1]]);
    expect(toasts).toEqual([]);
  });

  it('a notification revalidates the notification pages and toasts once per id', () => {
    const first = notification('0190a7e2-0000-7000-8000-00000000000a');
    const second = notification('0190a7e2-0000-7000-8000-00000000000b');
    const { revalidated, toasts } = run([
      { type: 'notification', data: first },
      { type: 'notification', data: first },
      { type: 'notification', data: second },
    ]);
    expect(toasts).toEqual([first.id, second.id]);
    expect(revalidated).toEqual([CACHE[4], CACHE[5], CACHE[4], CACHE[5], CACHE[4], CACHE[5]]);
  });

  it('a review or its reply refreshes the reviews lists, the pros and the orders', () => {
    for (const type of ['review.created', 'review.replied']) {
      const { revalidated } = run([
        { type: 'notification', data: { ...notification(`${type}-1`), type } },
      ]);
      expect(revalidated).toEqual([CACHE[4], CACHE[5], CACHE[15], CACHE[16], CACHE[2], CACHE[3]]);
    }
  });

  it('a quote notification refreshes the requests, the request pages and the leads', () => {
    for (const type of ['quote.received', 'quote.not_chosen']) {
      const { revalidated } = run([
        { type: 'notification', data: { ...notification(`${type}-1`), type } },
      ]);
      expect(revalidated).toEqual([CACHE[4], CACHE[5], CACHE[18], CACHE[19], CACHE[20]]);
    }
  });

  it('an extra proposed, approved or declined refreshes the order pages', () => {
    const type = 'order.change_proposed';
    const { revalidated } = run([
      { type: 'notification', data: { ...notification(`${type}-1`), type } },
    ]);
    expect(revalidated).toEqual([CACHE[4], CACHE[5], CACHE[2], CACHE[3]]);
  });

  it('ready (each connect) catches up on orders, notifications and conversations', () => {
    const { revalidated } = run([{ type: 'ready' }]);
    expect(revalidated).toEqual([
      CACHE[2],
      CACHE[3],
      CACHE[0],
      CACHE[1],
      CACHE[4],
      CACHE[5],
      ...CONVERSATION_LISTS,
      CACHE[10],
      CACHE[11],
      CACHE[12],
      CACHE[13],
      CACHE[14],
    ]);
  });

  it('a message revalidates that thread (every page), that conversation and every inbox', () => {
    const { revalidated, toasts, typing } = run([{ type: 'message', data: chatMessage }]);
    expect(revalidated).toEqual([CACHE[12], CACHE[13], CACHE[10], ...CONVERSATION_LISTS]);
    expect(toasts).toEqual([]);
    // The sender is done typing.
    expect(typing).toEqual([
      { conversationId: CHAT, userId: chatMessage.sender.id, name: '', stopped: true },
    ]);
  });

  it('a read receipt revalidates that thread and that conversation only', () => {
    const { revalidated } = run([
      {
        type: 'read',
        data: { conversationId: CHAT, readAt: '2026-11-22T10:01:00.000Z', readerId: OTHER },
      },
    ]);
    expect(revalidated).toEqual([CACHE[12], CACHE[13], CACHE[10]]);
  });

  it('a conversation status change revalidates that conversation and every inbox', () => {
    const { revalidated } = run([
      { type: 'conversation', data: { id: OTHER_CHAT, status: 'resolved' } },
    ]);
    expect(revalidated).toEqual([CACHE[11], ...CONVERSATION_LISTS]);
  });

  it('typing goes to the typing store, never the cache', () => {
    const { revalidated, typing } = run([
      { type: 'typing', data: { conversationId: CHAT, userId: OTHER, name: 'Casey Customer' } },
    ]);
    expect(revalidated).toEqual([]);
    expect(typing).toEqual([{ conversationId: CHAT, userId: OTHER, name: 'Casey Customer' }]);
  });

  it('ignores frames that are not JSON or of an unknown type', () => {
    const revalidated: unknown[] = [];
    const handle = createFrameHandler({
      revalidate: (filter) => revalidated.push(...CACHE.filter((key) => filter(key))),
      notify: () => revalidated.push('toast'),
    });
    handle('not json');
    handle(JSON.stringify({ type: 'chat', data: {} }));
    handle(JSON.stringify({ type: 'order', data: {} }));
    handle(JSON.stringify({ type: 'message', data: {} }));
    handle(JSON.stringify({ type: 'read', data: null }));
    handle(JSON.stringify({ type: 'conversation', data: {} }));
    handle(JSON.stringify({ type: 'typing', data: { userId: OTHER } }));
    handle('null');
    expect(revalidated).toEqual([]);
  });
});

describe('revalidateMatching', () => {
  /** A cache as SWR keeps it: serialized keys → state with the original key in `_k`. */
  function cacheOf(entries: Record<string, { _k?: unknown }>) {
    const map = new Map(Object.entries(entries));
    return { keys: () => map.keys(), get: (key: string) => map.get(key) };
  }

  it('reaches useSWRInfinite threads through the key of their first page', () => {
    const firstPage = [`/conversations/${CHAT}/messages`, { limit: 30 }];
    const cache = cacheOf({
      '#/conversations,#kind:"direct",#': { _k: ['/conversations', { kind: 'direct' }] },
      [`#/conversations/${CHAT}/messages,#limit:30,#`]: { _k: firstPage },
      [`$inf$#/conversations/${CHAT}/messages,#limit:30,#`]: {},
      [`$inf$#/conversations/${OTHER_CHAT}/messages,#limit:30,#`]: {},
      [`#/conversations/${OTHER_CHAT}/messages,#limit:30,#`]: {
        _k: [`/conversations/${OTHER_CHAT}/messages`, { limit: 30 }],
      },
    });
    const mutated: unknown[] = [];
    revalidateMatching(
      cache,
      (key) => mutated.push(key),
      isEndpointKey('listMessages', { id: CHAT }),
    );
    // SWR's own filter pass first (it skips `$inf$` keys), then the matching infinite entry.
    expect(mutated).toHaveLength(2);
    expect(typeof mutated[0]).toBe('function');
    expect(mutated[1]).toBe(`$inf$#/conversations/${CHAT}/messages,#limit:30,#`);
  });
});

describe('order time rules on screen', () => {
  it('start becomes available 30 minutes before the slot', () => {
    expect(startAvailableAt('2026-11-23T17:00:00.000Z')).toBe(
      Date.parse('2026-11-23T16:30:00.000Z'),
    );
  });
  it('the customer may cancel unpaid and paid orders, and accepted ones until the slot', () => {
    const startsAt = '2026-11-23T17:00:00.000Z';
    const before = Date.parse('2026-11-23T16:59:59.000Z');
    const at = Date.parse(startsAt);
    expect(customerMayCancel({ status: 'pending_payment', startsAt }, at)).toBe(true);
    expect(customerMayCancel({ status: 'paid', startsAt }, at)).toBe(true);
    expect(customerMayCancel({ status: 'accepted', startsAt }, before)).toBe(true);
    expect(customerMayCancel({ status: 'accepted', startsAt }, at)).toBe(false);
    for (const status of ['in_progress', 'completed', 'cancelled', 'declined'] as const) {
      expect(customerMayCancel({ status, startsAt }, before)).toBe(false);
    }
  });
});
