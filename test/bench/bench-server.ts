/**
 * The service as the benchmarks run it: the embedded default (SQLite and blobs in a data
 * directory under a fresh temporary root) on a loopback port, with an admin token and one space.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createLogger,
  createServer,
  DirectoryBlobStore,
  initServer,
  openDatabase,
} from '@docsync/server';
import { gitBlobId, type TreeFile } from '@docsync/core';
import { createSyncClient, type SyncClient, type SyncClientOptions } from '@docsync/sync';

/** A running bench server and what a case needs to talk to it. */
export interface BenchServer {
  /** The temporary directory holding the data directory; cases may put their own files there. */
  root: string;
  baseUrl: string;
  token: string;
  organizationId: string;
  /** A client with the admin token. */
  client: SyncClient;
  /** Creates a space in the organization and returns its id. */
  createSpace(title: string): Promise<string>;
  /** Stops the server, closes the database and removes the root. */
  close(): Promise<void>;
}

/**
 * Where a benchmark's temporary files go: the tmpfs at `/dev/shm` when there is one (on a shared
 * disk a `git clone --local` baseline swings tenfold between runs, which hides real ratios), else
 * the system's temporary directory. Benchmarks say which in their output.
 */
export function benchTempDir(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/** Options of {@link startBenchServer}. */
export interface BenchServerOptions {
  /** Put the root under {@link benchTempDir} (a tmpfs where there is one) instead of `tmpdir()`. */
  tmpfs?: boolean;
  /** Adds routes of the benchmark's own (a baseline) before the server listens. */
  beforeListen?: (app: ReturnType<typeof createServer>) => void;
  /**
   * Run the service as its users do, `docsync serve` in a process of its own (the CLI as built),
   * instead of in the benchmark's process: the client's work and heap then do not share an event
   * loop and a garbage collector with the server's. Not with `beforeListen`.
   */
  ownProcess?: boolean;
}

/** The CLI as built (`npm run build`), which `ownProcess` runs. */
const CLI = fileURLToPath(new URL('../../apps/cli/dist/bin.js', import.meta.url));

/** What `docsync serve` printed on its first run: its address, the admin token, the organization. */
interface Served {
  baseUrl: string;
  token: string;
  organizationId: string;
}

/**
 * Starts `docsync serve` on a free loopback port with its data in `dataDir` (SQLite, the embedded
 * default: no `DATABASE_URL` passed on) and reads its first-run lines from standard error.
 */
async function serveInOwnProcess(
  dataDir: string,
): Promise<{ served: Served; child: ChildProcess }> {
  const env = { ...process.env };
  delete env['DATABASE_URL'];
  delete env['DOCSYNC_BLOB_STORE'];
  const child = spawn(
    process.execPath,
    [CLI, 'serve', '--port', '0', '--data', dataDir, '--log-format', 'json'],
    { env, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  const served = await new Promise<Served>((resolve, reject) => {
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
      const token = /admin API token \(shown only this once\): (\S+)/.exec(stderr)?.[1];
      const organizationId = /created organization (\S+) and its admin/.exec(stderr)?.[1];
      const baseUrl = /serving on (http:\/\/\S+)/.exec(stderr)?.[1];
      if (token !== undefined && organizationId !== undefined && baseUrl !== undefined)
        resolve({ baseUrl, token, organizationId });
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      reject(new Error(`docsync serve exited (${String(code)}) before serving:\n${stderr}`));
    });
  });
  return { served, child };
}

/** Asks `child` to stop (the CLI stops cleanly on SIGTERM) and waits until it has. */
async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  child.kill('SIGTERM');
  await exited;
}

/** Starts the service in a new temporary directory named after `name`. */
export async function startBenchServer(
  name: string,
  clientOptions: Partial<SyncClientOptions> = {},
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const parent = options.tmpfs === true ? benchTempDir() : tmpdir();
  const root = await mkdtemp(join(parent, `docsync-${name}-bench-`));
  if (options.ownProcess === true) return startOwnProcess(root, clientOptions);
  const database = await openDatabase({ dataDir: join(root, 'data') });
  const server = createServer({
    db: database.db,
    changes: database.changes,
    blobs: new DirectoryBlobStore(join(root, 'data', 'blobs')),
    logger: createLogger({ level: 'silent' }),
  });
  const close = async () => {
    await server.close();
    await database.close();
    // Retries: a git the cases ran may still be finishing background work in a repository there.
    await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  try {
    const init = await initServer(database.db, { adminEmail: 'bench@example.com' });
    options.beforeListen?.(server);
    await server.listen({ host: '127.0.0.1', port: 0 });
    const baseUrl = `http://127.0.0.1:${String((server.server.address() as AddressInfo).port)}`;
    return benchServer(root, { baseUrl, ...init }, clientOptions, close);
  } catch (error) {
    await close();
    throw error;
  }
}

/** {@link startBenchServer} with `ownProcess`. */
async function startOwnProcess(
  root: string,
  clientOptions: Partial<SyncClientOptions>,
): Promise<BenchServer> {
  let child: ChildProcess | undefined;
  const close = async () => {
    if (child !== undefined) await stopProcess(child);
    await rm(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  };
  try {
    const started = await serveInOwnProcess(join(root, 'data'));
    child = started.child;
    return benchServer(root, started.served, clientOptions, close);
  } catch (error) {
    await close();
    throw error;
  }
}

/** The {@link BenchServer} of a service listening at `served.baseUrl`. */
function benchServer(
  root: string,
  served: Served,
  clientOptions: Partial<SyncClientOptions>,
  close: () => Promise<void>,
): BenchServer {
  const client = createSyncClient({
    ...clientOptions,
    baseUrl: served.baseUrl,
    token: served.token,
  });
  return {
    root,
    ...served,
    client,
    async createSpace(title) {
      const space = await client.api.request('createSpace', {
        params: { organizationId: served.organizationId },
        body: { title },
      });
      return space.id;
    },
    close,
  };
}

/** A page of a revision's page tree, as far as the benchmarks walk it. */
interface PageNode {
  id: string;
  type: string;
  pages?: unknown;
}

/** The ids of the document pages of a page tree, depth first. */
export function documentPageIds(pages: readonly PageNode[]): string[] {
  const ids: string[] = [];
  const walk = (list: readonly PageNode[]) => {
    for (const page of list) {
      if (page.type === 'document') ids.push(page.id);
      walk((page.pages ?? []) as PageNode[]);
    }
  };
  walk(pages);
  return ids;
}

/** Uploads the bytes the service lacks, in batches under the body limit. */
export async function uploadBlobs(
  client: SyncClient,
  spaceId: string,
  blobs: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
  const oids = [...blobs.keys()];
  const missing: string[] = [];
  for (let start = 0; start < oids.length; start += 10_000) {
    const answer = await client.api.request('findMissingGitBlobs', {
      params: { spaceId },
      body: { oids: oids.slice(start, start + 10_000) },
    });
    missing.push(...answer.missing);
  }
  let batch: { oid: string; base64: string }[] = [];
  let size = 0;
  for (const oid of missing) {
    const bytes = blobs.get(oid);
    if (bytes === undefined) continue;
    batch.push({ oid, base64: Buffer.from(bytes).toString('base64') });
    size += bytes.byteLength;
    if (batch.length >= 500 || size > 3_000_000) {
      await client.api.request('uploadGitBlobs', { params: { spaceId }, body: { blobs: batch } });
      batch = [];
      size = 0;
    }
  }
  if (batch.length > 0)
    await client.api.request('uploadGitBlobs', { params: { spaceId }, body: { blobs: batch } });
}

/** The median of some figures (0 for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A generated tree kept in step with a bench space: imported as commits, edited a page at a time. */
export interface BenchTree {
  /** The files as they are now (edits replace entries). */
  files: TreeFile[];
  /** Imports the files into the space as the next commit. */
  importTree: () => Promise<void>;
  /** Appends a paragraph to a page file picked by `n` (another one for each n) and uploads it. */
  editPage: (n: number) => Promise<void>;
}

/** Uploads a generated tree's blobs into the space; the tree to import and edit. */
export async function benchTree(
  client: SyncClient,
  spaceId: string,
  generated: { files: readonly TreeFile[]; bytes: readonly Uint8Array[] },
): Promise<BenchTree> {
  const files: TreeFile[] = [...generated.files];
  await uploadBlobs(
    client,
    spaceId,
    new Map(files.map((file, index) => [file.oid, generated.bytes[index] as Uint8Array])),
  );
  let commits = 0;
  const pagePaths = files
    .map((file, index) => ({ file, index }))
    .filter(({ file }) => file.path.endsWith('.md') && file.path !== 'SUMMARY.md');
  return {
    files,
    importTree: async () => {
      commits += 1;
      await client.api.request('importGitRepository', {
        params: { spaceId },
        timeoutMs: 0,
        body: {
          tree: files.map((file) => ({ path: file.path, oid: file.oid })),
          commit: {
            oid: gitBlobId(`commit ${String(commits)}`),
            message: `Commit ${String(commits)}`,
          },
        },
      });
    },
    editPage: async (n) => {
      const at = (n * 7919) % pagePaths.length;
      const entry = pagePaths[at];
      if (entry === undefined) throw new Error('no page to edit');
      const text = `${entry.file.text ?? ''}\nEdit ${String(n)}.\n`;
      const bytes = Buffer.from(text);
      const oid = gitBlobId(bytes);
      files[entry.index] = { path: entry.file.path, oid, size: bytes.byteLength, text };
      pagePaths[at] = { file: files[entry.index] as TreeFile, index: entry.index };
      await uploadBlobs(client, spaceId, new Map([[oid, bytes]]));
    },
  };
}
