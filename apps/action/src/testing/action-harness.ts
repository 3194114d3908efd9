import { execFile, spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import type { GitHttpRemote } from './git-http-remote.js';

const exec = promisify(execFile);

/** The committed bundle: what a runner runs. */
export const ACTION_ENTRY = fileURLToPath(new URL('../../dist/index.js', import.meta.url));

/** `git <args>` in `dir` (async: the remote's HTTP server runs in this process). */
export async function git(dir: string, ...args: string[]): Promise<string> {
  const { stdout } = await exec('git', ['-C', dir, ...args], { maxBuffer: 64 * 1024 * 1024 });
  return stdout.trim();
}

/** `-c http.extraHeader=…` with the remote's credentials, as actions/checkout configures them. */
export function authConfig(token: string): string[] {
  const basic = Buffer.from(`x-access-token:${token}`).toString('base64');
  return ['-c', `http.extraHeader=Authorization: Basic ${basic}`];
}

/**
 * Seeds the remote's `main` with a commit of `files`, then clones it into a new workspace whose
 * `origin` is the remote's plain URL (no credentials), with `main` checked out, as
 * actions/checkout leaves a runner's workspace.
 */
export async function cloneWorkspace(
  remote: GitHttpRemote,
  token: string,
  files: Record<string, string>,
): Promise<TempDir> {
  const seed = await makeTempDir('action-seed');
  await git(seed.path, 'init', '--quiet', '--initial-branch=main');
  for (const [path, text] of Object.entries(files)) await seed.write(path, text);
  await git(seed.path, 'add', '.');
  await git(
    seed.path,
    '-c',
    'user.name=Repo Owner',
    '-c',
    'user.email=owner@example.test',
    'commit',
    '--quiet',
    '-m',
    'Initial commit',
  );
  await git(seed.path, ...authConfig(token), 'push', '--quiet', remote.url, 'main');
  await seed.remove();
  const workspace = await makeTempDir('action-workspace');
  await exec('git', [...authConfig(token), 'clone', '--quiet', remote.url, workspace.path]);
  return workspace;
}

/** What one run of the action's entry point printed, returned and output. */
export interface ActionRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  /** What the step wrote to `$GITHUB_STEP_SUMMARY` (markdown and HTML, as the runner shows it). */
  summary: string;
}

/** Reads `$GITHUB_OUTPUT`'s `name<<delimiter` blocks. */
export function parseOutputFile(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const match = /^([^<]+)<<(.+)$/.exec(lines[index] ?? '');
    if (match?.[1] === undefined || match[2] === undefined) continue;
    const value: string[] = [];
    for (index += 1; index < lines.length && lines[index] !== match[2]; index += 1)
      value.push(lines[index] ?? '');
    outputs[match[1]] = value.join('\n');
  }
  return outputs;
}

/**
 * Runs the bundled entry point as a runner does: a child process with `INPUT_*` and `GITHUB_*`
 * variables (and nothing else of this process's environment but `PATH`), `$GITHUB_OUTPUT` and
 * `$GITHUB_STEP_SUMMARY` fresh files.
 */
export async function runActionEntry(env: Record<string, string>): Promise<ActionRun> {
  const dir = await makeTempDir('action-run');
  const outputFile = dir.join('output');
  const summaryFile = dir.join('summary');
  await writeFile(outputFile, '');
  await writeFile(summaryFile, '');
  try {
    const child = spawn(process.execPath, [ACTION_ENTRY], {
      env: {
        PATH: process.env['PATH'] ?? '',
        GITHUB_OUTPUT: outputFile,
        GITHUB_STEP_SUMMARY: summaryFile,
        ...env,
      },
      cwd: env['GITHUB_WORKSPACE'] ?? dir.path,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    const outputs = parseOutputFile(await readFile(outputFile, 'utf8'));
    return { code, stdout, stderr, outputs, summary: await readFile(summaryFile, 'utf8') };
  } finally {
    await dir.remove();
  }
}

/** One request GitHub's REST API stand-in received. */
export interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  body: unknown;
}

/** A loopback stand-in for the few pull-request endpoints of GitHub's REST API. */
export interface GitHubStandIn {
  /** `http://127.0.0.1:<port>`, for `GITHUB_API_URL`. */
  readonly url: string;
  readonly requests: RecordedRequest[];
  /** Pull requests opened so far. */
  readonly pulls: { number: number; head: string; base: string; title: string; body: string }[];
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString();
  return text === '' ? undefined : (JSON.parse(text) as unknown);
}

/**
 * Answers `GET /repos/{o}/{r}/pulls?head=&state=open`, `POST /repos/{o}/{r}/pulls` and `PATCH
 * /repos/{o}/{r}/pulls/{n}` for `repository` as GitHub documents them, keeping the pull requests
 * in memory and recording every request; anything else is a 404.
 */
export async function startGitHubStandIn(repository: string): Promise<GitHubStandIn> {
  const requests: RecordedRequest[] = [];
  const pulls: GitHubStandIn['pulls'] = [];
  const [owner] = repository.split('/');
  const base = `/repos/${repository}/pulls`;
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      const body = await bodyOf(request);
      requests.push({
        method: request.method ?? '',
        path: `${url.pathname}${url.search}`,
        authorization: request.headers.authorization,
        body,
      });
      const send = (status: number, value: unknown) =>
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(value));
      const resource = (pull: (typeof pulls)[number]) => ({
        number: pull.number,
        html_url: `https://github.test/${repository}/pull/${String(pull.number)}`,
        head: { ref: pull.head },
        base: { ref: pull.base },
        title: pull.title,
        state: 'open',
      });
      if (request.method === 'GET' && url.pathname === base) {
        const head = url.searchParams.get('head') ?? '';
        return send(
          200,
          pulls.filter((pull) => `${owner ?? ''}:${pull.head}` === head).map(resource),
        );
      }
      if (request.method === 'POST' && url.pathname === base) {
        const input = body as { head: string; base: string; title: string; body: string };
        const pull = { number: pulls.length + 1, ...input };
        pulls.push(pull);
        return send(201, resource(pull));
      }
      const patch = new RegExp(`^${base}/(\\d+)$`).exec(url.pathname);
      const existing = pulls.find((pull) => String(pull.number) === patch?.[1]);
      if (request.method === 'PATCH' && existing !== undefined) {
        Object.assign(existing, body as object);
        return send(200, resource(existing));
      }
      return send(404, { message: 'Not Found' });
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    requests,
    pulls,
    close: () =>
      new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      ),
  };
}
