import WebSocket from 'ws';
import { REALTIME_PROTOCOL } from '../src/routes/realtime';

/** A JSON frame of `/v1/ws`; `data` is checked field by field by each test. */
export interface Frame {
  type: string;
  // biome-ignore lint/suspicious/noExplicitAny: each test narrows the frames it looks at
  data?: any;
}

/** An open test socket: every frame received so far, and a wait for the first matching one. */
export interface TestSocket {
  socket: WebSocket;
  frames: Frame[];
  /**
   * The first frame (received so far or later) matching `predicate`; rejects after `timeoutMs`
   * (default 15 000) listing what did arrive.
   */
  next(predicate: (f: Frame) => boolean, timeoutMs?: number): Promise<Frame>;
}

/**
 * Opens `/v1/ws` at `wsUrl` with `token` as the `vetted.bearer` subprotocol and collects its
 * frames from the first one. Does not wait: `await s.next((f) => f.type === 'ready')` when the
 * test needs the subscription live (or use {@link connectReady}).
 */
export function connectSocket(wsUrl: string, token: string): TestSocket {
  const socket = new WebSocket(wsUrl, [REALTIME_PROTOCOL, token]);
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  // A dropped connection (its instance killed) is an 'error' then a 'close', as a browser sees
  // it; without a listener `ws` would throw it as an uncaught exception.
  socket.on('error', () => {});
  socket.on('message', (raw) => {
    frames.push(JSON.parse(String(raw)) as Frame);
    for (const w of waiters.splice(0)) w();
  });
  const next = (predicate: (f: Frame) => boolean, timeoutMs = 15_000) =>
    new Promise<Frame>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no matching frame; got ${JSON.stringify(frames)}`)),
        timeoutMs,
      );
      const check = () => {
        const hit = frames.find(predicate);
        if (hit) {
          clearTimeout(timer);
          resolve(hit);
        } else waiters.push(check);
      };
      check();
    });
  return { socket, frames, next };
}

/** {@link connectSocket}, resolved once the server said `ready` (the subscription is live). */
export async function connectReady(
  wsUrl: string,
  token: string,
  timeoutMs?: number,
): Promise<TestSocket> {
  const s = connectSocket(wsUrl, token);
  await s.next((f) => f.type === 'ready', timeoutMs);
  return s;
}
