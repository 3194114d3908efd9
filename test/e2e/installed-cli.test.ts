/**
 * docsync installed the way a user installs it elsewhere (issue 30): the CLI packed by
 * `npm run pack -w @docsync/cli`, installed with `npm install -g --prefix <dir>`, run from
 * directories outside this checkout; on an older Node.js every command says what it needs.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createHttpClient, makeTempDir, type TempDir } from '@docsync/test-utils';
import semver from 'semver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packCli } from '../../apps/cli/src/pack-cli.ts';

const run = promisify(execFile);

let dir: TempDir;
let serve: ChildProcess | undefined;

/** The packed CLI installed into a prefix by npm running on one Node.js, which runs it too. */
interface Installation {
  readonly prefix: string;
  /** Finds that Node.js first on the PATH, so `#!/usr/bin/env node` and child processes use it. */
  readonly env: NodeJS.ProcessEnv;
  /** What `npm install -g` wrote on stderr. */
  readonly stderr: string;
}

/** On this process's Node.js (the pinned 24). */
let installation: Installation;

/** Runs an installed command (`docsync`, `docsync-daemon`) in `cwd`; never throws. */
async function installed(
  command: string,
  args: string[],
  cwd: string,
  { prefix, env }: Installation = installation,
  node?: string,
) {
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

let tarball: string;

/** `npm install --global --prefix <dir>/<name> <tarball>`, npm itself run by `node`. */
async function install(name: string, node: string): Promise<Installation> {
  const prefix = dir.join(name);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PATH: [dirname(node), join(prefix, 'bin'), process.env['PATH']].join(delimiter),
  };
  delete env['DATABASE_URL'];
  const npm = await realpath((await run('which', ['npm'])).stdout.trim());
  // Packages the repository's `npm ci` put in npm's cache come from there; npm asks the
  // registry only for what the cache lacks (package metadata on a fresh machine).
  const { stderr } = await run(
    node,
    [
      npm,
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
  return { prefix, env, stderr };
}

beforeAll(async () => {
  dir = await makeTempDir('installed-cli');
  tarball = await packCli(dir.path);
  installation = await install('prefix', process.execPath);
}, 300_000);

afterAll(async () => {
  serve?.kill('SIGTERM');
  // Three installations and two Node.js builds: hundreds of megabytes to remove.
  await dir.remove();
}, 120_000);

/** `docsync serve` of an installation on a free port: its URL, admin token and organization. */
async function startService(into: Installation, cwd: string) {
  serve = spawn(
    join(into.prefix, 'bin', 'docsync'),
    ['serve', '--port', '0', '--data', 'service'],
    {
      cwd,
      env: into.env,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
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
  return { url, token, organization, stderr: () => stderr };
}

async function stopService() {
  const stopping = serve;
  serve = undefined;
  if (stopping === undefined || stopping.exitCode !== null) return;
  await new Promise((resolve) => {
    stopping.on('exit', resolve);
    stopping.kill('SIGTERM');
  });
}

type Service = Awaited<ReturnType<typeof startService>>;

/**
 * A space made through the API of `service`; the installation's `init` and `push --merge` from
 * one repository and `init` and `pull` into another, both under `cwd`, outside the checkout.
 */
async function initPushPull(into: Installation, service: Service, cwd: string) {
  const made = await createHttpClient(service.url, service.token).request(
    'POST',
    `/v1/orgs/${service.organization}/spaces`,
    { body: { title: 'Handbook' } },
  );
  expect(made.status).toBe(201);
  const space = (made.body as { id: string }).id;
  const using = { ...into, env: { ...into.env, DOCSYNC_TOKEN: service.token } };

  const writer = join(cwd, 'writer');
  await run('git', ['init', '-q', '-b', 'main', writer]);
  await writeFile(join(writer, 'README.md'), '# Handbook\n\nWritten in git.\n');
  await writeFile(join(writer, 'SUMMARY.md'), '# Table of contents\n\n* [Handbook](README.md)\n');
  await git(writer, 'add', '-A');
  await git(writer, 'commit', '-q', '-m', 'Handbook');
  const init = await installed(
    'docsync',
    ['init', '--url', service.url, '--space', space],
    writer,
    using,
  );
  expect(init).toMatchObject({ code: 0, stderr: '' });
  const push = await installed('docsync', ['push', '--merge'], writer, using);
  expect(push.stderr).toBe('');
  expect(push.code).toBe(0);

  const reader = join(cwd, 'reader');
  await run('git', ['init', '-q', '-b', 'main', reader]);
  await git(reader, 'commit', '-q', '--allow-empty', '-m', 'start');
  expect(
    (await installed('docsync', ['init', '--url', service.url, '--space', space], reader, using))
      .code,
  ).toBe(0);
  const pull = await installed('docsync', ['pull'], reader, using);
  expect(pull.stderr).toBe('');
  expect(pull.code).toBe(0);
  expect(await readFile(join(reader, 'README.md'), 'utf8')).toBe('# Handbook\n\nWritten in git.\n');
}

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
    await mkdir(dir.join('on-24'));
    await initPushPull(
      installation,
      await startService(installation, dir.join('on-24')),
      dir.join('on-24'),
    );
    await stopService();
  }, 120_000);
});

/**
 * An official build of Node.js `version` from npm's registry (`node-<platform>-<arch>`, the
 * package npm's own `node` package installs), unpacked by `npm pack` and tar into the temp
 * directory, so that it is not linked as `node` beside the pinned one.
 */
async function nodeFromRegistry(version: string): Promise<string> {
  const into = dir.join(`node-${version}`);
  await mkdir(into);
  const { stdout } = await run(
    'npm',
    ['pack', '--json', '--prefer-offline', `node-${process.platform}-${process.arch}@${version}`],
    { cwd: into },
  );
  const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
  await run('tar', ['-xzf', filename], { cwd: into });
  const node = join(into, 'package', 'bin', 'node');
  expect((await run(node, ['--version'])).stdout).toBe(`v${version}\n`);
  return node;
}

describe('on the oldest Node.js versions it runs on', () => {
  it('22.12 (engines.node): installs without an engine warning and syncs; `serve` says it needs 22.16 and exits 2, creating nothing', async () => {
    const { engines } = JSON.parse(
      await readFile(new URL('../../package.json', import.meta.url), 'utf8'),
    ) as { engines: { node: string } };
    const oldest = semver.minVersion(engines.node)?.version ?? '';
    expect(oldest).toBe('22.12.0');
    const on2212 = await install('prefix-22.12', await nodeFromRegistry(oldest));
    // npm resolves the packed CLI's dependency ranges afresh: each must accept this Node.js.
    expect(on2212.stderr).not.toMatch(/EBADENGINE/);
    expect((await installed('docsync', ['--version'], dir.path, on2212)).code).toBe(0);

    await mkdir(dir.join('on-22.12'));
    const service = await startService(installation, dir.join('on-22.12'));
    await initPushPull(on2212, service, dir.join('on-22.12'));
    await stopService();

    // node:sqlite is behind a flag before 22.13 and has no full-text search before 22.16.
    const serving = await installed(
      'docsync',
      ['serve', '--port', '0', '--data', 'service-22.12'],
      dir.join('on-22.12'),
      on2212,
    );
    expect(serving).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'docsync: the embedded database (SQLite) needs Node.js 22.16 or newer, for node:sqlite, ' +
        'and this is Node.js v22.12.0: run the service on Node.js 22.16 or newer, or on ' +
        'PostgreSQL (DATABASE_URL)\n',
    });
    await expect(stat(dir.join('on-22.12/service-22.12'))).rejects.toThrow(/ENOENT/);
  }, 300_000);

  it('22.16: serves on the embedded database, and syncs', async () => {
    const on2216 = await install('prefix-22.16', await nodeFromRegistry('22.16.0'));
    expect(on2216.stderr).not.toMatch(/EBADENGINE/);
    await mkdir(dir.join('on-22.16'));
    const service = await startService(on2216, dir.join('on-22.16'));
    await initPushPull(on2216, service, dir.join('on-22.16'));
    await stopService();
  }, 300_000);
});

/** A Node.js older than 22.12 on the PATH (the machine's own, beside the pinned 24), if any. */
async function olderNode(): Promise<string | undefined> {
  const { stdout } = await run('which', ['-a', 'node']).catch(() => ({ stdout: '' }));
  for (const node of stdout.split('\n').filter((line) => line !== '')) {
    const version = (await run(node, ['--version'])).stdout.trim();
    const [major = 0, minor = 0] = version.slice(1).split('.').map(Number);
    if (major < 22 || (major === 22 && minor < 12)) return node;
  }
  return undefined;
}

describe('on a Node.js older than 22.12', () => {
  it('every command says which version it needs and exits 2, without a stack trace', async () => {
    const node = await olderNode();
    if (node === undefined) {
      // CI and the development machines have Node 20 on the PATH; elsewhere there is none to run.
      console.warn('no Node.js older than 22.12 on the PATH: the old-Node check is not run');
      return;
    }
    const version = (await run(node, ['--version'])).stdout.trim();
    for (const command of ['docsync', 'docsync-daemon']) {
      const result = await installed(command, ['--version'], dir.path, installation, node);
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: `${command}: needs Node.js >=22.12, but this is Node.js ${version} (${node}); install Node.js 22.12.0 or newer (https://nodejs.org) and run it with that\n`,
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
