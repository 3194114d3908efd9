/**
 * docsync installed the way a user installs it elsewhere (issue 30): the CLI packed by
 * `npm run pack -w @docsync/cli`, installed with `npm install -g --prefix <dir>`, run from
 * directories outside this checkout; on an older Node.js every command says what it needs.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile, realpath, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createHttpClient, makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packCli } from '../../apps/cli/src/pack-cli.ts';

const run = promisify(execFile);

let dir: TempDir;
let prefix: string;
/** The installed commands run on this process's Node.js (24), found first on the PATH. */
let env: NodeJS.ProcessEnv;
let serve: ChildProcess | undefined;

/** Runs an installed command (`docsync`, `docsync-daemon`) in `cwd`; never throws. */
async function installed(command: string, args: string[], cwd: string, node?: string) {
  const bin = join(prefix, 'bin', command);
  try {
    const { stdout, stderr } = await (node === undefined
      ? run(bin, args, { cwd, env })
      : run(node, [bin, ...args], { cwd, env }));
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const git = (cwd: string, ...args: string[]) =>
  run('git', ['-c', 'user.name=Ada', '-c', 'user.email=ada@example.com', ...args], { cwd });

beforeAll(async () => {
  dir = await makeTempDir('installed-cli');
  prefix = dir.join('prefix');
  env = {
    ...process.env,
    PATH: [dirname(process.execPath), join(prefix, 'bin'), process.env['PATH']].join(delimiter),
  };
  delete env['DATABASE_URL'];
  const tarball = await packCli(dir.path);
  // Packages the repository's `npm ci` put in npm's cache come from there; npm asks the
  // registry only for what the cache lacks (package metadata on a fresh machine).
  await run(
    'npm',
    [
      'install',
      '--global',
      '--prefix',
      prefix,
      '--prefer-offline',
      '--no-audit',
      '--no-fund',
      tarball,
    ],
    { env },
  );
}, 300_000);

afterAll(async () => {
  serve?.kill('SIGTERM');
  await dir.remove();
});

describe('the packed CLI, installed with npm install -g', () => {
  it('prints its version from any directory', async () => {
    const cli = JSON.parse(
      await readFile(new URL('../../apps/cli/package.json', import.meta.url), 'utf8'),
    ) as { version: string };
    expect(await installed('docsync', ['--version'], dir.path)).toEqual({
      code: 0,
      stdout: `${cli.version}\n`,
      stderr: '',
    });
    expect((await installed('docsync-daemon', ['--version'], dir.path)).stdout).toBe(
      `${cli.version}\n`,
    );
    // Two cold starts of the bundled commands: seconds on a loaded machine.
  }, 30_000);

  it('serves, and init, push and pull sync a repository outside the checkout', async () => {
    serve = spawn(join(prefix, 'bin', 'docsync'), ['serve', '--port', '0', '--data', 'service'], {
      cwd: dir.path,
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    const url = await new Promise<string>((resolve, reject) => {
      serve?.stderr?.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        const served = /serving on (http:\/\/\S+)/.exec(stderr)?.[1];
        if (served !== undefined) resolve(served);
      });
      serve?.on('exit', (code) => {
        reject(new Error(`docsync serve exited with ${String(code)}: ${stderr}`));
      });
    });
    const token = /token \(shown only this once\): (\S+)/.exec(stderr)?.[1] ?? '';
    const organization = /created organization (\S+)/.exec(stderr)?.[1] ?? '';
    const made = await createHttpClient(url, token).request(
      'POST',
      `/v1/orgs/${organization}/spaces`,
      {
        body: { title: 'Handbook' },
      },
    );
    expect(made.status).toBe(201);
    const space = (made.body as { id: string }).id;
    env = { ...env, DOCSYNC_TOKEN: token };

    const writer = dir.join('writer');
    await run('git', ['init', '-q', '-b', 'main', writer]);
    await writeFile(join(writer, 'README.md'), '# Handbook\n\nWritten in git.\n');
    await writeFile(join(writer, 'SUMMARY.md'), '# Table of contents\n\n* [Handbook](README.md)\n');
    await git(writer, 'add', '-A');
    await git(writer, 'commit', '-q', '-m', 'Handbook');
    const init = await installed('docsync', ['init', '--url', url, '--space', space], writer);
    expect(init).toMatchObject({ code: 0, stderr: '' });
    const push = await installed('docsync', ['push', '--merge'], writer);
    expect(push.stderr).toBe('');
    expect(push.code).toBe(0);

    const reader = dir.join('reader');
    await run('git', ['init', '-q', '-b', 'main', reader]);
    await git(reader, 'commit', '-q', '--allow-empty', '-m', 'start');
    expect(
      (await installed('docsync', ['init', '--url', url, '--space', space], reader)).code,
    ).toBe(0);
    const pull = await installed('docsync', ['pull'], reader);
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    expect(await readFile(join(reader, 'README.md'), 'utf8')).toBe(
      '# Handbook\n\nWritten in git.\n',
    );
  }, 120_000);
});

/** A Node.js older than 22.22 on the PATH (the machine's own, beside the pinned 24), if any. */
async function olderNode(): Promise<string | undefined> {
  const { stdout } = await run('which', ['-a', 'node']).catch(() => ({ stdout: '' }));
  for (const node of stdout.split('\n').filter((line) => line !== '')) {
    const version = (await run(node, ['--version'])).stdout.trim();
    const [major = 0, minor = 0] = version.slice(1).split('.').map(Number);
    if (major < 22 || (major === 22 && minor < 22)) return node;
  }
  return undefined;
}

describe('on a Node.js older than 22.22', () => {
  it('every command says which version it needs and exits 2, without a stack trace', async () => {
    const node = await olderNode();
    if (node === undefined) {
      // CI and the development machines have Node 20 on the PATH; elsewhere there is none to run.
      console.warn('no Node.js older than 22.22 on the PATH: the old-Node check is not run');
      return;
    }
    const version = (await run(node, ['--version'])).stdout.trim();
    for (const command of ['docsync', 'docsync-daemon']) {
      const result = await installed(command, ['--version'], dir.path, node);
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: `${command}: needs Node.js >=22.22, but this is Node.js ${version} (${node}); install Node.js 22.22.0 or newer (https://nodejs.org) and run it with that\n`,
      });
    }
  });
});

/** The packages `npm install` warns about (EBADENGINE) when npm runs on `node`; changes nothing. */
async function engineWarnings(node: string): Promise<string[]> {
  const npm = await realpath((await run('which', ['npm'])).stdout.trim());
  const { stderr } = await run(
    node,
    [npm, 'install', '--dry-run', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
    { cwd: fileURLToPath(new URL('../..', import.meta.url)) },
  );
  return [...stderr.matchAll(/EBADENGINE {3}package: (\S+),/g)].map((match) => match[1] ?? '');
}

describe('npm ci’s engine warnings (EBADENGINE)', () => {
  it('on the pinned Node, which .ci/run installs with: none', async () => {
    expect(await engineWarnings(process.execPath)).toEqual([]);
  }, 60_000);

  it('on the machine’s older Node: none of our packages, only dependencies that need a newer one', async () => {
    const node = await olderNode();
    if (node === undefined) return;
    const warned = await engineWarnings(node);
    // Our workspace packages declare no engines; the root's devEngines (the Node that runs npm)
    // replaces its engines in npm's check.
    expect(warned.filter((name) => name.includes('@docsync/') || name === 'undefined')).toEqual([]);
    // Each one left is a dependency whose own engines.node (as the lock file has it) leaves that
    // Node out.
    const lock = JSON.parse(
      await readFile(new URL('../../package-lock.json', import.meta.url), 'utf8'),
    ) as { packages: Record<string, { version?: string; engines?: { node?: string } }> };
    for (const id of warned) {
      const [, name, version] = /^'?(.+)@([^@']+)'?$/.exec(id) ?? [];
      const entry = Object.entries(lock.packages).find(
        ([path, pkg]) => path.endsWith(`node_modules/${name ?? ''}`) && pkg.version === version,
      );
      expect(entry?.[1].engines?.node, id).toMatch(/2[2-9]/);
    }
  }, 60_000);
});
