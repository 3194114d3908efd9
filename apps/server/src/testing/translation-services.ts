import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the stand-in does with a request: answer, fail with a status, or never answer. */
export type Behaviour =
  | { kind: 'answer' }
  | { kind: 'fail'; status: number; body?: unknown; headers?: Record<string, string> }
  | { kind: 'hang' };

/** A request the stand-in got: its path, headers and body (JSON or a form, read as an object). */
export interface SeenRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
}

/** How a service's answer is made from the texts it was sent. */
export type Answer = (request: SeenRequest) => unknown;

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').includes('application/json'))
    return JSON.parse(text) as Record<string, unknown>;
  // A form: a key given more than once (DeepL's `text`) reads as all of its values.
  const form = new URLSearchParams(text);
  return Object.fromEntries(
    [...new Set(form.keys())].map((key) => {
      const values = form.getAll(key);
      return [key, values.length === 1 ? values[0] : values];
    }),
  );
}

/**
 * A translation service stand-in on loopback, for services that cannot be reached from tests
 * (LibreTranslate, DeepL, an OpenAI-compatible endpoint): it answers each request as the next
 * scripted behaviour says (then answers normally), and records what it got.
 */
export class LoopbackTranslationService {
  readonly seen: SeenRequest[] = [];
  /** Behaviours for the next requests, in order. */
  script: Behaviour[] = [];
  readonly #hanging: ServerResponse[] = [];
  readonly #server: Server;
  url = '';

  constructor(answer: Answer) {
    this.#server = createServer((request, response) => {
      void readBody(request).then((body) => {
        const seen = { path: request.url ?? '', headers: request.headers, body };
        this.seen.push(seen);
        const behaviour = this.script.shift() ?? { kind: 'answer' };
        if (behaviour.kind === 'hang') {
          this.#hanging.push(response);
          return;
        }
        const [status, payload, headers] =
          behaviour.kind === 'fail'
            ? [
                behaviour.status,
                behaviour.body ?? { error: 'scripted failure' },
                behaviour.headers ?? {},
              ]
            : [200, answer(seen), {}];
        response.writeHead(status, { 'content-type': 'application/json', ...headers });
        response.end(JSON.stringify(payload));
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${String((this.#server.address() as AddressInfo).port)}`;
  }

  /** Forgets what it saw and its script. */
  reset(): void {
    this.seen.length = 0;
    this.script = [];
  }

  async close(): Promise<void> {
    for (const response of this.#hanging) response.destroy();
    this.#server.closeAllConnections();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

/** The stand-in's translation of a text: upper case outside tags (so tags stay as they were). */
export function shout(text: string): string {
  return text
    .split(/(<[^>]*>|&[a-z]+;)/)
    .map((part, index) => (index % 2 === 1 ? part : part.toUpperCase()))
    .join('');
}
