/**
 * The daemon (`apps/daemon`, the real process) against the real server (SQLite, loopback):
 *
 * - latency from a commit to its change request holding it (the daemon's `synced` line for that
 *   commit, checked against the server), p50 and p95 over `BENCH_DAEMON_COMMITS` commits (default
 *   15), with the debounce shown apart; beside it, in the same run, `push` called in-process for
 *   the same kind of commit (the sync work alone, without watching, debounce or process);
 * - what watching costs per repository: chokidar on the refs alone (what the daemon does) beside
 *   chokidar on the docs tree as well (what it did), in a child process: RSS and inotify watches;
 * - resident memory (`VmRSS`, and the peak `VmHWM`), idle CPU, and inotify watches of the daemon
 *   with `BENCH_DAEMON_REPOS` repositories (default 20 and 100): clones of a real docs tree
 *   (`BENCH_DAEMON_CORPUS`, default `pentest-book` from /work/shared/corpora: 250 files, 1.8 MB),
 *   each synced with its own space; measured after the start-up round of cycles and a settle
 *   period (`BENCH_DAEMON_SETTLE_S`, default 10 s, a 5 s poll interval), then after a round of
 *   cycles (a commit in every repository, pushed into its change request) and the settle period
 *   again. Beside it, in the same run and on the same repositories, the daemon of
 *   `BENCH_DAEMON_BASELINE` (a git ref, default `main`; `none` to skip), bundled with esbuild from
 *   that ref's `apps/daemon/src` onto this checkout's packages.
 *
 * Targets (issues #9 and #31): p50 under 2 s after the debounce; idle CPU near zero; at most
 * 200 MB resident for 100 repositories. The machine is shared, so read the ratios more than the
 * figures. Repositories and server data go to /dev/shm when there is one.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startTestServer, type TestServer } from '@docsync/server/testing';
import { createSyncClient, push, type SyncContext } from '@docsync/sync';
import { createGitRepo, makeTempDir, type GitRepo } from '@docsync/test-utils';
import {
  DAEMON_BIN,
  spawnDaemon,
  writeDaemonConfig,
  type DaemonProcess,
} from '../../apps/daemon/dist/testing/daemon-process.js';
import { benchTempDir } from './bench-server.ts';

const COMMITS = Number(process.env['BENCH_DAEMON_COMMITS'] ?? 15);
const SETTLE_S = Number(process.env['BENCH_DAEMON_SETTLE_S'] ?? 10);
const REPOS = (process.env['BENCH_DAEMON_REPOS'] ?? '20,100').split(',').map(Number);
const CORPORA = process.env['DOCSYNC_CORPORA'] ?? '/work/shared/corpora';
const CORPUS = process.env['BENCH_DAEMON_CORPUS'] ?? 'pentest-book';
/** The page every repository's round edits (in `pentest-book`; any `.md` of another corpus). */
const EDITED_PAGE = process.env['BENCH_DAEMON_PAGE'] ?? 'README.md';
const BASELINE = process.env['BENCH_DAEMON_BASELINE'] ?? 'main';
const DEBOUNCE_MS = 250;
const DOCS = 'docs';
/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ, 100 on Linux). */
const TICKS = 100;

interface Fixture {
  repo: GitRepo;
  space: string;
}

async function syncedRepo(server: TestServer, name: string): Promise<Fixture> {
  const repo = await createGitRepo({
    files: {
      [`${DOCS}/README.md`]: `# ${name}\n\nA watched repository.\n`,
      [`${DOCS}/guide.md`]: '# Guide\n\nHow to begin.\n',
      [`${DOCS}/SUMMARY.md`]: '# Table of contents\n\n* [Intro](README.md)\n* [Guide](guide.md)\n',
    },
  });
  const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
    body: { title: name },
  });
  const space = (made.body as { id: string }).id;
  await push(contextFor(server, repo, space), { merge: true });
  return { repo, space };
}

function contextFor(server: TestServer, repo: GitRepo, space: string): SyncContext {
  return {
    fs,
    dir: repo.dir,
    config: { url: server.baseUrl, space, branch: 'main', dir: DOCS },
    client: createSyncClient({ baseUrl: server.baseUrl, token: server.token }),
  };
}

let edits = 0;
async function commitEdit(repo: GitRepo): Promise<string> {
  edits += 1;
  const path = join(repo.dir, DOCS, 'guide.md');
  const text = await readFile(path, 'utf8');
  await repo.writeFiles({ [`${DOCS}/guide.md`]: `${text}\nEdit ${String(edits)}.\n` });
  return repo.commit(`Edit ${String(edits)}`);
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

function cpuSeconds(pid: number): number {
  const stat = fs.readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at `state`: utime is the 14th
  // field of the line, stime the 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / TICKS;
}

function rssMegabytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

async function startDaemon(
  dir: string,
  server: TestServer,
  fixtures: readonly Fixture[],
  pollInterval: string,
  bin: string = DAEMON_BIN,
): Promise<DaemonProcess> {
  await fs.promises.writeFile(join(dir, 'token'), server.token);
  const config = await writeDaemonConfig(dir, {
    url: server.baseUrl,
    tokenFile: 'token',
    listen: '127.0.0.1:0',
    debounce: `${String(DEBOUNCE_MS)}ms`,
    pollInterval,
    repositories: fixtures.map((fixture, index) => ({
      name: `repo-${String(index)}`,
      path: fixture.repo.dir,
      directory: DOCS,
      space: fixture.space,
    })),
  });
  const daemon = spawnDaemon(config, {}, ['--config', config], bin);
  const admin = await daemon.adminUrl();
  // Healthy: every repository finished its start-up cycle.
  for (;;) {
    if ((await fetch(`${admin}/healthz`)).status === 200) return daemon;
    if (daemon.child.exitCode !== null) throw new Error(`the daemon exited: ${daemon.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function measureLatency(server: TestServer, dir: string): Promise<string[]> {
  const fixture = await syncedRepo(server, 'latency');
  const daemon = await startDaemon(dir, server, [fixture], '30s');
  const total: number[] = [];
  try {
    for (let i = 0; i < COMMITS; i++) {
      const started = performance.now();
      const head = await commitEdit(fixture.repo);
      await daemon.waitForLog((line) => line.event === 'synced' && line['head'] === head, {
        past: true,
        timeoutMs: 30_000,
      });
      total.push(performance.now() - started);
    }
  } finally {
    await daemon.stop();
    await fixture.repo.remove();
  }
  const baseline = await syncedRepo(server, 'baseline');
  const direct: number[] = [];
  for (let i = 0; i < COMMITS; i++) {
    await commitEdit(baseline.repo);
    const started = performance.now();
    const result = await push(contextFor(server, baseline.repo, baseline.space));
    if (result.outcome !== 'pushed') throw new Error(`push: ${result.outcome}`);
    direct.push(performance.now() - started);
  }
  await baseline.repo.remove();
  const afterDebounce = total.map((ms) => ms - DEBOUNCE_MS);
  const row = (name: string, values: number[]) =>
    `${name.padEnd(52)} ${percentile(values, 50).toFixed(0).padStart(8)} ${percentile(values, 95).toFixed(0).padStart(8)} ${(percentile(values, 50) / percentile(direct, 50)).toFixed(2).padStart(10)}×`;
  return [
    `### Commit → change request updated (${String(COMMITS)} commits, debounce ${String(DEBOUNCE_MS)} ms)`,
    `${'case'.padEnd(52)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'vs push p50'.padStart(11)}`,
    row('push() in-process (baseline)', direct),
    row('daemon: commit → synced, after the debounce', afterDebounce),
    row('daemon: commit → synced, total', total),
    '',
  ];
}

/** The inotify watches a process holds (its inotify descriptors' `wd` lines). */
function inotifyWatches(pid: number): number {
  let count = 0;
  for (const fd of fs.readdirSync(`/proc/${String(pid)}/fd`)) {
    try {
      const info = fs.readFileSync(`/proc/${String(pid)}/fdinfo/${fd}`, 'utf8');
      count += info.split('\n').filter((line) => line.startsWith('inotify wd')).length;
    } catch {
      // Closed meanwhile.
    }
  }
  return count;
}

function statusMegabytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${String(pid)}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
}

const exec = promisify(execFile);
const git = (cwd: string, ...args: string[]) =>
  exec('git', args, { cwd, maxBuffer: 64 * 1024 * 1024 });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `count` clones of one repository holding the corpus under `docs/` (packed, as a clone is),
 * each synced into a space of its own (`push --merge`, four at a time).
 */
async function corpusFixtures(server: TestServer, dir: string, count: number): Promise<Fixture[]> {
  const source = join(dir, 'source');
  fs.mkdirSync(source, { recursive: true });
  fs.cpSync(join(CORPORA, CORPUS), join(source, DOCS), { recursive: true });
  await git(source, 'init', '--quiet', '--initial-branch=main');
  await git(source, 'add', '--all');
  await git(
    source,
    '-c',
    'user.name=Bench',
    '-c',
    'user.email=bench@example.test',
    'commit',
    '--quiet',
    '--message',
    `${CORPUS} as of the corpus`,
  );
  await git(source, 'gc', '--quiet');
  const fixtures: Fixture[] = [];
  for (let i = 0; i < count; i++) {
    const path = join(dir, `repo-${String(i)}`);
    await git(dir, 'clone', '--quiet', '--local', source, path);
    await git(path, 'config', 'user.name', 'Bench');
    await git(path, 'config', 'user.email', 'bench@example.test');
    fixtures.push({ repo: openRepo(path), space: '' });
  }
  const queue = [...fixtures];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let fixture = queue.shift(); fixture !== undefined; fixture = queue.shift()) {
        const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
          body: { title: fixture.repo.dir },
        });
        fixture.space = (made.body as { id: string }).id;
        const pushed = await push(contextFor(server, fixture.repo, fixture.space), { merge: true });
        if (pushed.outcome !== 'pushed') throw new Error(`setup push: ${pushed.outcome}`);
      }
    }),
  );
  return fixtures;
}

/** A {@link GitRepo} over an existing clone (what the benchmark's edits need of one). */
function openRepo(dir: string): GitRepo {
  return {
    dir,
    tempDir: undefined as never,
    async writeFiles(files) {
      for (const [path, content] of Object.entries(files))
        await fs.promises.writeFile(join(dir, path), content);
      await git(dir, 'add', '--', ...Object.keys(files));
    },
    removeFiles: () => Promise.reject(new Error('not used by the benchmark')),
    async commit(message) {
      await git(dir, 'commit', '--quiet', '--message', message);
      return (await git(dir, 'rev-parse', 'HEAD')).stdout.trim();
    },
    branch: () => Promise.reject(new Error('not used by the benchmark')),
    checkout: () => Promise.reject(new Error('not used by the benchmark')),
    async resolve(ref = 'HEAD') {
      return (await git(dir, 'rev-parse', ref)).stdout.trim();
    },
    remove: () => fs.promises.rm(dir, { recursive: true, force: true }),
  };
}

/** Appends a line to a page of the corpus in every repository, commits, and returns the heads. */
async function editEvery(fixtures: readonly Fixture[], round: string): Promise<string[]> {
  return Promise.all(
    fixtures.map(async (fixture) => {
      const path = join(fixture.repo.dir, DOCS, EDITED_PAGE);
      const text = await readFile(path, 'utf8');
      await fixture.repo.writeFiles({ [`${DOCS}/${EDITED_PAGE}`]: `${text}\n${round}\n` });
      return fixture.repo.commit(round);
    }),
  );
}

interface MemoryFigures {
  daemon: string;
  count: number;
  startedRss: number;
  settledRss: number;
  afterRoundRss: number;
  settledAfterRoundRss: number;
  peakRss: number;
  idleCpuPercent: number;
  watches: number;
  roundSeconds: number;
}

/** Runs one daemon (`bin`) over `fixtures` through start-up, settle, a round of edits, settle. */
async function measureMemory(
  server: TestServer,
  dir: string,
  fixtures: readonly Fixture[],
  daemonName: string,
  bin: string,
): Promise<MemoryFigures> {
  const daemon = await startDaemon(dir, server, fixtures, '5s', bin);
  try {
    const startedRss = rssMegabytes(daemon.pid);
    const cpuBefore = cpuSeconds(daemon.pid);
    const idleStarted = performance.now();
    await sleep(SETTLE_S * 1000);
    const idleCpu = cpuSeconds(daemon.pid) - cpuBefore;
    const idleWall = (performance.now() - idleStarted) / 1000;
    const settledRss = rssMegabytes(daemon.pid);
    const watches = inotifyWatches(daemon.pid);
    const roundStarted = performance.now();
    const heads = new Set(await editEvery(fixtures, `Edited under ${daemonName}.`));
    while (heads.size > 0) {
      const line = await daemon.waitForLog(
        (l) => l.event === 'synced' && heads.has(String(l['head'])),
        { past: true, timeoutMs: 300_000 },
      );
      heads.delete(String(line['head']));
    }
    const roundSeconds = (performance.now() - roundStarted) / 1000;
    const afterRoundRss = rssMegabytes(daemon.pid);
    await sleep(SETTLE_S * 1000);
    return {
      daemon: daemonName,
      count: fixtures.length,
      startedRss,
      settledRss,
      afterRoundRss,
      settledAfterRoundRss: rssMegabytes(daemon.pid),
      peakRss: statusMegabytes(daemon.pid, 'VmHWM'),
      idleCpuPercent: (idleCpu / idleWall) * 100,
      watches,
      roundSeconds,
    };
  } finally {
    await daemon.stop();
  }
}

/**
 * The daemon of git ref `ref` (its `apps/daemon/src`), bundled by esbuild into this checkout's
 * `apps/daemon/node_modules/.cache` so that its packages resolve to this checkout's; undefined
 * for `none`.
 */
async function baselineDaemon(ref: string): Promise<string | undefined> {
  if (ref === 'none') return undefined;
  const root = join(import.meta.dirname, '..', '..');
  const commit = (await git(root, 'rev-parse', '--short', ref)).stdout.trim();
  // Inside apps/daemon, so that its packages resolve as the daemon's own do (chokidar is the
  // daemon's alone).
  const out = join(root, 'apps', 'daemon', 'node_modules', '.cache', `bench-daemon-${commit}`);
  fs.rmSync(out, { recursive: true, force: true });
  fs.mkdirSync(out, { recursive: true });
  await exec('sh', ['-c', `git archive ${commit} apps/daemon/src | tar -x -C "${out}"`], {
    cwd: root,
  });
  await exec(join(root, 'node_modules', '.bin', 'esbuild'), [
    join(out, 'apps', 'daemon', 'src', 'bin.ts'),
    '--bundle',
    '--platform=node',
    '--format=esm',
    '--packages=external',
    '--log-level=warning',
    `--outfile=${join(out, 'bin.js')}`,
  ]);
  return join(out, 'bin.js');
}

/**
 * What chokidar costs per repository, in a child process (so the figures are chokidar's alone):
 * watching the refs only, and the refs and the docs tree, of `count` of the fixtures.
 */
async function measureWatchCost(fixtures: readonly Fixture[]): Promise<string[]> {
  const script = `
    import { watch } from 'chokidar';
    import { readFileSync, readdirSync } from 'node:fs';
    import { join, sep } from 'node:path';
    const [mode, ...dirs] = process.argv.slice(1);
    const rss = () => Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
    const before = rss();
    const watchers = [];
    for (const dir of dirs) {
      const gitDir = join(dir, '.git'), heads = join(gitDir, 'refs', 'heads');
      const wanted = new Set([gitDir, join(gitDir, 'HEAD'), join(gitDir, 'packed-refs'), join(gitDir, 'refs'), heads]);
      const ignored = (p) => (p === gitDir || p.startsWith(gitDir + sep)) && (!(wanted.has(p) || p.startsWith(heads + sep)) || p.endsWith('.lock'));
      const w = watch(mode === 'tree' ? [gitDir, join(dir, '${DOCS}')] : [gitDir], { ignoreInitial: true, ignored, usePolling: false });
      await new Promise((resolve) => w.once('ready', resolve));
      watchers.push(w);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    let wd = 0;
    for (const fd of readdirSync('/proc/self/fd'))
      try { wd += readFileSync('/proc/self/fdinfo/' + fd, 'utf8').split('\\n').filter((l) => l.startsWith('inotify wd')).length; } catch {}
    console.log(JSON.stringify({ mb: rss() - before, wd }));
    await Promise.all(watchers.map((w) => w.close()));
  `;
  const cwd = join(import.meta.dirname, '..', '..', 'apps', 'daemon');
  const rows: string[] = [];
  for (const mode of ['refs', 'tree'] as const) {
    const { stdout } = await exec(
      process.execPath,
      ['--input-type=module', '-e', script, mode, ...fixtures.map((f) => f.repo.dir)],
      { cwd },
    );
    const { mb, wd } = JSON.parse(stdout) as { mb: number; wd: number };
    rows.push(
      `${(mode === 'refs' ? 'refs only (the daemon now)' : 'refs and the docs tree (before)').padEnd(34)} ${mb.toFixed(1).padStart(8)} ${(mb / fixtures.length).toFixed(2).padStart(10)} ${String(wd).padStart(9)} ${(wd / fixtures.length).toFixed(0).padStart(10)}`,
    );
  }
  return [
    `### Watching ${String(fixtures.length)} repositories (chokidar alone, in a child process)`,
    `${'watch'.padEnd(34)} ${'RSS MB'.padStart(8)} ${'MB / repo'.padStart(10)} ${'watches'.padStart(9)} ${'per repo'.padStart(10)}`,
    ...rows,
    '',
  ];
}

function memoryRows(figures: readonly MemoryFigures[]): string[] {
  const baseline = (count: number) =>
    figures.find((f) => f.count === count && f.daemon === BASELINE);
  return [
    `### Resident memory (${CORPUS} clones, settle ${String(SETTLE_S)} s, poll interval 5 s)`,
    `${'daemon'.padEnd(14)} ${'repos'.padStart(5)} ${'started'.padStart(8)} ${'settled'.padStart(8)} ${'round'.padStart(8)} ${'settled'.padStart(8)} ${'peak'.padStart(8)} ${'vs base'.padStart(8)} ${'idle CPU%'.padStart(9)} ${'watches'.padStart(8)} ${'round s'.padStart(8)}`,
    ...figures.map((f) => {
      const base = baseline(f.count);
      const ratio =
        base === undefined || base === f
          ? ''
          : `${(f.settledAfterRoundRss / base.settledAfterRoundRss).toFixed(2)}×`;
      return `${f.daemon.padEnd(14)} ${String(f.count).padStart(5)} ${f.startedRss.toFixed(1).padStart(8)} ${f.settledRss.toFixed(1).padStart(8)} ${f.afterRoundRss.toFixed(1).padStart(8)} ${f.settledAfterRoundRss.toFixed(1).padStart(8)} ${f.peakRss.toFixed(1).padStart(8)} ${ratio.padStart(8)} ${f.idleCpuPercent.toFixed(2).padStart(9)} ${String(f.watches).padStart(8)} ${f.roundSeconds.toFixed(1).padStart(8)}`;
    }),
    'RSS in MB: at start (healthy: the start-up round done), after settling, right after a round of',
    'cycles (a commit in every repository, each pushed), after settling again; peak is VmHWM.',
    'Target: at most 200 MB resident for 100 repositories.',
    '',
  ];
}

/** Runs the daemon cases and returns the report. */
export async function report(): Promise<string> {
  process.env['TMPDIR'] = benchTempDir();
  const server = await startTestServer();
  const dir = await makeTempDir('bench-daemon');
  try {
    const out = [
      '## Daemon: the real process against the real server (SQLite, loopback)',
      `Temporary files under ${benchTempDir()}.`,
      '',
      ...(await measureLatency(server, dir.path)),
    ];
    const counts = REPOS.toSorted((a, b) => a - b);
    const largest = counts.at(-1) ?? 0;
    const setupStarted = performance.now();
    const fixtures = await corpusFixtures(server, join(dir.path, 'repos'), largest);
    out.push(
      `${String(largest)} clones of ${CORPUS} set up and synced in ${((performance.now() - setupStarted) / 1000).toFixed(0)} s.`,
      '',
      ...(await measureWatchCost(fixtures)),
    );
    const baseline = await baselineDaemon(BASELINE);
    const figures: MemoryFigures[] = [];
    for (const count of counts) {
      const some = fixtures.slice(0, count);
      const runs: [string, string | undefined][] = [
        [BASELINE, baseline],
        ['this branch', DAEMON_BIN],
      ];
      for (const [name, bin] of runs) {
        if (bin === undefined) continue;
        // Each daemon its own config and state directory.
        const sub = join(dir.path, `memory-${String(count)}-${String(figures.length)}`);
        fs.mkdirSync(sub);
        figures.push(await measureMemory(server, sub, some, name, bin));
      }
    }
    out.push(...memoryRows(figures));
    return out.join('\n');
  } finally {
    await dir.remove();
    await server.close();
  }
}
