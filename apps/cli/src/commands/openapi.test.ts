import { writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenAPISpec } from '@docsync/api';
import { startTestServer, type TestServer } from '@docsync/server/testing';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ExitCode } from '../exit-codes.js';
import { runDocsync } from '../testing/run-docsync.js';

const spec = (title: string) =>
  `openapi: 3.0.3\ninfo: {title: ${title}, version: "1"}\npaths: {}\n`;

describe('docsync openapi publish', () => {
  let server: TestServer;
  let dir: TempDir;
  let specs: Server;
  let specsUrl: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    server = await startTestServer({ fetch: { allow: ['127.0.0.1/32'] }, jobs: { pollMs: 20 } });
    dir = await makeTempDir('cli-openapi');
    env = { DOCSYNC_TOKEN: server.token, XDG_CONFIG_HOME: dir.join('config') };
    specs = createServer((_request, response) => response.end(spec('Served')));
    await new Promise<void>((resolve) => specs.listen(0, '127.0.0.1', resolve));
    specsUrl = `http://127.0.0.1:${String((specs.address() as AddressInfo).port)}/served.yaml`;
  });
  afterAll(async () => {
    await server.close();
    await dir.remove();
    await new Promise((resolve) => specs.close(resolve));
  });

  const publish = (...args: string[]) =>
    runDocsync(['openapi', 'publish', ...args, '--url', server.baseUrl], dir.path, '', env);

  it('publishes a file into the only organization and waits for its first version', async () => {
    await writeFile(dir.join('pets.yaml'), spec('Pets'));
    const run = await publish('pets.yaml', '--spec', 'pets', '--wait');
    expect(run.code, run.stderr).toBe(ExitCode.ok);
    const read = await server.http.get(`/v1/orgs/${server.organizationId}/openapi/pets`);
    const stored = read.body as OpenAPISpec;
    expect(stored.processingState).toBe('complete');
    expect(run.stdout).toContain(`version ${stored.lastVersion ?? ''}`);
    const content = await server.http.get(
      `/v1/orgs/${server.organizationId}/openapi/pets/versions/latest/content`,
    );
    expect(content.body).toMatchObject({
      filesystem: { 'openapi.json': { info: { title: 'Pets' } } },
    });
  });

  it('publishes a URL for the service to fetch, printing the spec as JSON', async () => {
    const run = await publish(
      specsUrl,
      '-s',
      'served',
      '-o',
      server.organizationId,
      '--json',
      '--wait',
    );
    expect(run.code, run.stderr).toBe(ExitCode.ok);
    expect(JSON.parse(run.stdout)).toMatchObject({
      slug: 'served',
      sourceURL: specsUrl,
      processingState: 'complete',
    });
  });

  it('fails with --wait when the service could not process the spec, saying why', async () => {
    await writeFile(dir.join('broken.yaml'), 'openapi: 3.0.3\npaths: {}\n');
    const run = await publish('broken.yaml', '--spec', 'broken', '--wait');
    expect(run.code).toBe(ExitCode.failure);
    expect(run.stderr).toContain('PARSE_ERROR');
    const queued = await publish('broken.yaml', '--spec', 'broken');
    expect(queued.code, queued.stderr).toBe(ExitCode.ok);
    expect(queued.stdout).toContain('(processing)');
  });

  it('refuses a missing file, a missing --spec, and an organization the caller is not in', async () => {
    expect((await publish('missing.yaml', '--spec', 'x')).code).toBe(ExitCode.failure);
    expect((await publish('pets.yaml')).code).toBe(ExitCode.usage);
    const elsewhere = await publish('pets.yaml', '--spec', 'x', '-o', 'no-such-org');
    expect(elsewhere.code).toBe(ExitCode.failure);
    expect(elsewhere.stderr).toMatch(/not found/i);
  });
});
