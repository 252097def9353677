import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../lib/errors';

/**
 * WebSocket subprotocol that carries the access token: browsers cannot set an Authorization
 * header on a WebSocket, and a token in the URL would end up in access logs. The client opens
 * `new WebSocket(url, [REALTIME_PROTOCOL, accessToken])`; the server selects REALTIME_PROTOCOL.
 */
export const REALTIME_PROTOCOL = 'vetted.bearer';
/** Close code for a missing, invalid or expired access token (4000–4999 are for applications). */
export const CLOSE_UNAUTHORIZED = 4401;
/**
 * Close code when the server shuts down (RFC 6455 §7.4.1 1001 "going away"): the web client
 * (partysocket's ReconnectingWebSocket, apps/web use-realtime.ts) reconnects after any close it
 * did not ask for, through the balancer, to another instance.
 */
export const CLOSE_GOING_AWAY = 1001;
/**
 * How long (ms) shutdown waits for clients to answer the 1001 close frame before dropping their
 * connections: a live client answers within a round trip; one that has not after a second is
 * gone, and waiting for ws's own 30 s close timeout would outlast SHUTDOWN_TIMEOUT_MS.
 */
const GOING_AWAY_GRACE_MS = 1000;
/** Server pings every 30 s so proxies keep idle connections open and dead peers are noticed. */
const PING_INTERVAL_MS = 30_000;

/**
 * Whether a WebSocket upgrade from a browser page at `origin` may proceed (a page on
 * another site must not open a user's socket). Allowed: no `Origin` at all (not a browser:
 * servers, CLIs, tests), `PUBLIC_URL`'s origin, each of `ALLOWED_ORIGINS`, and a page served by
 * this very host (`Origin` host = `Host` header, as gorilla/websocket's default check), so
 * http://127.0.0.1:3000 works as well as http://localhost:3000. Anything else, `null` included,
 * is refused.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string | undefined,
  config: Pick<Config, 'publicUrl' | 'allowedOrigins'>,
): boolean {
  if (origin === undefined) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === 'null') return false;
  if (parsed.origin === new URL(config.publicUrl).origin) return true;
  if (config.allowedOrigins.includes(parsed.origin)) return true;
  return host !== undefined && parsed.host.toLowerCase() === host.toLowerCase();
}

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
 * Without a valid access token the socket is closed with 4401 and the spec §8 message; on
 * shutdown with {@link CLOSE_GOING_AWAY} (1001). An upgrade from a foreign browser origin is
 * refused with 403 before it happens ({@link isAllowedOrigin}).
 */
export default async function realtimeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(websocket, {
    // A tab that navigates away drops its socket without a close frame ("premature close"):
    // routine for a browser, so it is logged at info, not as a server error.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'websocket ended uncleanly');
      socket.terminate();
    },
    // On app.close() (SIGTERM): every socket gets 1001 so its client reconnects elsewhere.
    preClose: async () => {
      const wss = app.websocketServer;
      const closed = [...wss.clients].map(
        (client) =>
          new Promise<void>((resolve) => {
            client.once('close', () => resolve());
            client.close(CLOSE_GOING_AWAY, 'Server restarting, reconnect');
          }),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(closed),
        new Promise((resolve) => {
          timer = setTimeout(resolve, GOING_AWAY_GRACE_MS);
        }),
      ]);
      clearTimeout(timer);
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
    options: {
      maxPayload: 4096,
      handleProtocols: (protocols: Set<string>) =>
        protocols.has(REALTIME_PROTOCOL) ? REALTIME_PROTOCOL : false,
    },
  });

  // Runs before the upgrade: a refused origin gets a plain 403 and never a socket.
  const checkOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    const origin = request.headers.origin;
    if (isAllowedOrigin(origin, request.headers.host, app.config)) return;
    request.log.info({ origin }, 'websocket upgrade from a foreign origin refused');
    return reply.code(403).send({
      ok: false,
      error: { message: 'This origin may not open the live connection', code: 'forbidden_origin' },
    });
  };

  const route = { websocket: true, schema: { hide: true }, onRequest: checkOrigin } as const;
  app.get('/v1/ws', route, async (socket, request) => {
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
