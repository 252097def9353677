import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the test server saw. */
export interface SeenRequest {
  method: string;
  /** Path plus query, e.g. `/v1/vendors?page=2`. */
  url: string;
  headers: IncomingHttpHeaders;
  /** Raw body as received. */
  body: Buffer;
}

export type Handler = (req: SeenRequest, res: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 (random port) that records every request. */
export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  requests: SeenRequest[];
  /** Replaces the handler for the following requests. */
  handle(handler: Handler): void;
  close(): Promise<void>;
}

/** Sends a JSON body with the given status. */
export function json(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startServer(
  handler: Handler = (_, res) => json(res, 200, { ok: true, data: null }),
): Promise<TestServer> {
  let current = handler;
  const requests: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const seen: SeenRequest = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
      };
      requests.push(seen);
      current(seen, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    handle(next) {
      current = next;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/** A port nothing listens on: bind port 0, note the port, close. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
