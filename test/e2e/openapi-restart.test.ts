/**
 * A `docsync serve` killed while it processes an OpenAPI spec: the restarted service takes the
 * job over once its lease ran out and finishes it, and the spec gets exactly one version.
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPISpec } from '@docsync/api';
import { openDatabase } from '@docsync/server';
import { createHttpClient, makeTempDir, type HttpClient } from '@docsync/test-utils';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inSchema, startServe, type ServeProcess } from '../support/serve-process.ts';

const databaseUrl = process.env['DATABASE_URL'];

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

/** Until `check` answers something, at most 10 s; what it answered. */
async function eventually<T>(check: () => Promise<T | undefined>): Promise<T> {
  const started = performance.now();
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (performance.now() - started > 10_000) throw new Error('not within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const dialects = [
  { dialect: 'sqlite', skip: false },
  { dialect: 'postgres', skip: databaseUrl === undefined },
] as const;

for (const { dialect, skip } of dialects) {
  describe.skipIf(skip)(`docsync serve killed mid-processing (${dialect})`, () => {
    const specs = new FirstRequestHangs();
    let url: string | undefined;
    let schema: string | undefined;
    const running: ServeProcess[] = [];
    beforeAll(async () => {
      await specs.start();
      if (dialect === 'postgres') {
        schema = `e2e_${randomBytes(6).toString('hex')}`;
        // Created and migrated here, so both processes find it ready.
        const database = await openDatabase({ url: databaseUrl ?? '', schema });
        await database.close();
        url = inSchema(databaseUrl ?? '', schema);
      }
    });
    afterAll(async () => {
      for (const process of running) process.child.kill('SIGKILL');
      await specs.close();
      if (schema !== undefined) {
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await client.end();
      }
    });

    it(
      'finishes the processing after a restart, with exactly one version',
      { timeout: 60_000 },
      async () => {
        const dir = await makeTempDir('openapi-restart');
        try {
          const env = { DOCSYNC_FETCH_ALLOW: '127.0.0.1/32', DOCSYNC_JOB_LEASE_SECONDS: '1' };
          const first = await startServe(url, dir.join('data'), env);
          running.push(first);
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
          const exited = once(first.child, 'exit');
          first.child.kill('SIGKILL');
          await exited;

          const answered = once(specs.events, 'answered');
          const second = await startServe(url, dir.join('data'), env);
          running.push(second);
          const again = createHttpClient(second.url, first.token);
          await answered;
          const done = await eventually(async () => {
            const read = (await again.get(path)).body as OpenAPISpec;
            return read.processingState === 'complete' ? read : undefined;
          });
          expect(done).not.toHaveProperty('lastProcessErrorCode');
          const versions = await again.get(`${path}/versions`);
          expect(versions.body).toMatchObject({ count: 1 });
          expect((versions.body as { items: { id: string }[] }).items[0]?.id).toBe(
            done.lastVersion,
          );
          // Fetched by the killed process (never answered) and once by the restarted one.
          expect(specs.requests).toBe(2);
          second.child.kill('SIGKILL');
        } finally {
          await dir.remove();
        }
      },
    );
  });
}
