import { afterEach } from 'vitest';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the stand-in server received it: the raw URL, headers and body text. */
export interface ReceivedRequest {
  readonly method: string;
  /** Path and query exactly as sent (percent-encoding intact). */
  readonly url: string;
  readonly headers: IncomingMessage['headers'];
  readonly body: string;
}

/** What a handler does with one request: answer it, hold it, or drop the connection. */
export type StandInHandler = (
  request: ReceivedRequest,
  response: ServerResponse,
  index: number,
) => void | Promise<void>;

/**
 * A real HTTP server on 127.0.0.1 that answers the way the API does (JSON bodies, the error
 * envelope, rate-limit headers), scripted per test. It counts requests in flight from arrival
 * to the moment the handler ends the response, so a test can check the client's concurrency.
 */
export interface StandInServer {
  readonly baseUrl: string;
  /** Every request received, in order of arrival. */
  readonly requests: readonly ReceivedRequest[];
  /** Requests whose response has not been ended. */
  readonly inFlight: number;
  /** The most requests ever in flight at once. */
  readonly maxInFlight: number;
  /** Resolves once `count` requests are in flight. */
  waitForInFlight(count: number): Promise<void>;
  close(): Promise<void>;
}

/** Writes a JSON response the way the API does. */
export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Writes the API's error envelope: `{"error": {"code": status, "message"}}`. */
export function sendError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(response, status, { error: { code: status, message } }, headers);
}

/** Starts a stand-in server on an ephemeral loopback port. */
export async function startStandInServer(handler: StandInHandler): Promise<StandInServer> {
  const requests: ReceivedRequest[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let waiters: { count: number; resolve: () => void }[] = [];
  const notify = () => {
    const ready = waiters.filter((waiter) => inFlight >= waiter.count);
    waiters = waiters.filter((waiter) => inFlight < waiter.count);
    for (const waiter of ready) waiter.resolve();
  };

  const server = createServer((message, response) => {
    const chunks: Buffer[] = [];
    message.on('data', (chunk: Buffer) => chunks.push(chunk));
    message.on('end', () => {
      const received: ReceivedRequest = {
        method: message.method ?? '',
        url: message.url ?? '',
        headers: message.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = requests.push(received) - 1;
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      let ended = false;
      const settle = () => {
        if (ended) return;
        ended = true;
        inFlight -= 1;
      };
      // Counted down when the handler ends the response (not when the bytes leave), so the
      // count cannot lag behind the client's next request.
      const end = response.end.bind(response);
      response.end = ((...args: Parameters<typeof end>) => {
        settle();
        return end(...args);
      }) as typeof response.end;
      response.on('close', settle);
      notify();
      Promise.resolve(handler(received, response, index)).catch((error: unknown) => {
        sendError(response, 500, `stand-in handler failed: ${String(error)}`);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    waitForInFlight(count) {
      return new Promise((resolve) => {
        waiters.push({ count, resolve });
        notify();
      });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
      });
    },
  };
}

/**
 * A `standIn(handler)` for a test file: each stand-in server it starts is closed after the test
 * that started it (registered with vitest's `afterEach`).
 */
export function standInServers(): (handler: StandInHandler) => Promise<StandInServer> {
  const servers: StandInServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  return async (handler) => {
    const server = await startStandInServer(handler);
    servers.push(server);
    return server;
  };
}
