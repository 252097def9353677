import type { ConversationFrame, Notification, OrderStatus } from '@vetted/contract';
import ReconnectingWebSocket from 'partysocket/ws';
import { useSWRConfig } from 'swr';
import useSWRSubscription from 'swr/subscription';
import { sessionManager } from '../api';
import { isEndpointKey, revalidateMatching } from '../keys';
import { emitTyping, isThreadOnScreen, type TypingEvent } from '../typing';
import { toast } from '../toast';

/** Subprotocol that carries the access token (apps/api src/routes/realtime.ts). */
export const REALTIME_PROTOCOL = 'vetted.bearer';

/**
 * Reconnection of a dropped socket, done by partysocket's ReconnectingWebSocket: exponential
 * backoff from 1 s, ×2 per failed attempt, capped at 30 s; a connection counts as healthy (and
 * the backoff resets) after 5 s open. Each attempt asks the session for a valid access token,
 * so a reconnect after the token expired (or the server closed with 4401) carries a fresh one.
 */
export const RECONNECT_OPTIONS = {
  minReconnectionDelay: 1_000,
  reconnectionDelayGrowFactor: 2,
  maxReconnectionDelay: 30_000,
  minUptime: 5_000,
  connectionTimeout: 10_000,
} as const;

/** How many notification ids are remembered to drop a second delivery of the same one. */
const SEEN_LIMIT = 200;

/**
 * Frames the server sends on `/v1/ws` (core: realtime event names): `ready` once the
 * subscription is live, each new notification, `{ type: 'order' }` to both the customer and
 * the vendor on every order or payment status change and the pro's "On my way", and the conversation frames
 * (`message`, `read`, `typing`, `conversation`; see the contract's `ConversationFrame`).
 */
export type RealtimeFrame =
  | { type: 'ready' }
  | { type: 'notification'; data: Notification }
  | { type: 'order'; data: { id: string; status: OrderStatus } }
  | ConversationFrame;

/** What a frame may do to the page: revalidate cached keys, show a toast, show "typing…". */
export interface FrameEffects {
  /**
   * Revalidates every cached key the filter accepts (SWR's `mutate(filter)`, plus the paged
   * message threads: lib/keys.ts `revalidateMatching`).
   */
  revalidate: (filter: (key: unknown) => boolean) => void;
  /** Shows one notification as a toast. */
  notify: (notification: Notification) => void;
  /** Shows (or with `stopped`, clears) a "typing…" hint (lib/typing.ts `emitTyping`). */
  typing?: (event: TypingEvent) => void;
}

/**
 * Returns the handler of one socket's frames (raw JSON text):
 * - `notification`: revalidates every notifications page (list and nav badge) and the pro's own
 *   profile (a vetting decision) — for a `review.*` one also the reviews lists, the
 *   pros' pages and the orders, for a `waitlist.*` one the waitlist and slots — and
 *   shows the notification as a toast — once per
 *   notification id, however often it is delivered (the outbox delivers at least once);
 * - `order`: revalidates that order's detail, every order list (history, dashboards) and the
 *   pro's earnings;
 * - `message`: revalidates that conversation's messages and detail and every conversation list
 *   (previews, unread badges), and clears the sender's "typing…" hint;
 * - `read`: revalidates that conversation's messages (read ticks) and detail;
 * - `conversation` (a support chat resolved, reopened or assigned): revalidates that
 *   conversation and every conversation list;
 * - `typing`: hands the hint to `effects.typing` (never the cache);
 * - `ready` (each connect, including reconnects): revalidates orders, notifications and
 *   conversations, so a change made while the socket was down or still connecting is not missed.
 * Frames that are not JSON, of an unknown type or without their ids are ignored.
 */
export function createFrameHandler(effects: FrameEffects): (raw: unknown) => void {
  const seen = new Set<string>();
  return (raw) => {
    let frame: RealtimeFrame;
    try {
      frame = JSON.parse(String(raw)) as RealtimeFrame;
    } catch {
      return;
    }
    switch (frame?.type) {
      case 'ready':
        effects.revalidate(isEndpointKey('getOrder'));
        effects.revalidate(isEndpointKey('listOrders'));
        effects.revalidate(isEndpointKey('listNotifications'));
        effects.revalidate(isEndpointKey('listConversations'));
        effects.revalidate(isEndpointKey('getConversation'));
        effects.revalidate(isEndpointKey('listMessages'));
        break;
      case 'notification': {
        effects.revalidate(isEndpointKey('listNotifications'));
        // A vetting decision (approved, rejected, suspended) comes as a notification;
        // the pro's own profile (checklist, status) is only cached on the pro's screens.
        effects.revalidate(isEndpointKey('getVendorProfile'));
        if (frame.data?.type?.startsWith('review.')) {
          // A review came in (to the pro) or was answered (to the customer): the reviews lists,
          // the pros' ratings and the orders that show a review and its reply.
          effects.revalidate(isEndpointKey('listVendorReviews'));
          effects.revalidate(isEndpointKey('getVendor'));
          effects.revalidate(isEndpointKey('getOrder'));
        }
        if (frame.data?.type?.startsWith('waitlist.')) {
          // A waitlist offer was made or lapsed: the entries and slots changed.
          effects.revalidate(isEndpointKey('listWaitlist'));
          effects.revalidate(isEndpointKey('getServiceSlots'));
        }
        if (frame.data?.type?.startsWith('quote.')) {
          // The other side of a quote request acted (a quote, a counter-offer, a decline, an
          // acceptance, an expiry): the requests, leads and quotes on screen changed.
          effects.revalidate(isEndpointKey('listQuoteRequests'));
          effects.revalidate(isEndpointKey('getQuoteRequest'));
          effects.revalidate(isEndpointKey('listVendorLeads'));
        }
        if (frame.data?.type?.startsWith('order.change_')) {
          // An extra was proposed, approved or declined: the order pages list it.
          effects.revalidate(isEndpointKey('getOrder'));
        }
        const id = frame.data?.id;
        if (!id || seen.has(id)) break;
        seen.add(id);
        if (seen.size > SEEN_LIMIT) seen.delete(seen.values().next().value as string);
        effects.notify(frame.data);
        break;
      }
      case 'order':
        if (typeof frame.data?.id !== 'string') break;
        effects.revalidate(isEndpointKey('getOrder', { id: frame.data.id }));
        effects.revalidate(isEndpointKey('listOrders'));
        // A payment or completion moves the pro's earnings (cached on the pro's screens).
        effects.revalidate(isEndpointKey('getEarnings'));
        break;
      case 'message': {
        const id = frame.data?.conversationId;
        if (typeof id !== 'string') break;
        effects.revalidate(isEndpointKey('listMessages', { id }));
        effects.revalidate(isEndpointKey('getConversation', { id }));
        effects.revalidate(isEndpointKey('listConversations'));
        const sender = frame.data.sender;
        if (sender && typeof sender.id === 'string') {
          effects.typing?.({ conversationId: id, userId: sender.id, name: '', stopped: true });
        }
        break;
      }
      case 'read': {
        const id = frame.data?.conversationId;
        if (typeof id !== 'string') break;
        effects.revalidate(isEndpointKey('listMessages', { id }));
        effects.revalidate(isEndpointKey('getConversation', { id }));
        break;
      }
      case 'conversation': {
        const id = frame.data?.id;
        if (typeof id !== 'string') break;
        effects.revalidate(isEndpointKey('getConversation', { id }));
        effects.revalidate(isEndpointKey('listConversations'));
        break;
      }
      case 'typing': {
        const { conversationId, userId, name } = frame.data ?? {};
        if (typeof conversationId !== 'string' || typeof userId !== 'string') break;
        effects.typing?.({ conversationId, userId, name: typeof name === 'string' ? name : '' });
        break;
      }
      default:
        break;
    }
  };
}

/** `ws(s)://<this host>/v1/ws`. */
function socketUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}/v1/ws`;
}

/**
 * The app's one live connection (STYLE.md "App": one `useSWRSubscription` on the socket that
 * revalidates affected keys). Mounted once at the root while someone is signed in
 * (`userId`: a new person means a new socket); unmounting closes it. See
 * {@link createFrameHandler} for what each frame does.
 */
export function useRealtime(userId: string | null): void {
  const { cache, mutate } = useSWRConfig();
  useSWRSubscription(userId && typeof WebSocket !== 'undefined' ? ['/v1/ws', userId] : null, () => {
    const handle = createFrameHandler({
      revalidate: (filter) => revalidateMatching(cache, (key) => mutate(key as never), filter),
      typing: emitTyping,
      notify: (n) => {
        // The person is looking at that thread: the message itself is the news.
        if (n.type === 'message.received' && isThreadOnScreen(n.link)) return;
        toast.info(n.title, {
          // Same id → sonner updates the toast in place instead of stacking a second one.
          id: `notification:${n.id}`,
          description: n.body,
        });
      },
    });
    const socket = new ReconnectingWebSocket(
      socketUrl,
      // Asked again on every (re)connect: a fresh token, refreshed by the session if needed.
      async () => [REALTIME_PROTOCOL, (await sessionManager.getValidSession()).accessToken],
      RECONNECT_OPTIONS,
    );
    socket.addEventListener('message', (event) => handle(event.data));
    return () => socket.close();
  });
}

/** Renders nothing; keeps {@link useRealtime} for `userId` (lazy-loaded by the app root). */
export function RealtimeSubscription({ userId }: { userId: string }) {
  useRealtime(userId);
  return null;
}
