/**
 * The daemon (`apps/daemon`, the real process) against the real server (SQLite, loopback):
 *
 * - latency from a commit to its change request holding it (the daemon's `synced` line for that
 *   commit, checked against the server), p50 and p95 over `BENCH_DAEMON_COMMITS` commits (default
 *   15), with the debounce shown apart; beside it, in the same run, `push` called in-process for
 *   the same kind of commit (the sync work alone, without watching, debounce or process);
 * - idle CPU (utime + stime from `/proc/<pid>/stat` over `BENCH_DAEMON_IDLE_S` seconds, default
 *   15, with a 5 s poll interval so the window holds polls of every repository) and resident
 *   memory (`VmRSS`) with 1 and with 20 repositories watched.
 *
 * Targets (issue #9): p50 under 2 s after the debounce; idle CPU near zero; under 150 MB
 * resident for 20 repositories. The machine is shared, so read the ratios more than the figures.
 */
import * as fs from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '@docsync/server/testing';
import { createSyncClient, push, type SyncContext } from '@docsync/sync';
import { createGitRepo, makeTempDir, type GitRepo } from '@docsync/test-utils';
import {
  spawnDaemon,
  writeDaemonConfig,
  type DaemonProcess,
} from '../../apps/daemon/dist/testing/daemon-process.js';

const COMMITS = Number(process.env['BENCH_DAEMON_COMMITS'] ?? 15);
const IDLE_S = Number(process.env['BENCH_DAEMON_IDLE_S'] ?? 15);
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
  const daemon = spawnDaemon(config);
  const admin = await daemon.adminUrl();
  // Healthy: every repository finished its start-up cycle.
  for (;;) {
    if ((await fetch(`${admin}/healthz`)).status === 200) return daemon;
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

async function measureIdle(server: TestServer, dir: string, count: number) {
  const fixtures: Fixture[] = [];
  for (let i = 0; i < count; i++) fixtures.push(await syncedRepo(server, `idle-${String(i)}`));
  const daemon = await startDaemon(dir, server, fixtures, '5s');
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const before = cpuSeconds(daemon.pid);
    const started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, IDLE_S * 1000));
    const cpu = cpuSeconds(daemon.pid) - before;
    const wall = (performance.now() - started) / 1000;
    return {
      count,
      cpuPercent: (cpu / wall) * 100,
      cpuMs: cpu * 1000,
      rss: rssMegabytes(daemon.pid),
    };
  } finally {
    await daemon.stop();
    for (const fixture of fixtures) await fixture.repo.remove();
  }
}

/** Runs the daemon cases and returns the report. */
export async function report(): Promise<string> {
  const server = await startTestServer();
  const dir = await makeTempDir('bench-daemon');
  try {
    const out = [
      '## Daemon: the real process against the real server (SQLite, loopback)',
      '',
      ...(await measureLatency(server, dir.path)),
    ];
    const idle = [];
    for (const count of [1, 20]) {
      const sub = join(dir.path, `idle-${String(count)}`);
      fs.mkdirSync(sub);
      idle.push(await measureIdle(server, sub, count));
    }
    const [one, twenty] = idle;
    out.push(
      `### Idle (${String(IDLE_S)} s, poll interval 5 s)`,
      `${'repositories'.padEnd(14)} ${'CPU %'.padStart(8)} ${'CPU ms'.padStart(8)} ${'RSS MB'.padStart(8)}`,
      ...idle.map(
        (r) =>
          `${String(r.count).padEnd(14)} ${r.cpuPercent.toFixed(2).padStart(8)} ${r.cpuMs.toFixed(0).padStart(8)} ${r.rss.toFixed(1).padStart(8)}`,
      ),
      one !== undefined && twenty !== undefined
        ? `20 vs 1 repository: RSS ${(twenty.rss / one.rss).toFixed(2)}×, idle CPU time ${(twenty.cpuMs / Math.max(one.cpuMs, 1)).toFixed(1)}×`
        : '',
      'Targets: p50 under 2,000 ms after the debounce; idle CPU near zero; under 150 MB resident for 20 repositories.',
      '',
    );
    return out.join('\n');
  } finally {
    await dir.remove();
    await server.close();
  }
}
