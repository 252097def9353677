import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

/**
 * WebSocket subprotocol that carries the access token: browsers cannot set an Authorization
 * header on a WebSocket, and a token in the URL would end up in access logs. The client opens
 * `new WebSocket(url, [REALTIME_PROTOCOL, accessToken])`; the server selects REALTIME_PROTOCOL.
 */
export const REALTIME_PROTOCOL = 'vetted.bearer';
/** Close code for a missing, invalid or expired access token (4000–4999 are for applications). */
export const CLOSE_UNAUTHORIZED = 4401;
/** Server pings every 30 s so proxies keep idle connections open and dead peers are noticed. */
const PING_INTERVAL_MS = 30_000;

/** The access token offered after REALTIME_PROTOCOL in `Sec-WebSocket-Protocol`, if any. */
function tokenFromProtocols(header: string | string[] | undefined): string | null {
  const values = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const at = values.indexOf(REALTIME_PROTOCOL);
  return at >= 0 ? (values[at + 1] ?? null) : null;
}

/**
 * `GET /v1/ws`: pushes the signed-in user's events as JSON text frames — first
 * `{ type: 'ready' }`, then `{ type: 'notification', data: Notification }` as they are created.
 * Events travel over `app.events` (channel `user:<id>`), in-process or through Redis, so a user
 * connected to any API instance hears about work done on another. Client frames are ignored.
 * Without a valid access token the socket is closed with 4401 and the spec §8 message.
 */
export default async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    // A tab that navigates away drops its socket without a close frame ("premature close"):
    // routine for a browser, so it is logged at info, not as a server error.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'websocket ended uncleanly');
      socket.terminate();
    },
    options: {
      maxPayload: 4096,
      handleProtocols: (protocols: Set<string>) =>
        protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false,
    },
  });

  app.get('/v1/ws', { websocket: true, schema: { hide: true } }, async (socket, request) => {
    let userId: string;
    try {
      const token = tokenFromProtocols(request.headers['sec-websocket-protocol']);
      if (!token) throw new AppError(401, 'Session not found', 'unauthorized');
      userId = (await app.auth.verifyAccessToken(token)).id;
    } catch (err) {
      socket.close(CLOSE_UNAUTHORIZED, err instanceof AppError ? err.message : 'Session not found');
      return;
    }

    const unsubscribe = app.events.subscribe(`user:${userId}`, (payload) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(payload));
    });
    const ping = setInterval(() => socket.ping(), PING_INTERVAL_MS);
    socket.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
    await unsubscribe.ready;
    if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'ready' }));
  });
}
