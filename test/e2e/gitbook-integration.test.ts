/**
 * An integration as GitBook's developers build one, against docsync: GitBook's CLI
 * (`@gitbook/cli`, installed without its install scripts) publishes it with `gitbook publish`,
 * and its code, written with `@gitbook/runtime`, runs in this Node process behind a loopback
 * HTTP server that docsync's development mode points at (what `gitbook dev` does through its
 * tunnel). A `docsync push --merge` changes the space's content: the integration receives the
 * `space_content_updated` event, checks both signatures, reads the space back through the
 * installation token the event came with, and answers; `installation_setup`, which it does not
 * handle, is answered 406 by the runtime and recorded as not handled.
 */
import { execFile } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { IntegrationEvent } from '@docsync/api';
import { startTestServer, testDialects, type TestServer } from '@docsync/server/testing';
import { eventually, makeTempDir, type TempDir } from '@docsync/test-utils';
import { GitBookAPI } from '@gitbook/api';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserRepo } from '../support/sync-scenario-kit.ts';

const gitbook = fileURLToPath(new URL('../../node_modules/@gitbook/cli/cli.js', import.meta.url));

// The runtime reads the worker's `MODE`; under `gitbook dev` it is `development`.
(globalThis as { MODE?: string }).MODE = 'development';

/** GitBook's `SpaceContentUpdatedEvent`. */
interface SpaceContentUpdated {
  eventId: string;
  type: 'space_content_updated';
  spaceId: string;
  revisionId: string;
}

/**
 * What the test uses of `@gitbook/runtime`. The package ships TypeScript sources written for a
 * bundler (imports without extensions), which NodeNext type-checking cannot follow, and the
 * client's declarations hide its members the same way (see conformance.test.ts): the members
 * used are named here, and the module is loaded by a name the compiler does not resolve.
 */
interface Runtime {
  createIntegration(definition: {
    events: Record<
      string,
      (
        event: SpaceContentUpdated,
        context: {
          api: { spaces: { getSpaceById(id: string): Promise<{ data: { title: string } }> } };
        },
      ) => Promise<void>
    >;
  }): { fetch(request: Request, env: unknown, context: unknown): Promise<Response> };
}
const runtimeModule = '@gitbook/runtime';
const runtime = (await import(runtimeModule)) as Runtime;

/** What the test calls of the client's integration operations. */
interface IntegrationsClient {
  integrations: {
    getIntegrationByName(name: string): Promise<{ data: unknown }>;
    setIntegrationDevelopmentMode(
      name: string,
      body: { tunnelUrl: string; all: boolean },
    ): Promise<unknown>;
    installIntegration(name: string, body: { organization: string }): Promise<unknown>;
  };
}

/** What the integration saw of one event it handled. */
interface Handled {
  event: SpaceContentUpdated;
  /** The space's title, read through the installation's token. */
  spaceTitle: string;
}

/** The whole body of a request. */
async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** GitBook's `X-GitBook-Signature: t=…,v1=…` of `body` holds for `secret`. */
function gitbookSignatureHolds(header: string, body: Buffer, secret: string): boolean {
  const parts = new Map(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret)
    .update(`${parts.get('t') ?? ''}.`)
    .update(body)
    .digest('hex');
  return parts.get('v1') === expected;
}

/**
 * The integration: `@gitbook/runtime`'s `createIntegration`, served over HTTP from Node. A
 * request whose signatures do not hold is refused with 401 before the runtime sees it.
 */
class NodeIntegration {
  readonly handled: Handled[] = [];
  refused = 0;
  secret = '';
  url = '';
  readonly #integration = runtime.createIntegration({
    events: {
      space_content_updated: async (event, context) => {
        const { data: space } = await context.api.spaces.getSpaceById(event.spaceId);
        this.handled.push({ event, spaceTitle: space.title });
      },
    },
  });
  readonly #server: Server = createServer((request, response) => {
    void (async () => {
      const body = await bodyOf(request);
      const headers = request.headers as Record<string, string>;
      try {
        new Webhook(this.secret).verify(body, headers, { jsonParse: false });
        if (!gitbookSignatureHolds(headers['x-gitbook-signature'] ?? '', body, this.secret))
          throw new Error('X-GitBook-Signature does not hold');
      } catch {
        this.refused += 1;
        response.writeHead(401).end();
        return;
      }
      const answer = await this.#integration.fetch(
        new Request(`http://integration${request.url ?? '/'}`, {
          method: 'POST',
          headers,
          body,
        }),
        {},
        { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} },
      );
      response.writeHead(answer.status).end(Buffer.from(await answer.arrayBuffer()));
    })();
  });

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${String((this.#server.address() as AddressInfo).port)}`;
  }

  async close(): Promise<void> {
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

const manifest = (organization: string) => `name: hello-docsync
title: Hello docsync
description: Says hello when the docs change.
script: ./src/index.ts
scopes:
  - space:content:read
  - space:metadata:read
organization: ${organization}
visibility: unlisted
contentSecurityPolicy:
  script-src: "'self'"
secrets:
  GREETING: hello
`;

const script = `export default {
  fetch: async () => new Response('Hello from a published integration'),
};
`;

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(
    `an integration built with GitBook's tools, on docsync (${dialect})`,
    () => {
      let server: TestServer;
      let project: TempDir;
      let api: IntegrationsClient;
      const integration = new NodeIntegration();
      beforeAll(async () => {
        server = await startTestServer({
          dialect,
          fetch: { allow: ['127.0.0.1/32'] },
          jobs: { pollMs: 20 },
        });
        // Signatures carry the time, and the receiver holds them to the real one.
        server.clock.set(new Date());
        project = await makeTempDir('gitbook-integration');
        await integration.start();
        api = new GitBookAPI({
          endpoint: server.baseUrl,
          authToken: server.token,
        }) as unknown as IntegrationsClient;
      });
      afterAll(async () => {
        await server.close();
        await integration.close();
        await project.remove();
      });

      /** Runs GitBook's CLI in the project, as its developer would. */
      const cli = async (...args: string[]) =>
        promisify(execFile)(process.execPath, [gitbook, ...args], {
          cwd: project.path,
          env: {
            PATH: process.env['PATH'] ?? '',
            HOME: project.path,
            XDG_CONFIG_HOME: project.join('.config'),
            // Where it bundles the script.
            TMPDIR: project.path,
            GITBOOK_ENDPOINT: server.baseUrl,
            GITBOOK_TOKEN: server.token,
          },
        });

      it(
        '`gitbook publish` publishes it, and a `docsync push --merge` reaches its code, signed',
        { timeout: 120_000 },
        async () => {
          await mkdir(project.join('src'));
          await writeFile(project.join('gitbook-manifest.yaml'), manifest(server.organizationId));
          await writeFile(project.join('src/index.ts'), script);
          expect((await cli('whoami')).stdout).toContain('Authenticated as');
          const published = await cli('publish');
          expect(published.stdout).toContain('Integration "hello-docsync" published');
          const { data: integrationRow } =
            await api.integrations.getIntegrationByName('hello-docsync');
          expect(integrationRow).toMatchObject({
            version: 1,
            visibility: 'unlisted',
            scopes: ['space:content:read', 'space:metadata:read'],
            contentSecurityPolicy: "script-src 'self'",
          });
          const stored = await server.db
            .selectFrom('integrations')
            .select('script')
            .where('name', '=', 'hello-docsync')
            .executeTakeFirstOrThrow();
          expect(stored.script).toContain('Hello from a published integration');

          // What `gitbook dev` does once its tunnel is up, and the integration is installed.
          await api.integrations.setIntegrationDevelopmentMode('hello-docsync', {
            tunnelUrl: integration.url,
            all: false,
          });
          const secret = await server.http.get('/v1/integrations/hello-docsync/signing-secret');
          integration.secret = (secret.body as { secret: string }).secret;
          await api.integrations.installIntegration('hello-docsync', {
            organization: server.organizationId,
          });
          const events = async () =>
            (
              (await server.http.get('/v1/integrations/hello-docsync/events')).body as {
                items: IntegrationEvent[];
              }
            ).items;
          const setup = await eventually(
            async () => (await events()).find((event) => event.delivery?.state === 'not_handled'),
            { withinMs: 20_000 },
          );
          expect(setup.payload.type).toBe('installation_setup');
          expect(setup.delivery?.attempts).toMatchObject([{ responseCode: 406 }]);

          // A writer pushes docs from git and merges them.
          const made = await server.http.request(
            'POST',
            `/v1/orgs/${server.organizationId}/spaces`,
            {
              body: { title: 'Acme docs' },
            },
          );
          const spaceId = (made.body as { id: string }).id;
          const repo = await UserRepo.create(server.token, {
            'README.md': '# Acme\n\nWelcome to Acme.\n',
            'SUMMARY.md': '# Table of contents\n\n* [Acme](README.md)\n',
          });
          try {
            const init = await repo.docsync('init', '--url', server.baseUrl, '--space', spaceId);
            expect(init.code, init.stderr).toBe(0);
            repo.commitAll('Sync the docs with docsync');
            const pushed = await repo.docsync('push', '--merge');
            expect(pushed.code, pushed.stderr).toBe(0);
          } finally {
            await repo.remove();
          }

          const handled = await eventually(
            () =>
              Promise.resolve(integration.handled.find((item) => item.event.spaceId === spaceId)),
            { withinMs: 20_000 },
          );
          const info = await server.http.get(`/v1/spaces/${spaceId}/git/info`);
          expect(handled.event).toMatchObject({
            type: 'space_content_updated',
            spaceId,
            revisionId: (info.body as { revision: string }).revision,
          });
          expect(handled.spaceTitle).toBe('Acme docs');
          expect(integration.refused).toBe(0);
          // A delivery docsync did not sign does not reach the integration's code.
          const forged = await fetch(integration.url, {
            method: 'POST',
            headers: {
              'webhook-id': handled.event.eventId,
              'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
              'webhook-signature': 'v1,Zm9yZ2Vk',
            },
            body: 'forged',
          });
          expect(forged.status).toBe(401);
          expect(integration.refused).toBe(1);
          const delivered = (await events()).find((event) => event.id === handled.event.eventId);
          expect(delivered).toMatchObject({
            status: 'success',
            delivery: { state: 'delivered', attempts: [{ responseCode: 200 }] },
          });
        },
      );
    },
  );
}
