import * as fs from 'node:fs/promises';
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { S3BlobStore } from '@docsync/server';
import { commitOid, sendTree, textBlob } from '@docsync/server/testing';
import {
  createHttpClient,
  makeTempDir,
  startS3Server,
  type S3TestServer,
  type TempDir,
} from '@docsync/test-utils';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

  it('fails before creating anything when the data directory cannot be written', async () => {
    await fs.writeFile(dir.join('file'), 'not a directory');
    const run = await runDocsync(['server', 'init', '--data', 'file/data', '--json'], dir.path);
    expect(run.code).toBe(ExitCode.failure);
    expect(run.stderr).toContain('cannot write to the data directory');
    expect(run.stdout).toBe('');
  });
});

describe('docsync server token create', () => {
  it('creates a token for a user or an organization’s admin, which the service accepts', async () => {
    const init = await runDocsync(['server', 'init', '--data', 'data', '--json'], dir.path);
    const { organizationId, userId } = JSON.parse(init.stdout) as Record<string, string>;
    const byUser = await runDocsync(
      ['server', 'token', 'create', '--data', 'data', '--user', userId ?? '', '--json'],
      dir.path,
    );
    expect(byUser.code).toBe(ExitCode.ok);
    const created = JSON.parse(byUser.stdout) as Record<string, string>;
    expect(created['userId']).toBe(userId);
    expect(created['token']).toMatch(/^dsk_/);
    const byOrg = await runDocsync(
      ['server', 'token', 'create', '--data', 'data', '--org', organizationId ?? '', '--read-only'],
      dir.path,
    );
    expect(byOrg.code).toBe(ExitCode.ok);
    const readOnly = /\n {2}(dsk_\S+)\n/.exec(byOrg.stdout)?.[1] ?? '';
    expect(readOnly).toMatch(/^dsk_/);

    const { url, stop } = await serve(['--port', '0', '--data', 'data']);
    const me = await createHttpClient(url, created['token']).get('/v1/user');
    expect(me.body).toMatchObject({ id: userId });
    const write = await createHttpClient(url, readOnly).request('POST', '/v1/user/tokens', {
      body: { name: 'x' },
    });
    expect(write.status).toBe(403);
    expect(await stop()).toBe(ExitCode.ok);
  }, 30_000);

  it('says who is missing, and needs --user or --org', async () => {
    await runDocsync(['server', 'init', '--data', 'data', '--json'], dir.path);
    const unknown = await runDocsync(
      ['server', 'token', 'create', '--data', 'data', '--user', 'nobody@example.com'],
      dir.path,
    );
    expect(unknown.code).toBe(ExitCode.failure);
    expect(unknown.stderr).toContain('nobody@example.com');
    const neither = await runDocsync(['server', 'token', 'create', '--data', 'data'], dir.path);
    expect(neither.code).toBe(ExitCode.usage);
    const badDays = await runDocsync(
      ['server', 'token', 'create', '--data', 'data', '--org', 'x', '--expires-in-days', '0'],
      dir.path,
    );
    expect(badDays.code).toBe(ExitCode.usage);
  });
});

/**
 * Runs `docsync serve` with `args` in-process until `stop` is called: resolves with the URL it
 * announces, the admin token it prints on first run, and its exit code once stopped.
 */
async function serve(args: string[], env: CliIo['env'] = {}, stdoutIsTTY = false) {
  const stop = new AbortController();
  let stdout = '';
  let stderr = '';
  let announced: (url: string) => void = () => undefined;
  const listening = new Promise<string>((resolve) => {
    announced = resolve;
  });
  const io: CliIo = {
    fs,
    stdout: (text) => {
      stdout += text;
    },
    stdoutIsTTY,
    stderr: (text) => {
      stderr += text;
      const url = /serving on (http:\/\/\S+)/.exec(stderr)?.[1];
      if (url !== undefined) announced(url);
    },
    readFile: (path) => fs.readFile(path, 'utf8'),
    readStdin: () => Promise.resolve(''),
    cwd: dir.path,
    env,
    stop: stop.signal,
  };
  const exited = runCli(['serve', ...args], io, '0.0.0-test');
  const url = await listening;
  const token = /token \(shown only this once\): (\S+)/.exec(stderr)?.[1] ?? '';
  return {
    url,
    token,
    stdout: () => stdout,
    stderr: () => stderr,
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

  it('fails on a busy port before creating anything', async () => {
    const busy = createNetServer();
    await new Promise<void>((resolve) => busy.listen({ host: '127.0.0.1', port: 0 }, resolve));
    const port = (busy.address() as AddressInfo).port;
    try {
      const run = await runDocsync(['serve', '--port', String(port), '--data', 'data'], dir.path);
      expect(run.code).toBe(ExitCode.failure);
      expect(run.stderr).toContain(`cannot listen on 127.0.0.1:${String(port)}`);
      expect(run.stderr).not.toContain('dsk_');
      await expect(fs.stat(dir.join('data'))).rejects.toThrow();
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });

  it('warns that fetch clients and browsers will not connect to a port the Fetch standard blocks', async () => {
    const { url, stderr, stop } = await serve(['--port', '10080', '--data', 'data']);
    expect(url).toBe('http://127.0.0.1:10080');
    expect(stderr()).toContain(
      "docsync: warning: browsers and fetch clients (docsync's own included) refuse to connect to port 10080",
    );
    expect(await stop()).toBe(ExitCode.ok);
    const quiet = await serve(['--port', '0', '--data', 'data']);
    expect(quiet.stderr()).not.toContain('warning');
    expect(await quiet.stop()).toBe(ExitCode.ok);
  }, 30_000);

  it('refuses a port that is not a number', async () => {
    const run = await runDocsync(['serve', '--port', 'eighty'], dir.path);
    expect(run.code).toBe(ExitCode.usage);
  });
});

describe('docsync serve logs', () => {
  let runs = 0;
  /** Serves, makes two requests (one with a share key in its query), stops: stdout's lines. */
  async function logsOf(args: string[], stdoutIsTTY: boolean): Promise<string[]> {
    runs += 1;
    const { url, token, stdout, stop } = await serve(
      ['--port', '0', '--data', `data-${String(runs)}`, ...args],
      { NO_COLOR: '1' },
      stdoutIsTTY,
    );
    const http = createHttpClient(url, token);
    expect((await http.get('/v1/orgs')).status).toBe(200);
    expect((await http.get('/v1/orgs/nowhere?shareKey=secret')).status).toBe(404);
    expect(await stop()).toBe(ExitCode.ok);
    return stdout().trimEnd().split('\n');
  }
  const requestLines = (lines: string[]) => lines.filter((line) => line.includes('/v1/'));
  /** The messages of Fastify's JSON lines about requests, and the URLs they name. */
  const jsonRequestLines = (lines: string[]) => {
    const parsed = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string } })
      .filter((line) => line.msg === 'incoming request' || line.msg === 'request completed');
    return { messages: parsed.map((line) => line.msg), urls: parsed.map((line) => line.req?.url) };
  };

  const humanLines = [
    /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/v1\/orgs 200 \d+\.\d ms$/,
    /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: GET \/v1\/orgs\/nowhere\?shareKey=\[redacted\] 404 \d+\.\d ms$/,
  ];

  it('on a terminal: one human line per request (method, path, status, duration)', async () => {
    const lines = requestLines(await logsOf([], true));
    expect(lines).toHaveLength(2);
    lines.forEach((line, i) => {
      expect(line).toMatch(humanLines[i] ?? /never/);
    });
  }, 30_000);

  it('to a pipe: JSON lines, Fastify’s two per request', async () => {
    const { messages, urls } = jsonRequestLines(await logsOf([], false));
    expect(messages).toEqual([
      'incoming request',
      'request completed',
      'incoming request',
      'request completed',
    ]);
    expect(urls.filter((url) => url !== undefined)).toEqual([
      '/v1/orgs',
      '/v1/orgs/nowhere?shareKey=[redacted]',
    ]);
  }, 30_000);

  it('--log-format json on a terminal and --log-format pretty to a pipe', async () => {
    const json = jsonRequestLines(await logsOf(['--log-format', 'json'], true));
    expect(json.messages).toHaveLength(4);
    const pretty = requestLines(await logsOf(['--log-format', 'pretty'], false));
    expect(pretty).toHaveLength(2);
    pretty.forEach((line, i) => {
      expect(line).toMatch(humanLines[i] ?? /never/);
    });
  }, 60_000);

  it('refuses an unknown --log-format', async () => {
    const run = await runDocsync(['serve', '--log-format', 'xml'], dir.path);
    expect(run.code).toBe(ExitCode.usage);
    expect(run.stderr).toContain('--log-format `xml` is not one of pretty, json');
  });
});

describe('docsync serve with DOCSYNC_BLOB_STORE=s3', () => {
  const bucket = 'docsync-blobs';
  let s3: S3TestServer;
  beforeAll(async () => {
    s3 = await startS3Server([bucket]);
  });
  afterAll(async () => {
    await s3.close();
  });
  const s3Env = (): CliIo['env'] => ({
    DOCSYNC_BLOB_STORE: 's3',
    DOCSYNC_S3_BUCKET: bucket,
    DOCSYNC_S3_ENDPOINT: s3.endpoint,
    DOCSYNC_S3_PREFIX: 'cli/blobs',
    AWS_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
  });

  it('keeps new blobs in the bucket, and moves in those the data directory held as they are read', async () => {
    const download = async (url: string, token: string, spaceId: string, oid: string) => {
      const got = await fetch(`${url}/v1/spaces/${spaceId}/git/blobs/${oid}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      return got.status === 200 ? new TextDecoder().decode(await got.arrayBuffer()) : got.status;
    };
    const readme = textBlob('README.md', '# Home\n');
    const earlier = textBlob('.gitbook/assets/earlier.txt', 'uploaded before s3\n');
    const later = textBlob('.gitbook/assets/later.txt', 'uploaded with s3\n');

    // An earlier run on the default store: the blob is in the data directory.
    const before = await serve(['--port', '0', '--data', 'data']);
    const http = createHttpClient(before.url, before.token);
    const orgs = await http.get('/v1/orgs');
    const orgId = (orgs.body as { items: { id: string }[] }).items[0]?.id ?? '';
    const space = await http.request('POST', `/v1/orgs/${orgId}/spaces`, { body: {} });
    const spaceId = (space.body as { id: string }).id;
    const first = await sendTree(http, spaceId, [readme, earlier], {
      oid: commitOid(1),
      message: 'before',
    });
    expect(first.status, first.text).toBe(204);
    expect(await before.stop()).toBe(ExitCode.ok);

    const after = await serve(['--port', '0', '--data', 'data'], s3Env());
    expect(after.stderr()).toContain(`blobs in S3 bucket ${bucket})`);
    const viaS3 = createHttpClient(after.url, before.token);
    const second = await sendTree(viaS3, spaceId, [readme, earlier, later], {
      oid: commitOid(2),
      message: 'after',
    });
    expect(second.status, second.text).toBe(204);
    const inBucket = new S3BlobStore({
      bucket,
      prefix: 'cli/blobs/',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: s3.credentials,
    });
    try {
      expect(await inBucket.has(later.oid)).toBe(true);
      expect(await readdir(dir.join(`data/blobs`))).not.toContain(later.oid.slice(0, 2));
      expect(await inBucket.has(earlier.oid)).toBe(false);
      expect(await download(after.url, before.token, spaceId, earlier.oid)).toBe(
        'uploaded before s3\n',
      );
      expect(await inBucket.has(earlier.oid)).toBe(true);
      expect(await download(after.url, before.token, spaceId, later.oid)).toBe(
        'uploaded with s3\n',
      );
    } finally {
      inBucket.close();
    }
    expect(await after.stop()).toBe(ExitCode.ok);
  }, 60_000);

  it('says what is wrong with the bucket before serving, and names no secret', async () => {
    const missing = await runDocsync(['serve', '--port', '0', '--data', 'data'], dir.path, '', {
      ...s3Env(),
      DOCSYNC_S3_BUCKET: 'no-such-bucket',
    });
    expect(missing.code).toBe(ExitCode.failure);
    expect(missing.stderr).toContain(
      `cannot use the blob store: the S3 bucket \`no-such-bucket\` does not exist at ${s3.endpoint}`,
    );
    expect(missing.stderr).not.toContain('token');

    const refused = await runDocsync(['serve', '--port', '0', '--data', 'data'], dir.path, '', {
      ...s3Env(),
      AWS_ACCESS_KEY_ID: 'SOMEONE-ELSE',
      AWS_SECRET_ACCESS_KEY: 'not-the-secret',
    });
    expect(refused.code).toBe(ExitCode.failure);
    expect(refused.stderr).toContain('refused access to the S3 bucket `docsync-blobs` (HTTP 403)');
    expect(refused.stderr).not.toContain('not-the-secret');
  }, 30_000);

  it('refuses settings it cannot use', async () => {
    for (const [env, said] of [
      [{ DOCSYNC_BLOB_STORE: 's3' }, 'needs DOCSYNC_S3_BUCKET'],
      [
        { DOCSYNC_BLOB_STORE: 'database' },
        'without DATABASE_URL, `directory` (the default) or `s3`',
      ],
      [{ ...s3Env(), DOCSYNC_S3_ENDPOINT: 'localhost:9000' }, 'is not an http(s) URL'],
      [{ ...s3Env(), DOCSYNC_S3_FORCE_PATH_STYLE: 'maybe' }, 'is not true or false'],
      [
        { ...s3Env(), AWS_SECRET_ACCESS_KEY: undefined },
        'AWS_ACCESS_KEY_ID is set without AWS_SECRET_ACCESS_KEY',
      ],
      [{ DOCSYNC_TRANSLATOR: 'deepl' }, 'DOCSYNC_TRANSLATOR=deepl needs DEEPL_AUTH_KEY'],
      [{ DOCSYNC_TRANSLATOR: 'babelfish' }, 'is not a translator'],
    ] as const) {
      const run = await runDocsync(['serve', '--port', '0', '--data', 'data'], dir.path, '', env);
      expect(run.code, said).toBe(ExitCode.usage);
      expect(run.stderr).toContain(said);
    }
  });

  it('lists the blob store settings in its help', async () => {
    const help = await runDocsync(['serve', '--help'], dir.path);
    for (const name of [
      'DOCSYNC_BLOB_STORE',
      'DOCSYNC_S3_BUCKET',
      'DOCSYNC_S3_ENDPOINT',
      'AWS_ACCESS_KEY_ID',
      'DOCSYNC_TRANSLATOR',
      'DEEPL_AUTH_KEY',
    ])
      expect(help.stdout).toContain(name);
  });
});
