import * as fs from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommitTree } from '@docsync/git';
import { readTreeFromDisk, startTestServer, type TestServer } from '@docsync/server/testing';
import {
  createSyncClient,
  fetchSyncPlan,
  pull,
  push,
  writeSyncConfig,
  type SyncConfig,
  type SyncContext,
} from '@docsync/sync';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocsync } from '../../apps/cli/src/testing/run-docsync.ts';
import { corpusSpaces, expectedPageDifferences } from '../../packages/core/src/testing/corpora.ts';
import { serviceGaps } from '../support/service-gaps.ts';

const corpora = fileURLToPath(new URL('../../packages/core/fixtures/corpora', import.meta.url));
const DOCS = 'docs';

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

function corpusFiles(corpus: string): Record<string, Uint8Array> {
  return Object.fromEntries(
    readTreeFromDisk(join(corpora, corpus)).map((file) => [`${DOCS}/${file.path}`, file.bytes]),
  );
}

async function repoWith(files: Record<string, Uint8Array | string> | undefined): Promise<GitRepo> {
  const repo = await createGitRepo(files === undefined ? {} : { files });
  repos.push(repo);
  return repo;
}

function contextFor(repo: GitRepo, spaceId: string, branch = 'main'): SyncContext {
  const config: SyncConfig = { url: server.baseUrl, space: spaceId, branch, dir: DOCS };
  return {
    fs,
    dir: repo.dir,
    config,
    client: createSyncClient({ baseUrl: server.baseUrl, token: server.token }),
    now: () => new Date(Date.UTC(2026, 5, 1)),
  };
}

async function branchTree(repo: GitRepo, ref = 'main'): Promise<Map<string, string>> {
  const { files } = await readCommitTree({ fs, dir: repo.dir, ref, path: DOCS });
  return new Map(files.map((file) => [file.path, file.oid]));
}

async function spaceRevision(spaceId: string): Promise<string> {
  const info = await server.http.get(`/v1/spaces/${spaceId}/git/info`);
  return (info.body as { revision: string }).revision;
}

async function readText(repo: GitRepo, path: string): Promise<string> {
  return fs.promises.readFile(join(repo.dir, DOCS, path), 'utf8');
}

describe.each(corpusSpaces)('the corpus %s', (corpus) => {
  it('pushes into a new space, pulls into an empty repository with the same bytes, and does nothing the second time', async () => {
    const spaceId = await newSpace(corpus.slice(0, 40));
    const source = await repoWith(corpusFiles(corpus));
    const pushed = await push(contextFor(source, spaceId));
    expect(pushed.outcome).toBe('pushed');
    expect(pushed.uploaded?.blobs).toBeGreaterThan(0);
    const revision = await spaceRevision(spaceId);
    expect((await push(contextFor(source, spaceId))).outcome).toBe('in-sync');
    expect(await spaceRevision(spaceId)).toBe(revision);

    const target = await repoWith(undefined);
    const pulled = await pull(contextFor(target, spaceId));
    expect(pulled.outcome).toBe('pulled');
    const original = await branchTree(source);
    const copy = await branchTree(target);
    const differing = [...original]
      .filter(([path, oid]) => copy.get(path) !== oid)
      .map(([path]) => path)
      .filter((path) => expectedPageDifferences[`${corpus}/${path}`] === undefined)
      .filter((path) => serviceGaps[`${corpus}/${path}`] === undefined)
      .filter((path) => !pulled.unavailable.includes(path));
    expect(differing).toEqual([]);
    expect([...copy.keys()].filter((path) => !original.has(path))).toEqual([]);
    // The working tree holds the pulled files too.
    const [firstPath, firstOid] = [...copy][0] ?? ['', ''];
    expect(readTreeFromDisk(join(target.dir, DOCS)).find((f) => f.path === firstPath)?.oid).toBe(
      firstOid,
    );

    const head = await target.resolve('main');
    expect((await pull(contextFor(target, spaceId))).outcome).toBe('in-sync');
    expect(await target.resolve('main')).toBe(head);
  });
});

describe('sync of one space from two branches', () => {
  const corpus = 'git-sync-normalization';
  let spaceId: string;
  let repo: GitRepo;

  beforeAll(async () => {
    spaceId = await newSpace('two sides');
    repo = await repoWith(corpusFiles(corpus));
    expect((await push(contextFor(repo, spaceId))).outcome).toBe('pushed');
  });

  /** Commits an edit on `other` and pushes it, as another clone syncing the space would. */
  async function remoteEdit(path: string, edit: (text: string) => string): Promise<void> {
    await repo.branch('other', { checkout: true });
    await repo.writeFiles({ [`${DOCS}/${path}`]: edit(await readText(repo, path)) });
    await repo.commit(`remote: edit ${path}`);
    expect((await push(contextFor(repo, spaceId, 'other'))).outcome).toBe('pushed');
    await repo.checkout('main');
    await fs.promises.rm(join(repo.dir, '.git/refs/heads/other'));
  }

  it('merges an edit on each side to different pages without a conflict', async () => {
    await remoteEdit('quote.md', (text) => `${text}\nAdded in the space.\n`);
    await repo.writeFiles({
      [`${DOCS}/tables.md`]: `${await readText(repo, 'tables.md')}\nAdded in git.\n`,
    });
    await repo.commit('local: edit tables.md');
    const plan = await fetchSyncPlan(contextFor(repo, spaceId));
    expect(plan.plan.action).toBe('merge');

    const merged = await push(contextFor(repo, spaceId));
    expect(merged.outcome).toBe('merged');
    expect(merged.conflicts).toEqual([]);
    expect(await readText(repo, 'quote.md')).toContain('Added in the space.');
    expect(await readText(repo, 'tables.md')).toContain('Added in git.');
    expect((await push(contextFor(repo, spaceId))).outcome).toBe('in-sync');
    expect((await pull(contextFor(repo, spaceId))).outcome).toBe('in-sync');
  });

  it('stops with exit code 3 and a report when both sides edit the same block, changing nothing', async () => {
    const path = 'simple-paragraph-text-formatting.md';
    const original = await readText(repo, path);
    const line = original.split('\n').find((l) => /^[A-Za-z]/.test(l)) ?? '';
    expect(line).not.toBe('');
    await remoteEdit(path, (text) => text.replace(line, 'Changed in the space.'));
    await repo.writeFiles({ [`${DOCS}/${path}`]: original.replace(line, 'Changed in git.') });
    await repo.commit('local: same block');
    const head = await repo.resolve('main');
    const revision = await spaceRevision(spaceId);

    await writeSyncConfig({
      fs: fs.promises,
      dir: repo.dir,
      config: contextFor(repo, spaceId).config,
    });
    const run = await runDocsync(['push'], repo.dir, '', { DOCSYNC_TOKEN: server.token });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('conflict');
    expect(run.stderr).toContain('Changed in git.');
    expect(run.stderr).toContain('Changed in the space.');
    expect(await repo.resolve('main')).toBe(head);
    expect(await spaceRevision(spaceId)).toBe(revision);
    expect(await readText(repo, path)).toContain('Changed in git.');
  });
});

describe('push', () => {
  it('keeps the page id when a page is renamed', async () => {
    const spaceId = await newSpace('rename');
    const repo = await repoWith(corpusFiles('git-sync-normalization'));
    await push(contextFor(repo, spaceId));
    const pageId = async (path: string) => {
      const pages = await server.http.get(`/v1/spaces/${spaceId}/content/pages`);
      const all = (pages.body as { pages: { id: string; git?: { path: string } }[] }).pages;
      return all.find((page) => page.git?.path === path)?.id;
    };
    const before = await pageId('tables.md');
    expect(before).toBeDefined();
    const summary = await readText(repo, 'SUMMARY.md');
    await repo.writeFiles({
      [`${DOCS}/tables-renamed.md`]: await readText(repo, 'tables.md'),
      [`${DOCS}/SUMMARY.md`]: summary.replace('(tables.md)', '(tables-renamed.md)'),
    });
    await repo.removeFiles([`${DOCS}/tables.md`]);
    await repo.commit('rename tables');
    expect((await push(contextFor(repo, spaceId))).outcome).toBe('pushed');
    expect(await pageId('tables-renamed.md')).toBe(before);
  });

  it('stops a commit deleting 90% of the pages unless --allow-mass-delete is given', async () => {
    const spaceId = await newSpace('mass delete');
    const repo = await repoWith(corpusFiles('git-sync-normalization'));
    await push(contextFor(repo, spaceId));
    const revision = await spaceRevision(spaceId);
    const pages = [...(await branchTree(repo)).keys()].filter(
      (path) => path.endsWith('.md') && path !== 'SUMMARY.md' && !path.startsWith('.gitbook/'),
    );
    const doomed = pages.slice(0, Math.ceil(pages.length * 0.9));
    await repo.removeFiles(doomed.map((path) => `${DOCS}/${path}`));
    await repo.commit('delete most pages');
    await writeSyncConfig({
      fs: fs.promises,
      dir: repo.dir,
      config: contextFor(repo, spaceId).config,
    });

    const env = { DOCSYNC_TOKEN: server.token };
    const stopped = await runDocsync(['push'], repo.dir, '', env);
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toContain('--allow-mass-delete');
    expect(await spaceRevision(spaceId)).toBe(revision);

    const dry = await runDocsync(
      ['push', '--dry-run', '--allow-mass-delete', '--json'],
      repo.dir,
      '',
      env,
    );
    expect(dry.code).toBe(0);
    expect(await spaceRevision(spaceId)).toBe(revision);

    const allowed = await runDocsync(['push', '--allow-mass-delete'], repo.dir, '', env);
    expect(allowed.code).toBe(0);
    expect(await spaceRevision(spaceId)).not.toBe(revision);
  });
});
