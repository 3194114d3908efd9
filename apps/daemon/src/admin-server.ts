import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DaemonError } from './daemon-errors.js';

/** What the admin endpoints read and trigger. */
export interface AdminHandlers {
  /** Repositories that have not completed a cycle yet (empty: healthy). */
  unsynced(): string[];
  metrics(): string;
  /** Queues a forced cycle of `repository` (all when undefined); returns the names queued, or undefined for an unknown name. */
  trigger(repository: string | undefined): string[] | undefined;
}

/** The listening admin server. */
export interface AdminServer {
  /** `http://host:port` it listens on. */
  readonly url: string;
  close(): Promise<void>;
}

function reply(
  response: ServerResponse,
  status: number,
  body: string,
  type = 'application/json',
): void {
  response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  response.end(body);
}

/**
 * `GET /healthz` (200 once every repository completed a cycle, 503 before, with the ones still
 * missing), `GET /metrics` (Prometheus text) and `POST /sync[?repository=name]` (a forced cycle
 * now; 202 with the names queued, 404 for an unknown name).
 */
export async function startAdminServer(
  listen: { host: string; port: number },
  handlers: AdminHandlers,
): Promise<AdminServer> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://admin');
    if (url.pathname === '/healthz' && (request.method === 'GET' || request.method === 'HEAD')) {
      const unsynced = handlers.unsynced();
      reply(
        response,
        unsynced.length === 0 ? 200 : 503,
        `${JSON.stringify(unsynced.length === 0 ? { status: 'ok' } : { status: 'starting', unsynced })}\n`,
      );
    } else if (url.pathname === '/metrics' && request.method === 'GET') {
      reply(response, 200, handlers.metrics(), 'text/plain; version=0.0.4; charset=utf-8');
    } else if (url.pathname === '/sync' && request.method === 'POST') {
      const name = url.searchParams.get('repository') ?? undefined;
      const queued = handlers.trigger(name);
      if (queued === undefined)
        reply(
          response,
          404,
          `${JSON.stringify({ error: `no repository named \`${name ?? ''}\`` })}\n`,
        );
      else reply(response, 202, `${JSON.stringify({ queued })}\n`);
    } else reply(response, 404, `${JSON.stringify({ error: 'not found' })}\n`);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => {
      reject(
        new DaemonError(
          'admin-listen',
          `cannot listen on \`${listen.host}:${String(listen.port)}\` for /healthz and /metrics`,
          { cause: error },
        ),
      );
    });
    server.listen(listen.port, listen.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  return {
    url: `http://${host}:${String(port)}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
        server.closeAllConnections();
      }),
  };
}
