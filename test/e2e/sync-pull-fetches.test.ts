import * as fs from 'node:fs';
import { readCommitTree } from '@docsync/git';
import { startTestServer, type TestServer } from '@docsync/server/testing';
import { createSyncClient, pull, push, type SyncConfig, type SyncContext } from '@docsync/sync';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const DOCS = 'docs';
const PAGES = 8;

let server: TestServer;
const repos: GitRepo[] = [];

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  for (const repo of repos) await repo.remove();
  await server.close();
});

/** A small book: README, SUMMARY, pages that link to the next one, and an image. */
function book(): Record<string, string | Uint8Array> {
  const pages = Array.from({ length: PAGES }, (_, n): [string, string] => [
    `${DOCS}/page-${n}.md`,
    `# Page ${n}\n\nSee [the next page](page-${(n + 1) % PAGES}.md).\n`,
  ]);
  const summary = ['# Table of contents\n', '* [Home](README.md)']
    .concat(Array.from({ length: PAGES }, (_, n) => `* [Page ${n}](page-${n}.md)`))
    .join('\n');
  return {
    [`${DOCS}/README.md`]: '# Home\n\n![Logo](.gitbook/assets/logo.png)\n',
    [`${DOCS}/SUMMARY.md`]: `${summary}\n`,
    [`${DOCS}/.gitbook/assets/logo.png`]: new Uint8Array([137, 80, 78, 71, 1, 2, 3]),
    ...Object.fromEntries(pages),
  };
}

/**
 * What a sync client asked the service for: files read (`git/tree/files`, by path), and reads
 * of any other kind of page markdown or blob (which a pull no longer makes).
 */
interface Requests {
  files: number;
  other: number;
}

/** A sync context whose client counts its page reads and downloads into `requests`. */
function countingContext(repo: GitRepo, spaceId: string, requests: Requests): SyncContext {
  const config: SyncConfig = { url: server.baseUrl, space: spaceId, branch: 'main', dir: DOCS };
  const fetch: typeof globalThis.fetch = (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/git/tree/files'))
      requests.files += (JSON.parse(init?.body as string) as { paths: string[] }).paths.length;
    else if (
      /\/content\/page\/[^/?]+\?format=markdown|\/git\/tree\/pages$|\/git\/blobs\/[0-9a-f]+$/.test(
        url,
      )
    )
      requests.other++;
    return globalThis.fetch(input, init);
  };
  return {
    fs,
    dir: repo.dir,
    config,
    client: createSyncClient({ baseUrl: server.baseUrl, token: server.token, fetch }),
    now: () => new Date(Date.UTC(2026, 5, 1)),
  };
}

async function repoWith(files?: Record<string, string | Uint8Array>): Promise<GitRepo> {
  const repo = await createGitRepo(files === undefined ? {} : { files });
  repos.push(repo);
  return repo;
}

async function branchTree(repo: GitRepo): Promise<Map<string, string>> {
  const { files } = await readCommitTree({ fs, dir: repo.dir, ref: 'main', path: DOCS });
  return new Map(files.map((file) => [file.path, file.oid]));
}

/** Changes one page on the service: a change request that rewrites it, merged. */
async function editPageOnService(spaceId: string, title: string, markdown: string) {
  const listed = await server.http.get(`/v1/spaces/${spaceId}/content/pages`);
  const page = (listed.body as { pages: { id: string; title: string }[] }).pages.find(
    (candidate) => candidate.title === title,
  );
  const opened = await server.http.request('POST', `/v1/spaces/${spaceId}/change-requests`, {
    body: { subject: `Edit ${title}` },
  });
  const cr = (opened.body as { id: string }).id;
  const applied = await server.http.request(
    'POST',
    `/v1/spaces/${spaceId}/change-requests/${cr}/content`,
    { body: { changes: [{ type: 'update_page', page: page?.id, document: { markdown } }] } },
  );
  expect(applied.status).toBe(200);
  const merged = await server.http.request(
    'POST',
    `/v1/spaces/${spaceId}/change-requests/${cr}/merge`,
  );
  expect(merged.status).toBe(200);
}

describe('pull', () => {
  it('reads only the page the service changed, and writes the same tree as a pull that reads all', async () => {
    const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
      body: { title: 'Fetches' },
    });
    const spaceId = (made.body as { id: string }).id;
    const target = await repoWith(book());
    const first: Requests = { files: 0, other: 0 };
    expect((await push(countingContext(target, spaceId, first), { merge: true })).outcome).toBe(
      'pushed',
    );

    await editPageOnService(spaceId, 'Page 3', '# Page 3\n\nRewritten on the service.\n');
    const second: Requests = { files: 0, other: 0 };
    expect((await pull(countingContext(target, spaceId, second))).outcome).toBe('pulled');
    // Only what the service changed since the pushed commit is read, and only that page.
    expect(second).toEqual({ files: 1, other: 0 });

    await editPageOnService(spaceId, 'Page 5', '# Page 5\n\nAlso rewritten.\n');
    const third: Requests = { files: 0, other: 0 };
    // The first pull recorded its commit as a sync point: this one starts from there.
    expect((await pull(countingContext(target, spaceId, third))).outcome).toBe('pulled');
    expect(third).toEqual({ files: 1, other: 0 });

    // A repository that holds nothing fetches everything, and ends with the same tree.
    const empty = await repoWith();
    const all: Requests = { files: 0, other: 0 };
    expect((await pull(countingContext(empty, spaceId, all))).outcome).toBe('pulled');
    const copy = await branchTree(empty);
    expect(all).toEqual({ files: copy.size, other: 0 });
    expect(copy.size).toBeGreaterThanOrEqual(PAGES + 3);
    expect(await branchTree(target)).toEqual(copy);
    const page5 = await fs.promises.readFile(`${target.dir}/${DOCS}/page-5.md`, 'utf8');
    expect(page5).toBe('# Page 5\n\nAlso rewritten.\n');
  });
});
