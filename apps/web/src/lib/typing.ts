/**
 * The live, uncached side of an open thread. "Is typing…" hints: the socket's `typing`
 * frames are ephemeral, they never touch the SWR cache; lib/hooks/use-realtime.ts emits them here and
 * the open thread (features/conversations/state/typing.ts `useTyping`) listens. And which thread is on
 * screen, so its "New message" notification is not toasted over the message itself.
 */

/** How long a typing hint stays visible without a new `typing` frame (5 s), in ms. */
export const TYPING_VISIBLE_MS = 5_000;
/** Shortest gap between two `POST …/typing` of one thread (at most one per 3 s), in ms. */
export const TYPING_SEND_INTERVAL_MS = 3_000;

/**
 * One hint: `name` is typing in `conversationId`. `stopped` clears the hint at once (the same
 * person's message arrived, so they are done typing).
 */
export interface TypingEvent {
  conversationId: string;
  userId: string;
  name: string;
  stopped?: boolean;
}

type Listener = (event: TypingEvent) => void;
const listeners = new Set<Listener>();

/** Sends a hint to every listener (the realtime handler calls this). */
export function emitTyping(event: TypingEvent): void {
  for (const listener of listeners) listener(event);
}

/** Listens to every hint; returns the function that stops listening. */
export function subscribeTyping(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * A throttle gate: the returned function answers true at most once per `intervalMs` (ms) and
 * false in between. `now` (ms epoch) is injectable for tests.
 */
export function createThrottle(
  intervalMs: number = TYPING_SEND_INTERVAL_MS,
  now: () => number = Date.now,
): () => boolean {
  let last = Number.NEGATIVE_INFINITY;
  return () => {
    const at = now();
    if (at - last < intervalMs) return false;
    last = at;
    return true;
  };
}

/* The thread on screen, so a notification about it is not toasted on top of the message. */
let threadOnScreen: string | null = null;

/** Records the conversation whose thread is on screen (null when none); returns the undo. */
export function showThread(conversationId: string): () => void {
  threadOnScreen = conversationId;
  return () => {
    if (threadOnScreen === conversationId) threadOnScreen = null;
  };
}

/**
 * True when `link` (a notification's in-app link, `…?c=<id>`) points at the thread on screen
 * in a visible tab: the message is already in front of the person.
 */
export function isThreadOnScreen(link: string | null | undefined): boolean {
  if (!link || !threadOnScreen) return false;
  if (typeof document !== 'undefined' && document.visibilityState !== 'visible') return false;
  try {
    return new URL(link, 'http://app.invalid').searchParams.get('c') === threadOnScreen;
  } catch {
    return false;
  }
}
