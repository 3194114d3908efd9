/**
 * Every Git Sync tree in ../shared/corpora (read in place; CI has shared/ beside the checkout),
 * each space root as its own space: a push, then a pull into an empty repository, gives back
 * exactly `docsync fmt`'s output (core's read then write of the tree); and a one-page edit in
 * the service comes back to the original repository as a commit touching exactly that page.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gitBlobId, revisionToTree, treeToRevision, type TreeFile } from '@docsync/core';
import { readCommitTree } from '@docsync/git';
import { startTestServer, type TestServer } from '@docsync/server/testing';
import { createSyncClient, pull, push, type SyncContext } from '@docsync/sync';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CORPUS_PARSING } from '../support/corpus-parsing.ts';

const shared = fileURLToPath(new URL('../../../shared/corpora/', import.meta.url));

/** Each corpus's space roots (see ../shared/corpora/README.md). */
const SPACES: readonly (readonly [string, string])[] = [
  ['git-sync-normalization', ''],
  ['lawnchair-docs', 'developers'],
  ['lawnchair-docs', 'community'],
  ['lawnchair-docs', 'help'],
  ['bdi-reference-architecture', ''],
  ['pentest-book', ''],
  ['nso-docs', ''],
  ['secoda-docs', ''],
  ['trunk-docs', ''],
  ['predicthq-docs', 'docs/tech-docs'],
  ['predicthq-docs', 'docs/api'],
  ['predicthq-docs', 'docs/changelog'],
  ['pgsql-tw', 'tw'],
];

/** The files under a space root, as the repository holds them (symbolic links left out). */
function readSpace(corpus: string, root: string): Map<string, Uint8Array> {
  const dir = join(shared, corpus, root);
  const files = new Map<string, Uint8Array>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = relative(dir, join(entry.parentPath, entry.name)).split('\\').join('/');
    files.set(path, readFileSync(join(dir, path)));
  }
  return files;
}

/** `docsync fmt`'s output for a tree: core's read and write. */
function formatted(files: ReadonlyMap<string, Uint8Array>): Map<string, string> {
  const tree: TreeFile[] = [...files].map(([path, bytes]) => ({
    path,
    oid: gitBlobId(bytes),
    size: bytes.byteLength,
    ...(/\.(md|ya?ml)$/i.test(path) ? { text: Buffer.from(bytes).toString('utf8') } : {}),
  }));
  const read = treeToRevision(tree);
  return new Map(
    revisionToTree(read.content, { config: read.config }).files.map((file) => [
      file.path,
      file.oid,
    ]),
  );
}

let server: TestServer;
const repos: GitRepo[] = [];
beforeAll(async () => {
  server = await startTestServer({ parsing: CORPUS_PARSING });
});
afterAll(async () => {
  for (const repo of repos) await repo.remove();
  await server.close();
});

function contextFor(repo: GitRepo, spaceId: string): SyncContext {
  return {
    fs,
    dir: repo.dir,
    config: { url: server.baseUrl, space: spaceId, branch: 'main', dir: 'docs' },
    client: createSyncClient({ baseUrl: server.baseUrl, token: server.token }),
    now: () => new Date(Date.UTC(2026, 5, 1)),
  };
}

async function docsTree(repo: GitRepo): Promise<Map<string, string>> {
  const { files } = await readCommitTree({ fs, dir: repo.dir, ref: 'main', path: 'docs' });
  return new Map(files.map((file) => [file.path, file.oid]));
}

describe.runIf(existsSync(shared))('Git Sync corpora through the service', () => {
  it.each(SPACES)(
    '%s/%s: push, pull into an empty repository = fmt; a service edit = a one-file commit',
    { timeout: 300_000 },
    async (corpus, root) => {
      const files = readSpace(corpus, root);
      const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
        body: { title: `${corpus} ${root}`.slice(0, 50) },
      });
      const spaceId = (made.body as { id: string }).id;
      const source = await createGitRepo({
        files: Object.fromEntries([...files].map(([path, bytes]) => [`docs/${path}`, bytes])),
      });
      repos.push(source);
      const pushed = await push(contextFor(source, spaceId), {
        merge: true,
        allowMassDelete: true,
      });
      expect(pushed.outcome).toBe('pushed');

      const target = await createGitRepo();
      repos.push(target);
      expect((await pull(contextFor(target, spaceId))).outcome).toBe('pulled');
      // What the pull wrote is a repository git finds sound (the blobs of the bigger corpora,
      // nso-docs and pgsql-tw, are packed as they arrive).
      execFileSync('git', ['fsck', '--full', '--strict', '--no-dangling'], {
        cwd: target.dir,
        stdio: 'pipe',
      });
      const expected = formatted(files);
      const copy = await docsTree(target);
      const differing = [...new Set([...expected.keys(), ...copy.keys()])]
        .filter((path) => expected.get(path) !== copy.get(path))
        .sort();
      expect(differing).toEqual([]);

      // A person edits one page in the service; the pull into the original repository is a
      // commit touching that page only, everything else byte for byte as it was.
      const listing = await server.http.get(`/v1/spaces/${spaceId}/git/tree`);
      const pages = (listing.body as { files: { path: string; page?: string }[] }).files.filter(
        (file) => file.page !== undefined && files.has(file.path),
      );
      const page = pages[Math.floor(pages.length / 2)] as { path: string; page: string };
      const cr = await server.http.request('POST', `/v1/spaces/${spaceId}/change-requests`, {
        body: { subject: 'One edit in the service' },
      });
      const crId = (cr.body as { id: string }).id;
      const read = await server.http.get(
        `/v1/spaces/${spaceId}/change-requests/${crId}/content/page/${page.page}?format=markdown`,
      );
      const markdown = (read.body as { markdown: string }).markdown;
      const applied = await server.http.request(
        'POST',
        `/v1/spaces/${spaceId}/change-requests/${crId}/content`,
        {
          body: {
            changes: [
              {
                type: 'update_page',
                page: page.page,
                document: { markdown: `${markdown}\nA sentence added in the service.\n` },
              },
            ],
          },
        },
      );
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      expect(
        (await server.http.request('POST', `/v1/spaces/${spaceId}/change-requests/${crId}/merge`))
          .status,
      ).toBe(200);
      const before = await docsTree(source);
      const pulled = await pull(contextFor(source, spaceId));
      expect(pulled.outcome).toBe('pulled');
      const after = await docsTree(source);
      const touched = [...new Set([...before.keys(), ...after.keys()])].filter(
        (path) => before.get(path) !== after.get(path),
      );
      expect(touched).toEqual([page.path]);
      const changed = execFileSync('git', ['show', '--name-only', '--format=', 'HEAD'], {
        cwd: source.dir,
        encoding: 'utf8',
      });
      expect(changed.trim()).toBe(`docs/${page.path}`);
      expect(readFileSync(join(source.dir, 'docs', page.path), 'utf8')).toContain(
        'A sentence added in the service.',
      );
      expect((await pull(contextFor(source, spaceId))).outcome).toBe('in-sync');
    },
  );
});
