import type { Notification } from '@vetted/contract';
import { describe, expect, it } from 'vitest';
import { createFrameHandler } from '../src/hooks/use-realtime';
import { endpointKey, isEndpointKey } from '../src/lib/keys';
import { customerMayCancel, startAvailableAt } from '../src/pages/shared/order-actions';

const ORDER = '0190a7e2-0000-7000-8000-000000000001';
const OTHER = '0190a7e2-0000-7000-8000-000000000002';

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
] as const;

const notification = (id: string): Notification => ({
  id,
  type: 'order.paid',
  title: 'Payment received',
  body: 'Your card is authorised for $63.00 for Security survey (VT-7K2P90).',
  link: null,
  readAt: null,
  createdAt: '2026-11-22T10:00:00.000Z',
});

/** Runs frames through a handler; returns the cache keys revalidated and the toasts shown. */
function run(frames: unknown[]) {
  const revalidated: unknown[] = [];
  const toasts: string[] = [];
  const handle = createFrameHandler({
    revalidate: (filter) => revalidated.push(...CACHE.filter((key) => filter(key))),
    notify: (n) => toasts.push(n.id),
  });
  for (const frame of frames) handle(JSON.stringify(frame));
  return { revalidated, toasts };
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

  it('ready (each connect) catches up on orders and notifications', () => {
    const { revalidated } = run([{ type: 'ready' }]);
    expect(revalidated).toEqual([CACHE[2], CACHE[3], CACHE[0], CACHE[1], CACHE[4], CACHE[5]]);
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
    handle('null');
    expect(revalidated).toEqual([]);
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
