/**
 * GitBook's own CLI (`@gitbook/cli`, a pinned test dependency installed without its install
 * scripts) publishes OpenAPI specs into docsync unchanged: `gitbook openapi publish <file|url>
 * --spec <slug> --organization <id>` with `GITBOOK_ENDPOINT` pointing at docsync.
 */
import { execFile } from 'node:child_process';
import { EventEmitter, once } from 'node:events';
import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { OpenAPISpec } from '@docsync/api';
import { startTestServer, testDialects, type TestServer } from '@docsync/server/testing';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const gitbook = fileURLToPath(new URL('../../node_modules/@gitbook/cli/cli.js', import.meta.url));

const petstore = (title: string) =>
  JSON.stringify({ swagger: '2.0', info: { title, version: '1.0' }, paths: {} }, null, 2);

for (const { dialect, skip } of testDialects) {
  describe.skipIf(skip)(`gitbook openapi publish against docsync (${dialect})`, () => {
    let server: TestServer;
    let home: TempDir;
    let specs: Server;
    let specsUrl: string;
    const jobs = new EventEmitter<{ settled: [unknown] }>();
    beforeAll(async () => {
      server = await startTestServer({
        dialect,
        fetch: { allow: ['127.0.0.1/32'] },
        onJobSettled: (outcome) => jobs.emit('settled', outcome),
      });
      home = await makeTempDir('gitbook-cli-home');
      specs = createServer((_request, response) => response.end(petstore('Served pets')));
      await new Promise<void>((resolve) => specs.listen(0, '127.0.0.1', resolve));
      specsUrl = `http://127.0.0.1:${String((specs.address() as AddressInfo).port)}/pets.yaml`;
    });
    afterAll(async () => {
      await server.close();
      await home.remove();
      await new Promise((resolve) => specs.close(resolve));
    });

    /** Runs `gitbook openapi publish`, as a CI job would, and waits for docsync to process it. */
    async function publish(what: string, slug: string): Promise<string> {
      const processed = once(jobs, 'settled');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          gitbook,
          'openapi',
          'publish',
          what,
          '--spec',
          slug,
          '--organization',
          server.organizationId,
        ],
        {
          env: {
            PATH: process.env['PATH'] ?? '',
            // Its settings file goes to a home of its own.
            HOME: home.path,
            XDG_CONFIG_HOME: home.join('.config'),
            GITBOOK_ENDPOINT: server.baseUrl,
            GITBOOK_TOKEN: server.token,
          },
        },
      );
      await processed;
      return stdout;
    }

    it(
      'publishes a spec file: stored as text, processed into a version',
      { timeout: 60_000 },
      async () => {
        const file = home.join('petstore.yaml');
        await writeFile(file, petstore('File pets'));
        const stdout = await publish(file, 'file-pets');
        const location = `${server.baseUrl}/v1/orgs/${server.organizationId}/openapi/file-pets`;
        expect(stdout).toContain('published to');
        const spec = (await server.http.get(location.slice(server.baseUrl.length)))
          .body as OpenAPISpec;
        expect(spec).toMatchObject({ slug: 'file-pets', processingState: 'complete' });
        expect(spec).not.toHaveProperty('sourceURL');
        expect(stdout).toContain(spec.urls.app);
        const content = await server.http.get(
          `${location.slice(server.baseUrl.length)}/versions/latest/content`,
        );
        expect(content.body).toMatchObject({
          filesystem: { 'openapi.json': { info: { title: 'File pets' } } },
        });
      },
    );

    it(
      'publishes a URL: docsync fetches it and keeps its source',
      { timeout: 60_000 },
      async () => {
        await publish(specsUrl, 'url-pets');
        const path = `/v1/orgs/${server.organizationId}/openapi/url-pets`;
        const spec = (await server.http.get(path)).body as OpenAPISpec;
        expect(spec).toMatchObject({ sourceURL: specsUrl, processingState: 'complete' });
        expect(spec).not.toHaveProperty('lastProcessErrorCode');
        const content = await server.http.get(`${path}/versions/latest/content`);
        expect(content.body).toMatchObject({
          filesystem: { 'pets.yaml': { info: { title: 'Served pets' } } },
          url: specsUrl,
        });
        // Published again, unchanged: processed again, no new version.
        await publish(specsUrl, 'url-pets');
        expect((await server.http.get(`${path}/versions`)).body).toMatchObject({ count: 1 });
      },
    );
  });
}
