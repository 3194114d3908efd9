import * as fs from 'node:fs/promises';
import { request } from 'node:http';
import { createHttpClient, makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CliIo } from '../cli-io.js';
import { ExitCode } from '../exit-codes.js';
import { runCli } from '../run-cli.js';
import { runDocsync } from '../testing/run-docsync.js';

let dir: TempDir;
beforeEach(async () => {
  dir = await makeTempDir('cli-server');
});
afterEach(async () => {
  await dir.remove();
});

describe('docsync server init', () => {
  it('--json prints the organization, the admin user and a token, once', async () => {
    const run = await runDocsync(['server', 'init', '--data', 'data', '--json'], dir.path);
    expect(run.code).toBe(ExitCode.ok);
    const printed = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(printed).sort()).toEqual(['organizationId', 'token', 'userId']);
    expect(printed['token']).toMatch(/^dsk_[A-Za-z0-9_-]{43}$/);
    expect((await fs.stat(dir.join('data/docsync.db'))).isFile()).toBe(true);

    const again = await runDocsync(['server', 'init', '--data', 'data', '--json'], dir.path);
    expect(again.code).toBe(ExitCode.failure);
    expect(again.stdout).toBe('');
  });
});

/**
 * Runs `docsync serve` with `args` in-process until `stop` is called: resolves with the URL it
 * announces, the admin token it prints on first run, and its exit code once stopped.
 */
async function serve(args: string[]) {
  const stop = new AbortController();
  let stderr = '';
  let announced: (url: string) => void = () => undefined;
  const listening = new Promise<string>((resolve) => {
    announced = resolve;
  });
  const io: CliIo = {
    fs,
    stdout: () => undefined,
    stderr: (text) => {
      stderr += text;
      const url = /serving on (http:\/\/\S+)/.exec(stderr)?.[1];
      if (url !== undefined) announced(url);
    },
    readFile: (path) => fs.readFile(path, 'utf8'),
    readStdin: () => Promise.resolve(''),
    cwd: dir.path,
    env: {},
    stop: stop.signal,
  };
  const exited = runCli(['serve', ...args], io, '0.0.0-test');
  const url = await listening;
  const token = /token \(shown only this once\): (\S+)/.exec(stderr)?.[1] ?? '';
  return {
    url,
    token,
    stop: () => {
      stop.abort();
      return exited;
    },
  };
}

describe('docsync serve', () => {
  it('initialises on first run, prints the URL and token, serves the API and stops on request', async () => {
    const { url, token, stop } = await serve(['--port', '0', '--data', 'data']);
    expect(token).toMatch(/^dsk_/);
    const response = await createHttpClient(url, token).get('/v1/orgs');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ count: 1 });
    expect(await stop()).toBe(ExitCode.ok);
    // Init migrates a new database and builds the server: seconds on a loaded 2-core machine.
  }, 30_000);

  it('--public-url: links use it, and a request for another host gets 421', async () => {
    const { url, token, stop } = await serve([
      '--port',
      '0',
      '--data',
      'data',
      '--public-url',
      'https://docs.example.com/',
    ]);
    const http = createHttpClient(url, token);
    const orgs = await http.get('/v1/orgs');
    expect(orgs.status).toBe(200);
    expect(orgs.text).toContain('https://docs.example.com/');
    expect(orgs.text).not.toContain(url);
    const { hostname, port } = new URL(url);
    const status = (host: string) =>
      new Promise<number>((resolve, reject) => {
        const sent = request(
          { hostname, port, path: '/v1/orgs', headers: { host } },
          (response) => {
            response.resume();
            resolve(response.statusCode ?? 0);
          },
        );
        sent.on('error', reject);
        sent.end();
      });
    expect(await status('evil.example')).toBe(421);
    expect(await status('docs.example.com')).toBe(401);
    expect(await stop()).toBe(ExitCode.ok);
  }, 30_000);

  it('refuses a --public-url that is not an http(s) URL', async () => {
    const run = await runDocsync(['serve', '--public-url', 'ftp://docs.example.com'], dir.path);
    expect(run.code).toBe(ExitCode.usage);
  });

  it('refuses a port that is not a number', async () => {
    const run = await runDocsync(['serve', '--port', 'eighty'], dir.path);
    expect(run.code).toBe(ExitCode.usage);
  });
});
