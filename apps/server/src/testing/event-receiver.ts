import { EventEmitter, once } from 'node:events';
import {
  createServer,
  type IncomingHttpHeaders,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** One delivery as the receiver got it. */
export interface ReceivedDelivery {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
  /** The status it answered; 0 when it held the request unanswered. */
  readonly status: number;
}

/** A delivery's form, read as `@gitbook/runtime` reads it. */
export interface DeliveryForm {
  readonly event: Record<string, unknown> & { eventId: string; type: string };
  readonly environment: {
    apiEndpoint: string;
    apiTokens: { integration: string; installation?: string };
    signingSecrets: { integration: string };
    secrets: Record<string, string>;
    integration: { name: string };
    installation?: { id: string; target: { organization: string } };
  };
}

/** Reads a delivery's multipart body with the platform's own parser. */
export async function readDeliveryForm(delivery: ReceivedDelivery): Promise<DeliveryForm> {
  const request = new Request('http://receiver/', {
    method: 'POST',
    headers: { 'content-type': String(delivery.headers['content-type']) },
    body: delivery.body,
  });
  // Deprecated for servers in Node's types, and exactly how `@gitbook/runtime` reads events.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  const form = await request.formData();
  const field = (name: string) => {
    const value = form.get(name);
    if (typeof value !== 'string') throw new Error(`the form has no text field \`${name}\``);
    return value;
  };
  return {
    event: JSON.parse(field('event')) as DeliveryForm['event'],
    environment: JSON.parse(field('environment')) as DeliveryForm['environment'],
  };
}

/**
 * An integration's endpoint on loopback for tests: records every delivery and answers the
 * statuses queued in `answers` for its path one by one, then 200.
 */
export class EventReceiver {
  readonly received: ReceivedDelivery[] = [];
  /** Statuses to answer next on a path (`/flaky/v1`), in order (then 200). */
  readonly answers = new Map<string, number[]>();
  /** How many of the next deliveries to read and never answer (a receiver that hangs). */
  hold = 0;
  readonly #held: ServerResponse[] = [];
  readonly events = new EventEmitter<{ delivery: [ReceivedDelivery] }>();
  url = '';
  readonly #server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const held = this.hold > 0;
      if (held) this.hold -= 1;
      const status = held ? 0 : (this.answers.get(path)?.shift() ?? 200);
      const delivery = {
        path,
        headers: request.headers,
        body: Buffer.concat(chunks),
        status,
      };
      this.received.push(delivery);
      if (held) this.#held.push(response);
      else response.writeHead(status, { 'content-type': 'application/json' }).end('{"ok":true}');
      this.events.emit('delivery', delivery);
    });
  });

  async start(): Promise<void> {
    this.#server.listen(0, '127.0.0.1');
    await once(this.#server, 'listening');
    this.url = `http://127.0.0.1:${String((this.#server.address() as AddressInfo).port)}`;
  }

  /** Delivery number `index` (from 0), once it has come. */
  async nth(index: number): Promise<ReceivedDelivery> {
    while (this.received.length <= index) await once(this.events, 'delivery');
    return this.received[index] as ReceivedDelivery;
  }

  async close(): Promise<void> {
    for (const response of this.#held) response.destroy();
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}
