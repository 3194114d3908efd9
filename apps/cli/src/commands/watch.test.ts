import * as fs from 'node:fs/promises';
import { startTestServer, type TestServer } from '@docsync/server/testing';
import { createGitRepo, makeTempDir, type GitRepo, type TempDir } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../cli-io.js';
import { ExitCode } from '../exit-codes.js';
import { runCli } from '../run-cli.js';
import { runDocsync } from '../testing/run-docsync.js';

let dir: TempDir;
let server: TestServer;
let repo: GitRepo;
beforeAll(async () => {
  dir = await makeTempDir('cli-watch');
  server = await startTestServer();
  repo = await createGitRepo({
    files: {
      'docs/README.md': '# Watched\n\nBy the daemon.\n',
      'docs/SUMMARY.md': '# Table of contents\n\n* [Watched](README.md)\n',
    },
  });
});
afterAll(async () => {
  await repo.remove();
  await server.close();
  await dir.remove();
});

describe('docsync watch', () => {
  it('stops with exit code 2 on a bad config, naming the file and line', async () => {
    await dir.write('bad.yaml', 'url: http://127.0.0.1:1\nrepositories: []\n');
    const run = await runDocsync(['watch', '--config', 'bad.yaml'], dir.path);
    expect(run.code).toBe(ExitCode.usage);
    expect(run.stderr).toContain('bad.yaml:2:15: `repositories` must be a list');
  });

  it('runs the daemon until stopped: the repository is synced and /healthz turns 200', async () => {
    const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
      body: { title: 'watched' },
    });
    const space = (made.body as { id: string }).id;
    await dir.write('token', server.token);
    await dir.write(
      'daemon.yaml',
      [
        `url: ${server.baseUrl}`,
        'tokenFile: token',
        "listen: '127.0.0.1:0'",
        'repositories:',
        `  - path: ${repo.dir}`,
        '    directory: docs',
        `    space: ${space}`,
        '    mode: direct',
        '',
      ].join('\n'),
    );
    const stop = new AbortController();
    const lines: string[] = [];
    let stderr = '';
    let synced: () => void = () => undefined;
    const syncedOnce = new Promise<void>((resolve) => {
      synced = resolve;
    });
    const io: CliIo = {
      fs,
      stdout: (text) => {
        lines.push(text);
        if (text.includes('"event":"synced"')) synced();
      },
      stderr: (text) => {
        stderr += text;
      },
      readFile: (path) => fs.readFile(path, 'utf8'),
      readStdin: () => Promise.resolve(''),
      cwd: dir.path,
      env: {},
      stop: stop.signal,
    };
    const running = runCli(['watch', '--config', 'daemon.yaml'], io, '0.0.0-test');
    await syncedOnce;
    const started = JSON.parse(lines.find((l) => l.includes('"event":"started"')) ?? '{}') as {
      admin: string;
    };
    expect((await fetch(`${started.admin}/healthz`)).status).toBe(200);
    const info = await server.http.get(`/v1/spaces/${space}/git/info`);
    expect((info.body as { lastSync?: { git: { oid: string } } }).lastSync?.git.oid).toBe(
      await repo.resolve('main'),
    );
    stop.abort();
    expect(await running).toBe(ExitCode.ok);
    expect(stderr).toBe('');
    expect(lines.at(-1)).toContain('"event":"stopped"');
  });
});
