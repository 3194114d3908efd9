import { execFile, execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startTestServer } from '@docsync/server/testing';
import { makeTempDir } from '@docsync/test-utils';
import { describe, expect, it } from 'vitest';
import { runDocsync } from '../../apps/cli/src/testing/run-docsync.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
const docsync = `${root}node_modules/.bin/docsync`;
const cliPackage = JSON.parse(
  readFileSync(new URL('../../apps/cli/package.json', import.meta.url), 'utf8'),
) as { version: string };

async function exitCodeOf(
  args: string[],
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(docsync, args, { cwd: root });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('the docsync binary installed by npm ci', () => {
  it('runs on the pinned Node 24', () => {
    expect(process.versions.node.split('.')[0]).toBe('24');
  });

  it('prints the version of apps/cli', async () => {
    expect(await exitCodeOf(['--version'])).toEqual({
      code: 0,
      stdout: `${cliPackage.version}\n`,
      stderr: '',
    });
  });

  it('exits 2 with a message on stderr for a usage error', async () => {
    const result = await exitCodeOf(['--no-such-option']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--no-such-option'");
  });
});

describe('what the sync commands say when something is wrong (issue 30)', () => {
  it('init outside a git repository warns; pull against a stopped server says it is not reachable', async () => {
    const dir = await makeTempDir('cli-messages');
    // A port nothing listens on: one the system gave out, and closed again.
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));
    const url = `http://127.0.0.1:${String(port)}`;
    try {
      const init = await runDocsync(['init', '--url', url, '--space', 'abc'], dir.path);
      expect(init.code).toBe(0);
      expect(init.stderr).toContain('is not the top of a git repository');
      execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir.path });
      const pull = await runDocsync(['pull'], dir.path, '', { DOCSYNC_TOKEN: 'dsk_x' });
      expect(pull.code).not.toBe(0);
      expect(pull.stderr).toContain(`connection refused: the server at ${url} is not reachable`);
    } finally {
      await dir.remove();
    }
  });

  it('init at the top of a repository of several spaces names their roots; at one root it says nothing', async () => {
    const dir = await makeTempDir('cli-roots');
    try {
      execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir.path });
      for (const root of ['docs/api', 'docs/guides', 'styleguides']) {
        await mkdir(dir.join(root), { recursive: true });
        await writeFile(dir.join(`${root}/SUMMARY.md`), '# Table of contents\n');
      }
      await writeFile(dir.join('docs/api/.gitbook.yaml'), 'root: ./\n');
      const top = await runDocsync(
        ['init', '--url', 'http://127.0.0.1:1', '--space', 'abc'],
        dir.path,
      );
      expect(top.code).toBe(0);
      expect(top.stderr).toBe(
        "docsync init: warning: the repository root has no SUMMARY.md or .gitbook.yaml, but `docs/api`, `docs/guides`, `styleguides` have: each is a space's root, whose .gitbook/assets/ only that space holds; sync each with its own space (`--dir <root>` here, or a daemon.yaml entry per root)\n",
      );
      const one = await runDocsync(
        ['init', '--url', 'http://127.0.0.1:1', '--space', 'abc', '--dir', 'docs/api'],
        dir.path,
      );
      expect(one).toMatchObject({ code: 0, stderr: '' });
    } finally {
      await dir.remove();
    }
  });

  it('a refused token is not “safe to run again”', async () => {
    const server = await startTestServer();
    const dir = await makeTempDir('cli-messages');
    try {
      execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: dir.path });
      await runDocsync(['init', '--url', server.baseUrl, '--space', 'abc'], dir.path);
      const pull = await runDocsync(['pull'], dir.path, '', { DOCSYNC_TOKEN: 'dsk_wrong' });
      expect(pull.code).not.toBe(0);
      expect(pull.stderr).toContain('401');
      expect(pull.stderr).not.toContain('safe to run again');
    } finally {
      await dir.remove();
      await server.close();
    }
  });
});
