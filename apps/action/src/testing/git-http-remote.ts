import { execFile, spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { makeTempDir, type TempDir } from '@docsync/test-utils';

const run = promisify(execFile);

/** A real bare repository served over HTTP by git's own `git http-backend`, as a code host does. */
export interface GitHttpRemote {
  /** `http://127.0.0.1:<port>/repo.git`: what `origin` points at. */
  readonly url: string;
  /** The bare repository on disk (for `git --git-dir` checks). */
  readonly gitdir: string;
  /** `git <args>` in the bare repository; its standard output, trimmed. */
  git(...args: string[]): Promise<string>;
  /** Requests that came without the expected `Authorization` (answered 401). */
  readonly refused: number;
  close(): Promise<void>;
}

/** Options of {@link startGitHttpRemote}. */
export interface GitHttpRemoteOptions {
  /** Basic credentials every request must carry (as GitHub wants `x-access-token:<token>`). */
  username: string;
  password: string;
  /** The bare repository's default branch. Default `main`. */
  defaultBranch?: string;
}

/** The CGI response of `git http-backend`: a header block, a blank line, then the body. */
function splitCgi(output: Buffer): { status: number; headers: [string, string][]; body: Buffer } {
  const end = output.indexOf('\r\n\r\n');
  const cut = end === -1 ? output.indexOf('\n\n') : end;
  const gap = end === -1 ? 2 : 4;
  const head = output.subarray(0, cut).toString('latin1');
  const headers: [string, string][] = [];
  let status = 200;
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon === -1) continue;
    const name = line.slice(0, colon).trim();
    const value = line.slice(colon + 1).trim();
    if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
    else headers.push([name, value]);
  }
  return { status, headers, body: output.subarray(cut + gap) };
}

async function serve(
  root: string,
  request: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env['PATH'] ?? '',
      GIT_PROJECT_ROOT: root,
      GIT_HTTP_EXPORT_ALL: '1',
      REMOTE_USER: 'action',
      REQUEST_METHOD: request.method ?? 'GET',
      PATH_INFO: url.pathname,
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: request.headers['content-type'] ?? '',
      CONTENT_LENGTH: String(Buffer.concat(chunks).byteLength),
      HTTP_CONTENT_ENCODING: request.headers['content-encoding'] ?? '',
      GIT_HTTP_MAX_REQUEST_BUFFER: '100M',
      ...(typeof request.headers['git-protocol'] === 'string'
        ? { GIT_PROTOCOL: request.headers['git-protocol'] }
        : {}),
    },
  });
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
  // git http-backend may answer and exit before reading all of a body (a refused request, one
  // it needs no input for): its exit code and output say so, the broken pipe says nothing more.
  child.stdin.on('error', () => undefined);
  child.stdin.end(Buffer.concat(chunks));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) {
    response
      .writeHead(500)
      .end(`git http-backend exited with ${String(code)}: ${Buffer.concat(err).toString()}`);
    return;
  }
  const cgi = splitCgi(Buffer.concat(out));
  response.writeHead(cgi.status, cgi.headers.flat());
  response.end(cgi.body);
}

/**
 * Starts a bare repository (`git init --bare`) behind a loopback HTTP server that runs
 * `git http-backend` for each request and wants Basic credentials, so pushes and fetches take
 * the smart HTTP path they take against GitHub. Needs the git binary (tests only).
 */
export async function startGitHttpRemote(options: GitHttpRemoteOptions): Promise<GitHttpRemote> {
  const dir: TempDir = await makeTempDir('git-remote');
  const gitdir = dir.join('repo.git');
  await run('git', [
    'init',
    '--quiet',
    '--bare',
    `--initial-branch=${options.defaultBranch ?? 'main'}`,
    gitdir,
  ]);
  await run('git', ['--git-dir', gitdir, 'config', 'http.receivepack', 'true']);
  const expected = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString('base64')}`;
  let refused = 0;
  const server = createServer((request, response) => {
    if (request.headers.authorization !== expected) {
      refused += 1;
      response.writeHead(401, { 'www-authenticate': 'Basic realm="git"' }).end();
      return;
    }
    serve(dir.path, request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}/repo.git`,
    gitdir,
    async git(...args) {
      const { stdout } = await run('git', ['--git-dir', gitdir, ...args]);
      return stdout.trim();
    },
    get refused() {
      return refused;
    },
    async close() {
      await new Promise<void>((resolve) =>
        server.close(() => {
          resolve();
        }),
      );
      await dir.remove();
    },
  };
}
