import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readCommit, readCommitTree } from '@docsync/git';
import { readTreeFromDisk, startTestServer, type TestServer } from '@docsync/server/testing';
import {
  createSyncClient,
  fetchSyncPlan,
  pull,
  push,
  SyncError,
  writeSyncConfig,
  type SyncConfig,
  type SyncContext,
} from '@docsync/sync';
import { createGitRepo, type GitRepo } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDocsync } from '../../apps/cli/src/testing/run-docsync.ts';
import { corpusSpaces, expectedPageDifferences } from '../../packages/core/src/testing/corpora.ts';
import {
  changeRequestGit as changeRequestGitOf,
  writableChangeRequests as writableChangeRequestsOf,
  type ChangeRequestRead,
} from '../support/change-requests.ts';
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

/** The space's draft and open change requests, straight from the server. */
function writableChangeRequests(spaceId: string): Promise<ChangeRequestRead[]> {
  return writableChangeRequestsOf(server.http, spaceId);
}

describe.each(corpusSpaces)('the corpus %s', (corpus) => {
  it('pushes into a new space, pulls into an empty repository with the same bytes, and does nothing the second time', async () => {
    const spaceId = await newSpace(corpus.slice(0, 40));
    const source = await repoWith(corpusFiles(corpus));
    const pushed = await push(contextFor(source, spaceId), { merge: true });
    expect(pushed.outcome).toBe('pushed');
    expect(pushed.uploaded?.blobs).toBeGreaterThan(0);
    const revision = await spaceRevision(spaceId);
    expect((await push(contextFor(source, spaceId), { merge: true })).outcome).toBe('in-sync');
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
      .filter((path) => serviceGaps[`${corpus}/${path}`] === undefined);
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
    expect((await push(contextFor(repo, spaceId), { merge: true })).outcome).toBe('pushed');
  });

  /** Commits an edit on `other` and pushes it, as another clone syncing the space would. */
  async function remoteEdit(path: string, edit: (text: string) => string): Promise<void> {
    await repo.branch('other', { checkout: true });
    await repo.writeFiles({ [`${DOCS}/${path}`]: edit(await readText(repo, path)) });
    await repo.commit(`remote: edit ${path}`);
    expect((await push(contextFor(repo, spaceId, 'other'), { merge: true })).outcome).toBe(
      'pushed',
    );
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

    const merged = await push(contextFor(repo, spaceId), { merge: true });
    expect(merged.outcome).toBe('merged');
    expect(merged.conflicts).toEqual([]);
    expect(await readText(repo, 'quote.md')).toContain('Added in the space.');
    expect(await readText(repo, 'tables.md')).toContain('Added in git.');
    expect((await push(contextFor(repo, spaceId), { merge: true })).outcome).toBe('in-sync');
    expect((await pull(contextFor(repo, spaceId))).outcome).toBe('in-sync');
  });

  it('stops with exit code 3 and conflict markers when both sides edit the same line; the committed resolution goes through', async () => {
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
    const env = { DOCSYNC_TOKEN: server.token };
    const run = await runDocsync(['push'], repo.dir, '', env);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain(`${DOCS}/${path}: the same lines changed on both sides`);
    expect(run.stderr).toContain('git commit');
    expect(await repo.resolve('main')).toBe(head);
    expect(await spaceRevision(spaceId)).toBe(revision);
    const marked = await readText(repo, path);
    expect(marked).toContain(
      '<<<<<<< main\nChanged in git.\n=======\nChanged in the space.\n>>>>>>> space',
    );
    // The default push goes into a change request: stopped on conflicts, it opened none.
    expect(await writableChangeRequests(spaceId)).toEqual([]);
    // git itself sees the merge docsync left: the path is unmerged (base, ours and theirs).
    const porcelain = execFileSync('git', ['status', '--porcelain'], {
      cwd: repo.dir,
      encoding: 'utf8',
    });
    expect(porcelain).toContain(`UU ${DOCS}/${path}`);

    const status = await runDocsync(['status'], repo.dir, '', env);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`stopped on conflicts in:\n                ${DOCS}/${path}`);
    const again = await runDocsync(['push', '--merge'], repo.dir, '', env);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('a merge with the space is waiting for you');

    // The person resolves as in git: edit, add, commit (the merge commit), push.
    await fs.promises.writeFile(
      join(repo.dir, DOCS, path),
      original.replace(line, 'Changed in git and in the space.'),
    );
    const git = (...args: string[]) =>
      execFileSync('git', args, {
        cwd: repo.dir,
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'A',
          GIT_AUTHOR_EMAIL: 'a@example.test',
          GIT_COMMITTER_NAME: 'A',
          GIT_COMMITTER_EMAIL: 'a@example.test',
        },
      });
    git('add', `${DOCS}/${path}`);
    git('commit', '-q', '--no-edit');
    expect(
      execFileSync('git', ['rev-list', '--parents', '-1', 'HEAD'], {
        cwd: repo.dir,
        encoding: 'utf8',
      })
        .trim()
        .split(' '),
    ).toHaveLength(3);
    const resolved = await runDocsync(['push', '--merge'], repo.dir, '', env);
    expect(resolved.stderr).toBe('');
    expect(resolved.code).toBe(0);
    expect((await pull(contextFor(repo, spaceId))).outcome).toBe('in-sync');
    const listing = await server.http.get(`/v1/spaces/${spaceId}/git/tree`);
    const page = (listing.body as { files: { path: string; page?: string }[] }).files.find(
      (file) => file.path === path,
    );
    const markdown = await server.http.get(
      `/v1/spaces/${spaceId}/content/page/${String(page?.page)}?format=markdown`,
    );
    expect((markdown.body as { markdown: string }).markdown).toContain(
      'Changed in git and in the space.',
    );
  });

  it('refuses, changing nothing, to leave conflicts of a branch that is not checked out', async () => {
    const path = 'quote.md';
    const original = await readText(repo, path);
    const line = original.split('\n').find((l) => /^[A-Za-z>]/.test(l)) ?? '';
    expect(line).not.toBe('');
    // `feature` edits a line, then the space edits the same line.
    await repo.branch('feature', { checkout: true });
    await repo.writeFiles({ [`${DOCS}/${path}`]: original.replace(line, 'Changed on feature.') });
    const feature = await repo.commit('feature: same line');
    await repo.checkout('main');
    await remoteEdit(path, (text) => text.replace(line, 'Changed in the space again.'));
    const main = await repo.resolve('main');

    const error = await push(contextFor(repo, spaceId, 'feature')).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(SyncError);
    expect((error as SyncError).code).toBe('merge-needs-checkout');
    expect((error as SyncError).message).toContain(`${DOCS}/${path}`);
    expect(await repo.resolve('feature')).toBe(feature);
    expect(await repo.resolve('main')).toBe(main);
    expect(fs.existsSync(join(repo.dir, '.git/MERGE_HEAD'))).toBe(false);
    expect(await readText(repo, path)).not.toContain('<<<<<<<');
    expect(await writableChangeRequests(spaceId)).toEqual([]);
    // Checked out, the same push leaves the conflicts in its working tree, as git would.
    await repo.checkout('feature');
    const stopped = await push(contextFor(repo, spaceId, 'feature'));
    expect(stopped.outcome).toBe('conflicts');
    expect(await readText(repo, path)).toContain('<<<<<<< feature');
    execFileSync('git', ['merge', '--abort'], { cwd: repo.dir });
    execFileSync('git', ['checkout', '-q', 'main'], { cwd: repo.dir });
  });
});

describe('push', () => {
  it('lists apart, as kept in git only, the files the space does not hold, on --merge and into a change request', async () => {
    const spaceId = await newSpace('git only');
    const repo = await repoWith({
      [`${DOCS}/README.md`]: '# Home\n\n![](.gitbook/assets/kept.png)\n\n![](images/outside.png)\n',
      [`${DOCS}/SUMMARY.md`]: '# Table of contents\n\n* [Home](README.md)\n',
      [`${DOCS}/.gitbook/assets/kept.png`]: 'png',
      [`${DOCS}/images/outside.png`]: 'png',
      [`${DOCS}/unlisted.md`]: '# Unlisted\n',
      [`${DOCS}/LICENSE`]: 'MIT\n',
    });
    const merged = await push(contextFor(repo, spaceId), { merge: true });
    const paths = (changes: readonly { path: string }[] | undefined) =>
      (changes ?? []).map((change) => change.path).sort();
    expect(paths(merged.remoteChanges)).toEqual([
      '.gitbook/assets/kept.png',
      'README.md',
      'SUMMARY.md',
    ]);
    expect(paths(merged.keptInGitOnly)).toEqual(['LICENSE', 'images/outside.png', 'unlisted.md']);
    // What the push said the space holds is what the space holds.
    const files = await server.http.get(`/v1/spaces/${spaceId}/content/files`);
    expect((files.body as { items: { name: string }[] }).items.map((file) => file.name)).toEqual([
      'kept.png',
    ]);

    await repo.writeFiles({
      [`${DOCS}/LICENSE`]: 'MIT, 2026\n',
      [`${DOCS}/README.md`]: '# Home\n\nEdited.\n',
    });
    await repo.commit('edit the licence and the page');
    await writeSyncConfig({
      fs: fs.promises,
      dir: repo.dir,
      config: contextFor(repo, spaceId).config,
    });
    const cli = await runDocsync(['push'], repo.dir, '', { DOCSYNC_TOKEN: server.token });
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain(
      "  space  M README.md\nkept in git only, 1 file the space does not hold (it holds the pages SUMMARY.md lists and the docs root's .gitbook/assets/ and .gitbook/includes/):\n  git    M LICENSE\n",
    );
  });

  it('lists the first 20 files of each list a push prints, and every file with --verbose', async () => {
    const spaceId = await newSpace('many files');
    const names = Array.from({ length: 30 }, (_, n) => `page-${String(n).padStart(2, '0')}`);
    const repo = await repoWith({
      [`${DOCS}/README.md`]: '# Home\n',
      [`${DOCS}/SUMMARY.md`]: `# Table of contents\n\n* [Home](README.md)\n${names.map((name) => `* [${name}](${name}.md)\n`).join('')}`,
      ...Object.fromEntries(names.map((name) => [`${DOCS}/${name}.md`, `# ${name}\n`])),
    });
    await writeSyncConfig({
      fs: fs.promises,
      dir: repo.dir,
      config: contextFor(repo, spaceId).config,
    });
    const env = { DOCSYNC_TOKEN: server.token };
    const listed = (stdout: string) =>
      stdout.split('\n').filter((line) => line.startsWith('  space  '));
    const short = await runDocsync(['push', '--merge', '--dry-run'], repo.dir, '', env);
    expect(short.code, short.stderr).toBe(0);
    // README.md, SUMMARY.md and 30 pages: 20 of them, then how many more and of what kind.
    expect(listed(short.stdout)).toHaveLength(21);
    expect(listed(short.stdout).at(-1)).toBe(
      '  space  … and 12 more (12 added; --verbose lists every file)',
    );
    const every = await runDocsync(
      ['push', '--merge', '--dry-run', '--verbose'],
      repo.dir,
      '',
      env,
    );
    expect(listed(every.stdout)).toHaveLength(32);
    expect(listed(every.stdout)).toContain('  space  A page-29.md');
  });

  it('keeps the page id when a page is renamed', async () => {
    const spaceId = await newSpace('rename');
    const repo = await repoWith(corpusFiles('git-sync-normalization'));
    await push(contextFor(repo, spaceId), { merge: true });
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
    expect((await push(contextFor(repo, spaceId), { merge: true })).outcome).toBe('pushed');
    expect(await pageId('tables-renamed.md')).toBe(before);
  });

  it('stops a commit deleting 90% of the pages unless --allow-mass-delete is given', async () => {
    const spaceId = await newSpace('mass delete');
    const repo = await repoWith(corpusFiles('git-sync-normalization'));
    await push(contextFor(repo, spaceId), { merge: true });
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

    expect(await writableChangeRequests(spaceId)).toEqual([]);

    const allowed = await runDocsync(['push', '--merge', '--allow-mass-delete'], repo.dir, '', env);
    expect(allowed.code).toBe(0);
    expect(await spaceRevision(spaceId)).not.toBe(revision);
  });
});

describe('push into change requests', () => {
  const env = () => ({ DOCSYNC_TOKEN: server.token });
  let spaceId: string;
  let repo: GitRepo;
  let featureRequest: ChangeRequestRead;

  beforeAll(async () => {
    spaceId = await newSpace('change requests');
    repo = await repoWith(corpusFiles('git-sync-normalization'));
    expect((await push(contextFor(repo, spaceId), { merge: true })).outcome).toBe('pushed');
    await writeSyncConfig({
      fs: fs.promises,
      dir: repo.dir,
      config: contextFor(repo, spaceId).config,
    });
  });

  const changeRequestGit = (id: string) => changeRequestGitOf(server.http, spaceId, id);

  async function edit(path: string, line: string, message: string): Promise<string> {
    await repo.writeFiles({ [`${DOCS}/${path}`]: `${await readText(repo, path)}\n${line}\n` });
    return repo.commit(message);
  }

  it('opens a change request for the branch, and the next push updates the same one', async () => {
    const revision = await spaceRevision(spaceId);
    await repo.branch('feature', { checkout: true });
    const first = await edit('quote.md', 'Proposed in a change request.', 'Fix the quote page');

    const opened = await runDocsync(['push', '--json'], repo.dir, '', env());
    expect(opened.code).toBe(0);
    // Not a terminal: no progress on stderr.
    expect(opened.stderr).toBe('');
    const result = JSON.parse(opened.stdout) as {
      outcome: string;
      changeRequest: { id: string; number: number; subject: string; url: string; opened: boolean };
    };
    expect(result.outcome).toBe('pushed');
    expect(result.changeRequest).toMatchObject({ subject: 'Fix the quote page', opened: true });
    // The address printed answers (the change request's API address, read with the token).
    expect(result.changeRequest.url).toContain(`/v1/spaces/${spaceId}/change-requests/`);
    const read = await server.http.get(new URL(result.changeRequest.url).pathname);
    expect(read.status).toBe(200);
    expect(await spaceRevision(spaceId)).toBe(revision);
    expect(await changeRequestGit(result.changeRequest.id)).toMatchObject({
      oid: first,
      ref: 'refs/heads/feature',
    });

    const second = await edit('quote.md', 'And a second thought.', 'Say more');
    const updated = await runDocsync(['push'], repo.dir, '', env());
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain(
      `change request #${String(result.changeRequest.number)} (draft): ${result.changeRequest.url}`,
    );
    expect(updated.stdout).not.toContain('opened');
    expect(await changeRequestGit(result.changeRequest.id)).toMatchObject({ oid: second });
    const writable = await writableChangeRequests(spaceId);
    expect(writable.map((item) => item.id)).toEqual([result.changeRequest.id]);
    featureRequest = writable[0] ?? featureRequest;
    expect(featureRequest.subject).toBe('Fix the quote page');

    const again = await runDocsync(['push', '--json'], repo.dir, '', env());
    expect((JSON.parse(again.stdout) as { outcome: string }).outcome).toBe('in-sync');
    expect(await spaceRevision(spaceId)).toBe(revision);
  });

  it('gives another branch a change request of its own, named after it for several commits', async () => {
    await repo.checkout('main');
    await repo.branch('other', { checkout: true });
    await edit('tables.md', 'Added on other.', 'Edit tables');
    const head = await edit('tables.md', 'Added on other, again.', 'Edit tables again');

    // As on a terminal: progress is drawn on stderr and cleared before the result is printed.
    const pushed = await runDocsync(['push'], repo.dir, '', env(), { stderrIsTTY: true });
    expect(pushed.code).toBe(0);
    expect(pushed.stderr).toContain('\ruploading blobs [');
    expect(pushed.stderr.endsWith('\r\u001b[K')).toBe(true);
    expect(pushed.stdout).toContain('(opened as a draft)');

    const writable = await writableChangeRequests(spaceId);
    expect(writable).toHaveLength(2);
    const other = writable.find((item) => item.id !== featureRequest.id);
    expect(other?.subject).toBe('other');
    expect(other?.number).not.toBe(featureRequest.number);
    expect(await changeRequestGit(other?.id ?? '')).toMatchObject({
      oid: head,
      ref: 'refs/heads/other',
    });
  });

  it('sends the branch to the main content with --merge, opening no change request', async () => {
    const revision = await spaceRevision(spaceId);
    const pushed = await runDocsync(['push', '--merge', '--json'], repo.dir, '', env(), {
      stderrIsTTY: true,
    });
    expect(pushed.code).toBe(0);
    // `--json` output is for scripts: no progress even on a terminal.
    expect(pushed.stderr).toBe('');
    const result = JSON.parse(pushed.stdout) as {
      outcome: string;
      changeRequest?: unknown;
      archivedChangeRequest?: { subject: string; status: string };
    };
    expect(result.outcome).toBe('pushed');
    expect(result.changeRequest).toBeUndefined();
    // The branch's change request holds what the main content has now: archived, so merging
    // it later cannot apply its commits a second time.
    expect(result.archivedChangeRequest).toMatchObject({ subject: 'other', status: 'archived' });
    expect(await spaceRevision(spaceId)).not.toBe(revision);
    const info = await server.http.get(`/v1/spaces/${spaceId}/git/info`);
    expect((info.body as { lastSync?: { git: { oid: string } } }).lastSync?.git.oid).toBe(
      await repo.resolve('other'),
    );
    expect((await writableChangeRequests(spaceId)).map((item) => item.subject)).not.toContain(
      'other',
    );
  });

  it('pulls a merged change request back as a `DOCSYNC-n: subject` commit by its author', async () => {
    const merged = await server.http.request(
      'POST',
      `/v1/spaces/${spaceId}/change-requests/${featureRequest.id}/merge`,
    );
    expect(merged.status).toBe(200);
    expect((merged.body as { result: string }).result).toBe('merge');
    await repo.checkout('main');

    const pulled = await pull(contextFor(repo, spaceId));
    expect(pulled.outcome).toBe('pulled');
    const commit = await readCommit({ fs, dir: repo.dir, ref: 'main' });
    expect(commit.oid).toBe(pulled.commit);
    expect(commit.message).toBe(
      `DOCSYNC-${String(featureRequest.number)}: ${featureRequest.subject}\n`,
    );
    expect(commit.author).toMatchObject({ name: 'Admin', email: 'admin@example.com' });
    expect(commit.committer.name).toBe('docsync');
    expect(await readText(repo, 'quote.md')).toContain('And a second thought.');
    expect(await readText(repo, 'tables.md')).toContain('Added on other, again.');
    expect((await pull(contextFor(repo, spaceId))).outcome).toBe('in-sync');
  });
});

describe('push --merge when the superseded change request cannot be archived', () => {
  it('reports the push (the content landed) with a warning, and leaves the request as it was', async () => {
    const spaceId = await newSpace('archive refused');
    const repo = await repoWith(corpusFiles('git-sync-normalization'));
    expect((await push(contextFor(repo, spaceId), { merge: true })).outcome).toBe('pushed');
    await repo.writeFiles({ [`${DOCS}/quote.md`]: `${await readText(repo, 'quote.md')}\nMore.\n` });
    await repo.commit('Say more');
    const opened = await push(contextFor(repo, spaceId));
    expect(opened.changeRequest).toBeDefined();

    // The service refuses the archive (a busy proxy, a permission taken away meanwhile).
    const context = contextFor(repo, spaceId);
    const real = context.client.api;
    const refusing: SyncContext = {
      ...context,
      client: {
        ...context.client,
        api: {
          listAll: real.listAll.bind(real),
          request: ((operation: string, ...rest: unknown[]) =>
            operation === 'updateChangeRequestById'
              ? Promise.reject(new Error('HTTP 503: injected'))
              : (real.request.bind(real) as (...args: unknown[]) => unknown)(
                  operation,
                  ...rest,
                )) as typeof real.request,
        },
      },
    };
    const revision = await spaceRevision(spaceId);
    const merged = await push(refusing, { merge: true });
    expect(merged.outcome).toBe('pushed');
    expect(merged.archivedChangeRequest).toBeUndefined();
    expect(merged.warnings).toEqual([expect.stringContaining('could not be archived (HTTP 503')]);
    expect(await spaceRevision(spaceId)).not.toBe(revision);
    expect((await writableChangeRequests(spaceId)).map((item) => item.id)).toEqual([
      opened.changeRequest?.id,
    ]);
    // Nothing to send any more: the person archives it, as the warning says.
    expect((await push(contextFor(repo, spaceId), { merge: true })).outcome).toBe('in-sync');
  });
});
