import * as fs from 'node:fs';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readTreeFromDisk, startTestServer, type TestServer } from '@docsync/server/testing';
import { createSyncClient, push, writeSyncConfig } from '@docsync/sync';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocsync, type DocsyncRun } from '../../apps/cli/src/testing/run-docsync.ts';
import { changeRequestGit, writableChangeRequests } from '../support/change-requests.ts';

/*
 * Decision: the proxy answers 503 to every method, as a load balancer in front of a busy server
 * does, not only to the idempotent ones. The client (rightly) never retries a POST on a 503, so a
 * push may fail part way; what docsync promises is that re-running it converges without a
 * duplicate: blob negotiation only reads, blob uploads are content-addressed, the branch finds
 * its change request again (by the `git.ref` its head revision records, or as the empty draft a
 * lost answer left), and the service leaves content already at the imported commit as it is.
 * The test re-runs a failed push, as a user or CI retry would, and checks exactly that.
 */

const corpora = fileURLToPath(new URL('../../packages/core/fixtures/corpora', import.meta.url));
const CORPUS = 'git-sync-normalization';
const DOCS = 'docs';
/** Re-runs of a failed push before the test gives up (each run fails with p ≈ 0.5 here). */
const MAX_RUNS = 30;

/** A deterministic PRNG in [0, 1) (Marsaglia's xorshift32), so a failing run can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (state ^ (state << 13)) >>> 0;
    state = (state ^ (state >>> 17)) >>> 0;
    state = (state ^ (state << 5)) >>> 0;
    return state / 2 ** 32;
  };
}

/** Options of {@link startFlakyProxy}. */
interface FlakyProxyOptions {
  seed: number;
  /** Share of requests answered 429 (`Retry-After: 0`) before forwarding; as many again get 503. */
  share: number;
  /** Forward this request, then answer 503 instead of the server's response (a lost response). */
  loseResponse?: (method: string, path: string) => boolean;
}

/** A loopback HTTP proxy in front of the server that fails some requests on purpose. */
interface FlakyProxy {
  readonly url: string;
  /** Requests answered by the proxy itself, by status. */
  readonly injected: { 429: number; 503: number };
  /** `METHOD path` of every request that reached the server. */
  readonly forwarded: string[];
  close(): Promise<void>;
}

function readBody(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      resolve(Buffer.concat(chunks));
    });
    stream.on('error', reject);
  });
}

function answerError(response: http.ServerResponse, status: 429 | 503): void {
  const body = JSON.stringify({ error: { code: status, message: 'injected by the test proxy' } });
  response.writeHead(status, {
    'content-type': 'application/json',
    ...(status === 429 ? { 'retry-after': '0' } : {}),
  });
  response.end(body);
}

async function startFlakyProxy(target: string, options: FlakyProxyOptions): Promise<FlakyProxy> {
  const random = seededRandom(options.seed);
  const injected = { 429: 0, 503: 0 };
  const forwarded: string[] = [];
  const upstream = new URL(target);
  const server = http.createServer((request, response) => {
    void (async () => {
      const method = request.method ?? 'GET';
      const path = request.url ?? '/';
      const body = await readBody(request);
      const draw = random();
      if (draw < options.share * 2) {
        const status = draw < options.share ? 429 : 503;
        injected[status] += 1;
        answerError(response, status);
        return;
      }
      forwarded.push(`${method} ${path}`);
      const answer = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const outgoing = http.request(
          {
            host: upstream.hostname,
            port: upstream.port,
            method,
            path,
            headers: { ...request.headers, host: upstream.host },
            agent: false,
          },
          resolve,
        );
        outgoing.on('error', reject);
        outgoing.end(body);
      });
      const answerBody = await readBody(answer);
      if (options.loseResponse?.(method, path) === true) {
        answerError(response, 503);
        return;
      }
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      response.end(answerBody);
    })().catch((error: unknown) => {
      response.destroy(error instanceof Error ? error : new Error(String(error)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${String(port)}`,
    injected,
    forwarded,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error === undefined) resolve();
          else reject(error);
        });
      }),
  };
}

let server: TestServer;
const repos: GitRepo[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const repo of repos) await repo.remove();
  await server.close();
});

async function newSpace(title: string): Promise<string> {
  const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
    body: { title },
  });
  expect(made.status).toBe(201);
  return (made.body as { id: string }).id;
}

async function corpusRepo(): Promise<GitRepo> {
  const files = Object.fromEntries(
    readTreeFromDisk(join(corpora, CORPUS)).map((file) => [`${DOCS}/${file.path}`, file.bytes]),
  );
  const repo = await createGitRepo({ files });
  repos.push(repo);
  return repo;
}

/** Revisions the space has, read from the database (the API lists no revision history). */
async function revisionCount(spaceId: string): Promise<number> {
  const rows = await server.db
    .selectFrom('content_revisions')
    .select('id')
    .where('space_id', '=', spaceId)
    .execute();
  return rows.length;
}

interface PageNode {
  id: string;
  type: string;
  git?: { path: string };
  pages?: PageNode[];
}

/** The space's draft and open change requests, straight from the server, not the proxy. */
const changeRequests = (spaceId: string) => writableChangeRequests(server.http, spaceId);

/** The commit a change request's content was pushed from. */
async function changeRequestCommit(spaceId: string, id: string): Promise<string | undefined> {
  return (await changeRequestGit(server.http, spaceId, id))?.oid;
}

/**
 * Every page of the space's main content, or of one of its change requests (id, type and file
 * path), straight from the server, not the proxy.
 */
async function spacePages(
  spaceId: string,
  changeRequestId?: string,
): Promise<{ id: string; key: string }[]> {
  const content =
    changeRequestId === undefined ? 'content' : `change-requests/${changeRequestId}/content`;
  const answer = await server.http.get(`/v1/spaces/${spaceId}/${content}/pages`);
  expect(answer.status).toBe(200);
  const flatten = (pages: readonly PageNode[]): { id: string; key: string }[] =>
    pages.flatMap((page) => [
      { id: page.id, key: `${page.type} ${page.git?.path ?? ''}` },
      ...flatten(page.pages ?? []),
    ]);
  return flatten((answer.body as { pages: PageNode[] }).pages);
}

/** The pages a push of the corpus makes through no proxy at all: what the flaky push must match. */
async function controlPageKeys(): Promise<string[]> {
  const spaceId = await newSpace('control');
  const repo = await corpusRepo();
  const config = { url: server.baseUrl, space: spaceId, branch: 'main', dir: DOCS };
  const client = createSyncClient({ baseUrl: server.baseUrl, token: server.token });
  expect((await push({ fs, dir: repo.dir, config, client }, { merge: true })).outcome).toBe(
    'pushed',
  );
  return (await spacePages(spaceId)).map((page) => page.key).sort();
}

/** Runs `docsync push --json` until it succeeds; returns the last run and the failed ones. */
async function pushUntilDone(repo: GitRepo): Promise<{ last: DocsyncRun; failed: DocsyncRun[] }> {
  const failed: DocsyncRun[] = [];
  for (let run = 0; run < MAX_RUNS; run++) {
    const last = await runDocsync(['push', '--json'], repo.dir, '', {
      DOCSYNC_TOKEN: server.token,
    });
    if (last.code === 0) return { last, failed };
    failed.push(last);
  }
  throw new Error(`push did not succeed in ${String(MAX_RUNS)} runs: ${failed.at(-1)?.stderr}`);
}

/**
 * A new space, a corpus repository whose `docsync.json` goes through a proxy that forwards the
 * first `POST …<suffix>` and loses its answer, and the pages a push of the corpus makes.
 */
async function loseFirstAnswer(title: string, suffix: string) {
  const expectedPages = await controlPageKeys();
  const spaceId = await newSpace(title);
  const repo = await corpusRepo();
  let lost = 0;
  const proxy = await startFlakyProxy(server.baseUrl, {
    seed: 1,
    share: 0,
    loseResponse: (method, path) => method === 'POST' && path.endsWith(suffix) && lost++ === 0,
  });
  await writeSyncConfig({
    fs: fs.promises,
    dir: repo.dir,
    config: { url: proxy.url, space: spaceId, branch: 'main', dir: DOCS },
  });
  return { expectedPages, spaceId, repo, proxy };
}

describe('docsync push through a server that answers 429 and 503 at random', () => {
  let proxy: FlakyProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
  });

  // Pushes a corpus through a proxy that drops answers, with retries: seconds on a busy machine.
  it(
    'ends with exactly one change request, one new revision and no duplicate pages, and a second push does nothing',
    { timeout: 30_000 },
    async () => {
      const spaceId = await newSpace('flaky');
      const repo = await corpusRepo();
      proxy = await startFlakyProxy(server.baseUrl, { seed: 79_190, share: 0.15 });
      await writeSyncConfig({
        fs: fs.promises,
        dir: repo.dir,
        config: { url: proxy.url, space: spaceId, branch: 'main', dir: DOCS },
      });
      const before = await revisionCount(spaceId);

      const { last, failed } = await pushUntilDone(repo);
      expect((JSON.parse(last.stdout) as { outcome: string }).outcome).toBe('pushed');
      expect(proxy.forwarded.some((line) => line.endsWith('/git/blobs'))).toBe(true);
      // A failed run is the client refusing to retry a POST on a 503, nothing else.
      for (const run of failed) {
        expect(run.stderr).toMatch(/failed with 503/);
        expect(run.stderr).toContain('`docsync push` is safe to run again');
      }
      expect(proxy.injected[429]).toBeGreaterThan(0);
      expect(proxy.injected[503]).toBeGreaterThan(0);
      expect(await revisionCount(spaceId)).toBe(before + 1);
      const opened = await changeRequests(spaceId);
      expect(opened).toHaveLength(1);
      const changeRequestId = opened[0]?.id ?? '';
      const pages = await spacePages(spaceId, changeRequestId);
      expect(new Set(pages.map((page) => page.id)).size).toBe(pages.length);
      expect(pages.map((page) => page.key).sort()).toEqual(await controlPageKeys());
      expect(await changeRequestCommit(spaceId, changeRequestId)).toBe(await repo.resolve('main'));
      // The main content is left for the change request's review.
      expect(await spacePages(spaceId)).toEqual([]);

      const sentBefore = proxy.forwarded.length;
      const again = await pushUntilDone(repo);
      expect((JSON.parse(again.last.stdout) as { outcome: string }).outcome).toBe('in-sync');
      expect(proxy.forwarded.slice(sentBefore).filter((line) => !line.startsWith('GET '))).toEqual(
        [],
      );
      expect(await revisionCount(spaceId)).toBe(before + 1);
      expect(await changeRequests(spaceId)).toEqual(opened);
    },
  );
});

describe('docsync push when the import reached the server but its response was lost', () => {
  let proxy: FlakyProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
  });

  it('fails, and re-running it makes no second revision and no duplicate pages', async () => {
    const setup = await loseFirstAnswer('lost response', '/git/import');
    const { expectedPages, spaceId, repo } = setup;
    proxy = setup.proxy;
    const before = await revisionCount(spaceId);

    const { last, failed } = await pushUntilDone(repo);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.code).toBe(1);
    expect(failed[0]?.stderr).toContain('`docsync push` is safe to run again');
    expect((JSON.parse(last.stdout) as { outcome: string }).outcome).toBe('in-sync');
    expect(await revisionCount(spaceId)).toBe(before + 1);
    const opened = await changeRequests(spaceId);
    expect(opened).toHaveLength(1);
    const pages = await spacePages(spaceId, opened[0]?.id);
    expect(pages.map((page) => page.key).sort()).toEqual(expectedPages);
  });
});

describe('docsync push when opening the change request reached the server but its response was lost', () => {
  let proxy: FlakyProxy | undefined;
  afterAll(async () => {
    await proxy?.close();
  });

  it('fails, and re-running it fills that change request instead of opening a second one', async () => {
    const setup = await loseFirstAnswer('lost change request', '/change-requests');
    const { expectedPages, spaceId, repo } = setup;
    proxy = setup.proxy;

    const { last, failed } = await pushUntilDone(repo);
    expect(failed).toHaveLength(1);
    expect(failed[0]?.stderr).toContain('`docsync push` is safe to run again');
    const result = JSON.parse(last.stdout) as {
      outcome: string;
      changeRequest: { id: string; opened: boolean };
    };
    expect(result.outcome).toBe('pushed');
    expect(result.changeRequest.opened).toBe(true);
    const opened = await changeRequests(spaceId);
    expect(opened.map((item) => item.id)).toEqual([result.changeRequest.id]);
    expect(await changeRequestCommit(spaceId, result.changeRequest.id)).toBe(
      await repo.resolve('main'),
    );
    const pages = await spacePages(spaceId, result.changeRequest.id);
    expect(pages.map((page) => page.key).sort()).toEqual(expectedPages);
  });
});
