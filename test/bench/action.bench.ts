/**
 * The GitHub Action (issue #10) on a published site of 1,000 pages: the bundled entry point run as
 * a runner runs it (a child process with `INPUT_*`/`GITHUB_*`, a real workspace whose `origin` is
 * a bare repository behind `git http-backend`), against the real server (SQLite in a data
 * directory, loopback, in this process). Reported per case: wall time and the action process's
 * peak RSS (`process.resourceUsage().maxRSS` at its exit). Baseline in the same run: git itself
 * writing, committing and pushing the same files (`git add -A && git commit && git push` in a
 * fresh clone of the same remote).
 *
 * Size: `BENCH_ACTION_PAGES` (default 1,000). `BENCH_ACTION_ENTRY` runs another bundle than the
 * committed `apps/action/dist/index.js` (a copy of another branch's, to compare in the same
 * conditions).
 */
import { execFile, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { push } from '@docsync/sync';
import {
  ACTION_ENTRY,
  authConfig,
  cloneWorkspace,
  parseOutputFile,
} from '../../apps/action/src/testing/action-harness.ts';
import { startGitHttpRemote } from '../../apps/action/src/testing/git-http-remote.ts';
import { benchTempDir, startBenchServer } from './bench-server.ts';
import { canonicalFiles, git, writeFiles } from './generate-space.ts';

const exec = promisify(execFile);
const pages = Number(process.env['BENCH_ACTION_PAGES'] ?? 1000);
const GITHUB_TOKEN = 'ghs_bench';
const entry = process.env['BENCH_ACTION_ENTRY'] ?? ACTION_ENTRY;

/** One run of the bundled entry point: wall time, its peak RSS, its outputs. */
async function runEntry(env: Record<string, string>, probe: string, outputFile: string) {
  await writeFile(outputFile, '');
  const start = performance.now();
  const child = spawn(process.execPath, ['--import', probe, entry], {
    env: { PATH: process.env['PATH'] ?? '', GITHUB_OUTPUT: outputFile, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const ms = performance.now() - start;
  if (code !== 0) throw new Error(`the action failed (${String(code)}): ${stdout}${stderr}`);
  const rssKb = Number(/maxrss=(\d+)/.exec(stderr)?.[1] ?? 0);
  return { ms, rssMb: rssKb / 1024, outputs: parseOutputFile(await readFile(outputFile, 'utf8')) };
}

/** Measures the cases and returns the table (see {@link measure}). */
export async function report(): Promise<string> {
  // Everything on the tmpfs where there is one (the harness's clones and remotes go to tmpdir()).
  const tmpdirBefore = process.env['TMPDIR'];
  process.env['TMPDIR'] = benchTempDir();
  try {
    return await measure();
  } finally {
    if (tmpdirBefore === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = tmpdirBefore;
  }
}

async function measure(): Promise<string> {
  const bench = await startBenchServer('action', {}, { tmpfs: true });
  const { root, baseUrl, client } = bench;
  const init = { token: bench.token, organizationId: bench.organizationId };
  const remote = await startGitHttpRemote({ username: 'x-access-token', password: GITHUB_TOKEN });
  try {
    const space = await client.api.request('createSpace', {
      params: { organizationId: init.organizationId },
      body: { title: `Bench ${String(pages)}` },
    });

    // The space's content: the canonical tree pushed from a repository (untimed setup).
    const source = join(root, 'source');
    const files = canonicalFiles(pages);
    await writeFiles(join(source, 'docs'), files);
    await git(source, 'init', '-q', '-b', 'main');
    await git(source, 'add', '-A');
    await git(source, 'commit', '-q', '-m', 'Generated docs');
    const config = { url: baseUrl, space: space.id, branch: 'main', dir: 'docs' };
    await push({ fs, dir: source, config, client }, { merge: true });
    const site = (await client.api.request('createSite', {
      params: { organizationId: init.organizationId },
      body: { title: 'Bench site', spaces: [space.id] },
    })) as { id: string };
    const totalBytes = files.reduce((sum, file) => sum + file.bytes.byteLength, 0);
    console.error(
      `  ${String(files.length)} files (${(totalBytes / 1e6).toFixed(1)} MB) published`,
    );

    const rows: string[][] = [];
    const row = (name: string, ms: number, rss: string, note: string) => {
      rows.push([name, ms.toFixed(0), rss, note]);
      console.error(`  ${name}: ${ms.toFixed(0)} ms`);
    };

    // Baseline: git writing, committing and pushing the same files (no service reads).
    const plain = await cloneWorkspace(remote, GITHUB_TOKEN, { 'README.md': '# Bench\n' });
    const start = performance.now();
    await writeFiles(join(plain.path, 'docs'), files);
    await git(plain.path, 'add', '-A');
    await git(plain.path, 'commit', '-q', '-m', 'Publish');
    await git(
      plain.path,
      ...authConfig(GITHUB_TOKEN),
      'push',
      '-q',
      'origin',
      'HEAD:refs/heads/plain',
    );
    row('baseline: fs writes + git add/commit/push', performance.now() - start, '', 'git binary');
    await plain.remove();
    // The action's workspace: a clone of the same remote (main holds only README.md).
    const workspace = join(root, 'workspace');
    await exec('git', [...authConfig(GITHUB_TOKEN), 'clone', '-q', remote.url, workspace]);
    const probe = join(root, 'probe.mjs');
    await writeFile(
      probe,
      "process.on('exit', () => process.stderr.write(`maxrss=${process.resourceUsage().maxRSS}\\n`));\n",
    );
    const env = {
      GITHUB_WORKSPACE: workspace,
      GITHUB_REPOSITORY: 'bench/bench',
      INPUT_URL: baseUrl,
      INPUT_TOKEN: init.token,
      'INPUT_GITHUB-TOKEN': GITHUB_TOKEN,
      INPUT_SITE: site.id,
      INPUT_PATH: 'docs',
    };
    const output = join(root, 'output');
    const first = await runEntry(env, probe, output);
    row(
      'action: first run (export, commit, push)',
      first.ms,
      first.rssMb.toFixed(0),
      `${first.outputs['files-changed'] ?? '?'} files, ${first.outputs['pages-changed'] ?? '?'} pages`,
    );
    const second = await runEntry(env, probe, output);
    row(
      'action: second run, nothing new',
      second.ms,
      second.rssMb.toFixed(0),
      `changed=${second.outputs['changed'] ?? '?'}`,
    );

    // One page edited and published in the service, then the action again.
    const pagePath = files.map((f) => f.path).find((p) => /(?<!SUMMARY|README)\.md$/.test(p)) ?? '';
    const edited = join(source, 'docs', pagePath);
    await writeFile(edited, `${await readFile(edited, 'utf8')}\nEdited in the service.\n`);
    await git(source, 'commit', '-q', '-am', 'Edit one page');
    await push({ fs, dir: source, config, client }, { merge: true });
    const third = await runEntry(env, probe, output);
    row(
      'action: one page changed in the service',
      third.ms,
      third.rssMb.toFixed(0),
      `${third.outputs['pages-changed'] ?? '?'} page`,
    );

    const header = ['case', 'ms', 'peak RSS MB', 'note'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
    const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
    return [
      `## Action: a published site of ${String(pages)} pages (${String(files.length)} files) into a repository`,
      line(header),
      line(widths.map((w) => '-'.repeat(w))),
      ...rows.map(line),
      'One run each (the action changes the repository); the server shares this process, the action is a child process. ' +
        `Temporary files (server data, remote, workspace) under ${benchTempDir()}.` +
        (entry === ACTION_ENTRY ? '' : ` Bundle: ${entry}.`),
      '',
    ].join('\n');
  } finally {
    await remote.close();
    await bench.close();
  }
}
