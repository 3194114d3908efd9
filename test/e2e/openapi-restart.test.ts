/**
 * A `docsync serve` killed while it processes an OpenAPI spec: the restarted service takes the
 * job over once its lease ran out and finishes it, and the spec gets exactly one version.
 */
import { EventEmitter, once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPISpec } from '@docsync/api';
import { testDialects } from '@docsync/server/testing';
import { createHttpClient, eventually, type HttpClient } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RestartableServe } from '../support/serve-process.ts';

const spec = `openapi: 3.0.3
info: {title: Pets, version: "1.0"}
paths:
  /pets:
    get:
      responses:
        "200": {description: The pets}
`;

/** Serves the spec, except that the first request hangs until the server closes. */
class FirstRequestHangs {
  readonly events = new EventEmitter<{ hung: []; answered: [] }>();
  requests = 0;
  url = '';
  readonly #held: ServerResponse[] = [];
  readonly #server = createServer((_request, response) => {
    this.requests += 1;
    if (this.requests === 1) {
      this.#held.push(response);
      this.events.emit('hung');
      return;
    }
    response.end(spec);
    this.events.emit('answered');
  });
  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${String((this.#server.address() as AddressInfo).port)}/pets.yaml`;
  }
  async close(): Promise<void> {
    for (const response of this.#held) response.destroy();
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`docsync serve killed mid-processing (${dialect})`, () => {
    const specs = new FirstRequestHangs();
    let serve: RestartableServe;
    beforeAll(async () => {
      await specs.start();
      serve = await RestartableServe.open(dialect, process.env['DATABASE_URL']);
    });
    afterAll(async () => {
      await serve.close();
      await specs.close();
    });

    it(
      'finishes the processing after a restart, with exactly one version',
      { timeout: 60_000 },
      async () => {
        const first = await serve.start();
        const admin: HttpClient = createHttpClient(first.url, first.token);
        const orgs = await admin.get('/v1/orgs');
        const organizationId = (orgs.body as { items: { id: string }[] }).items[0]?.id ?? '';
        const path = `/v1/orgs/${organizationId}/openapi/pets`;

        const hung = once(specs.events, 'hung');
        const published = await admin.request('PUT', path, {
          body: { source: { url: specs.url } },
        });
        expect(published.status, published.text).toBe(200);
        expect(published.body).toMatchObject({ processingState: 'pending' });
        await hung;
        await serve.kill(first);

        const answered = once(specs.events, 'answered');
        const second = await serve.start();
        const again = createHttpClient(second.url, first.token);
        await answered;
        const done = await eventually(async () => {
          const read = (await again.get(path)).body as OpenAPISpec;
          return read.processingState === 'complete' ? read : undefined;
        });
        expect(done).not.toHaveProperty('lastProcessErrorCode');
        const versions = await again.get(`${path}/versions`);
        expect(versions.body).toMatchObject({ count: 1 });
        expect((versions.body as { items: { id: string }[] }).items[0]?.id).toBe(done.lastVersion);
        // Fetched by the killed process (never answered) and once by the restarted one.
        expect(specs.requests).toBe(2);
      },
    );
  });
}
