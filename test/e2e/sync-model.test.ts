/**
 * Model-based randomized test of sync: random sequences of local commits (edits, adds, deletes,
 * moves of pages, asset, include and `.gitbook.yaml` redirect edits), commits on a second
 * branch merged into the synced one, service edits through change requests (merged and not),
 * pushes into change requests and into the main content, merges of the branch's change request,
 * pulls and daemon cycles (both modes), against a real server and a real git repository. An oracle tracks every
 * paragraph edit; at the end, after reconciling both sides, every edit is either present on
 * both sides, overwritten by a later edit of the same paragraph, in a page deleted later, lost
 * to a conflict that was reported and settled by a strategy, or (an unmerged change request's)
 * absent from both; files the service does not model are never touched.
 *
 * Seeded: SYNC_MODEL_SEED (default 1..3 in CI) and SYNC_MODEL_OPS (default 60 a seed). The seed
 * is printed on failure; run more locally, e.g.
 * `SYNC_MODEL_SEED=7 SYNC_MODEL_OPS=2000 npm exec -- vitest run test/e2e/sync-model.test.ts`.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { mkdirSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gitBlobId, revisionToTree, treeToRevision } from '@docsync/core';
import { startTestServer, type TestServer } from '@docsync/server/testing';
import {
  createSyncClient,
  findBranchChangeRequest,
  SyncError,
  pull,
  push,
  type SyncContext,
  type SyncOptions,
  type SyncResult,
} from '@docsync/sync';
import { syncRepository } from '@docsync/daemon';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../bench/generate-space.ts';

const SEEDS = (process.env.SYNC_MODEL_SEED ?? '1,2,3').split(',').map(Number);
const OPS = Number(process.env.SYNC_MODEL_OPS ?? 60);

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const PARAGRAPHS = 3;
const GITBOOK_YAML =
  'root: ./\n\nstructure:\n  readme: README.md\n  summary: SUMMARY.md\n\nredirects:\n  r0: page-1.md\n';
const UNMODELED: Record<string, string> = {
  LICENSE: 'MIT License\n\nCopyright the authors.\n',
  '.github/workflows/ci.yml': 'on: push\njobs: {}\n',
  'notes/unlisted.md': '# Not in the summary\n\nKept as it is.\n',
};

interface PageModel {
  key: string;
  title: string;
  path: string;
}

/** One paragraph edit the oracle accounts for. */
interface Edit {
  token: string;
  page: string;
  paragraph: number;
  side: 'local' | 'service';
  op: number;
  /** A service edit in a change request that is never merged: must never arrive. */
  unmerged?: boolean;
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd: dir,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'Model',
      GIT_AUTHOR_EMAIL: 'model@example.test',
      GIT_COMMITTER_NAME: 'Model',
      GIT_COMMITTER_EMAIL: 'model@example.test',
    },
  });
}

function pageText(page: PageModel, tokens: readonly string[]): string {
  return `# ${page.title}\n\n${tokens.map((token, index) => `${page.key}.${String(index)}:${token}`).join('\n\n')}\n`;
}

function summaryText(pages: readonly PageModel[]): string {
  return `# Table of contents\n\n* [Welcome](README.md)\n${pages.map((page) => `* [${page.title}](${page.path})\n`).join('')}`;
}

/** The paragraph tokens found in a text, by `page.paragraph`. */
function tokensIn(text: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of text.matchAll(/^(p\d+)\.(\d+):(\S+)$/gm))
    found.set(`${match[1] as string}.${match[2] as string}`, match[3] as string);
  return found;
}

class Model {
  readonly rand: () => number;
  readonly repo: TempDir;
  readonly spaceId: string;
  readonly pages: PageModel[] = [];
  readonly edits: Edit[] = [];
  readonly deletedPages = new Map<string, number>();
  readonly conflicts: { paths: string[]; strategy: 'ours' | 'theirs'; op: number }[] = [];
  /**
   * SUMMARY.md entries a person's `git merge` left naming a missing file (git merges the lines
   * of the table of contents apart from the renames of files): theirs, not docsync's. The page
   * is not in the space while its entry is broken.
   */
  readonly brokenByPerson = new Set<string>();
  /** The pages of those entries, with the operation: their earlier edits left with the page. */
  readonly brokenPages: { key: string; op: number }[] = [];
  /** Pages whose SUMMARY.md entry a strategy or a merge dropped: unlisted files since. */
  readonly unlisted = new Set<string>();
  /**
   * Redirects added to `.gitbook.yaml` on the branch, with the operation: every one must reach
   * both sides, unless a person's merge took `feature`'s lines of the file later.
   */
  readonly redirects: { key: string; op: number }[] = [{ key: 'r0', op: 0 }];
  /** Paragraph edits committed on the `feature` branch, not yet merged into `main`. */
  feature: Omit<Edit, 'op'>[] = [];
  /**
   * What a merge of `feature` settled by the feature's side (`-X theirs`) took from the feature
   * over `main`'s: paragraphs whose token it set to one that is not a feature edit, and
   * redirects it dropped, with the operation. The person's choice: edits of those, made before,
   * are excused; nothing else is.
   */
  readonly featureWins: { keys: Set<string>; redirects: Set<string>; op: number }[] = [];
  /** The change request `feature` is pushed into, with the feature edits it holds. */
  featureChangeRequest: { id: string; edits: Omit<Edit, 'op'>[] } | undefined;
  readonly log: string[] = [];
  next = 0;
  op = 0;
  asset = 0;
  /**
   * The git object cache the daemon's cycles read through, kept across every cycle of the run
   * (the daemon keeps one per repository for at most its `cacheTtl`): what an earlier cycle
   * read must never mislead a later one.
   */
  readonly daemonCache: object = {};
  changeRequest: string | undefined;

  constructor(seed: number, repo: TempDir, spaceId: string) {
    this.rand = seededRandom(seed);
    this.repo = repo;
    this.spaceId = spaceId;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.rand() * items.length)] as T;
  }

  token(): string {
    this.next += 1;
    return `t${String(this.next)}`;
  }

  context(): SyncContext {
    return {
      fs,
      dir: this.repo.path,
      config: { url: server.baseUrl, space: this.spaceId, branch: 'main', dir: '' },
      client: createSyncClient({ baseUrl: server.baseUrl, token: server.token }),
    };
  }

  file(path: string): string | undefined {
    const full = join(this.repo.path, path);
    return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
  }

  write(path: string, text: string | Uint8Array): void {
    const full = join(this.repo.path, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }

  commit(message: string): void {
    this.log.push(`${String(this.op)} git commit: ${message}`);
    git(this.repo.path, 'add', '-A');
    git(this.repo.path, 'commit', '-q', '--allow-empty', '-m', message);
  }

  async init(): Promise<void> {
    for (let index = 1; index <= 4; index += 1) {
      const page = {
        key: `p${String(index)}`,
        title: `Page ${String(index)}`,
        path: `page-${String(index)}.md`,
      };
      this.pages.push(page);
    }
    const files: Record<string, string | Uint8Array> = {
      'README.md': '# Welcome\n\nStart here.\n\n{% include ".gitbook/includes/note.md" %}\n',
      'SUMMARY.md': summaryText(this.pages),
      '.gitbook/includes/note.md': '# Note\n\nnote:t0\n',
      '.gitbook.yaml': GITBOOK_YAML,
      '.gitbook/assets/pic.png': new Uint8Array([137, 80, 78, 71, 0, 0, 0, 1]),
    };
    for (const page of this.pages) files[page.path] = pageText(page, ['t0', 't0', 't0']);
    // The service's canonical form, so that a page the service edits differs only where edited.
    const read = treeToRevision(
      Object.entries(files).map(([path, content]) =>
        typeof content === 'string'
          ? {
              path,
              oid: gitBlobId(content),
              size: new TextEncoder().encode(content).byteLength,
              text: content,
            }
          : { path, oid: gitBlobId(content), size: content.byteLength },
      ),
      { idNamespace: this.spaceId },
    );
    for (const file of revisionToTree(read.content, { config: read.config }).files)
      if (file.text !== undefined) files[file.path] = file.text;
    git(this.repo.path, 'init', '-q', '-b', 'main');
    for (const [path, content] of Object.entries({ ...files, ...UNMODELED }))
      this.write(path, content);
    this.commit('initial docs');
    git(this.repo.path, 'branch', 'feature');
    expect(this.file('.gitbook.yaml'), 'redirects are the last map').toMatch(
      /redirects:\n( {2}\S+: \S+\n)+$/,
    );
    await this.sync('push --merge', () => push(this.context(), { merge: true }));
  }

  /** Runs a sync; on conflicts, settles them as a script would (abort, then a strategy). */
  async sync(
    what: string,
    run: (options: SyncOptions) => Promise<SyncResult>,
    onMain = true,
  ): Promise<SyncResult> {
    const result = await run({ allowMassDelete: true });
    this.log.push(`${String(this.op)} ${what}: ${result.outcome}`);
    if (result.outcome !== 'conflicts') {
      if (onMain) this.readListedPages();
      return result;
    }
    const strategy = this.rand() < 0.5 ? 'ours' : 'theirs';
    this.conflicts.push({ paths: result.conflicts.map((c) => c.path), strategy, op: this.op });
    this.log.push(`  conflicts ${result.conflicts.map((c) => c.path).join(', ')} → ${strategy}`);
    git(this.repo.path, 'merge', '--abort');
    const settled = await run({ allowMassDelete: true, strategy });
    expect(settled.outcome, `after --strategy ${strategy}`).not.toBe('conflicts');
    if (onMain) this.readListedPages();
    return settled;
  }

  /**
   * The pages SUMMARY.md lists now, read after every sync and merge: a pull brings pages the
   * space added (a merged change request of another branch can bring back a page deleted here),
   * a strategy or a person's merge can keep a page one side deleted or drop an entry, and the
   * model's own SUMMARY.md writes must start from what the repository holds. A page whose entry
   * a strategy or merge dropped stays as an unlisted file: not the space's any more.
   */
  readListedPages(): void {
    const listed: PageModel[] = [];
    for (const match of (this.file('SUMMARY.md') ?? '').matchAll(
      /^\* \[(Page (p?\d+))\]\(([^)]+)\)$/gm,
    )) {
      const name = match[2] as string;
      if (this.file(match[3] as string) === undefined) continue;
      listed.push({
        key: name.startsWith('p') ? name : `p${name}`,
        title: match[1] as string,
        path: match[3] as string,
      });
    }
    const now = new Set(listed.map((page) => page.key));
    for (const page of this.pages) if (!now.has(page.key)) this.unlisted.add(page.key);
    this.pages.splice(0, this.pages.length, ...listed);
    for (const page of listed) {
      this.deletedPages.delete(page.key);
      this.unlisted.delete(page.key);
    }
  }

  livePage(): PageModel {
    return this.pick(this.pages);
  }

  localEdit(): void {
    const page = this.livePage();
    const text = this.file(page.path);
    if (text === undefined) return;
    const paragraph = Math.floor(this.rand() * PARAGRAPHS);
    const token = this.token();
    const updated = text.replace(
      new RegExp(`^${page.key}\\.${String(paragraph)}:\\S+$`, 'm'),
      `${page.key}.${String(paragraph)}:${token}`,
    );
    if (updated === text) return;
    this.write(page.path, updated);
    this.edits.push({ token, page: page.key, paragraph, side: 'local', op: this.op });
    this.commit(`edit ${page.key}.${String(paragraph)} = ${token}`);
  }

  localAdd(): void {
    const key = `p${String(100 + this.op)}`;
    const page = { key, title: `Page ${key}`, path: `added/${key}.md` };
    const tokens = [this.token(), this.token(), this.token()];
    this.pages.push(page);
    this.write(page.path, pageText(page, tokens));
    tokens.forEach((token, paragraph) =>
      this.edits.push({ token, page: key, paragraph, side: 'local', op: this.op }),
    );
    this.write('SUMMARY.md', summaryText(this.pages));
    this.commit(`add ${key}`);
  }

  localDelete(): void {
    if (this.pages.length <= 3) return;
    const page = this.livePage();
    this.pages.splice(this.pages.indexOf(page), 1);
    this.deletedPages.set(page.key, this.op);
    rmSync(join(this.repo.path, page.path), { force: true });
    this.write('SUMMARY.md', summaryText(this.pages));
    this.commit(`delete ${page.key}`);
  }

  localMove(): void {
    const page = this.livePage();
    if (this.file(page.path) === undefined) return;
    const to = page.path.startsWith('moved/') ? `${page.key}-back.md` : `moved/${page.key}.md`;
    // An unlisted copy of the page already there (a merge kept both): a person picks another move.
    if (this.file(to) !== undefined) return;
    mkdirSync(dirname(join(this.repo.path, to)), { recursive: true });
    git(this.repo.path, 'mv', page.path, to);
    page.path = to;
    this.write('SUMMARY.md', summaryText(this.pages));
    this.commit(`move ${page.key}`);
  }

  localAsset(): void {
    this.asset += 1;
    this.write(
      '.gitbook/assets/pic.png',
      new Uint8Array([137, 80, 78, 71, 0, 0, 0, this.asset % 250]),
    );
    this.commit('new picture');
  }

  /** Adds a redirect to `.gitbook.yaml` (its last map, as the model writes it). */
  localRedirect(): void {
    const text = this.file('.gitbook.yaml');
    if (text === undefined) return;
    const key = `r${String(this.op)}`;
    this.write('.gitbook.yaml', `${text}  ${key}: ${this.livePage().path}\n`);
    this.redirects.push({ key, op: this.op });
    this.commit(`redirect ${key}`);
  }

  /** Edits a paragraph on the `feature` branch (started from `main` when it has nothing new). */
  featureEdit(): void {
    const dir = this.repo.path;
    git(dir, 'checkout', '-q', 'feature');
    try {
      // A person edits the branch's pages: files its SUMMARY.md lists. A merge can leave an old
      // copy of a page unlisted (kept as a file the space does not model): an edit there is not
      // a page edit, and the space never sees it (found at seed 1, 7,112 operations).
      const listed = new Set(listedPaths(this.file('SUMMARY.md') ?? ''));
      const files = git(dir, 'ls-files')
        .split('\n')
        .filter((path) => listed.has(path) && tokensIn(this.file(path) ?? '').size > 0);
      if (files.length === 0) return;
      const path = this.pick(files);
      const text = this.file(path) ?? '';
      const target = this.pick([...tokensIn(text).keys()]);
      const [page, paragraph] = target.split('.') as [string, string];
      const token = this.token();
      this.write(
        path,
        text.replace(new RegExp(`^${page}\\.${paragraph}:\\S+$`, 'm'), `${target}:${token}`),
      );
      this.feature.push({ token, page, paragraph: Number(paragraph), side: 'local' });
      this.commit(`feature: edit ${target} = ${token}`);
    } finally {
      git(dir, 'checkout', '-q', 'main');
    }
  }

  /**
   * Merges `feature` into `main` as a person does: a plain merge, or on conflicts the feature's
   * side of each conflicting hunk; a feature whose page `main` deleted is dropped. Its edits
   * count from this operation on.
   */
  mergeFeature(): void {
    if (this.feature.length === 0) return;
    const dir = this.repo.path;
    const merge = (...args: string[]) => {
      try {
        git(dir, 'merge', '-q', '--no-edit', ...args, 'feature');
        return true;
      } catch {
        git(dir, 'merge', '--abort');
        return false;
      }
    };
    const [tokensBefore, yamlBefore] = [this.repoTokens(), this.file('.gitbook.yaml') ?? ''];
    if (merge()) this.log.push(`${String(this.op)} git merge feature`);
    else if (merge('-X', 'theirs')) {
      const tokensAfter = this.repoTokens();
      const featureTokens = new Set(this.feature.map((edit) => edit.token));
      // A paragraph whose tokens the merge changed to anything but feature edits.
      const keys = new Set(
        [...tokensBefore].flatMap(([key, tokens]) => {
          const after = tokensAfter.get(key) ?? [];
          const kept = tokens.every((token) => after.includes(token));
          const fromFeature = after.filter((token) => !tokens.includes(token));
          return kept && fromFeature.every((token) => featureTokens.has(token)) ? [] : [key];
        }),
      );
      const yamlAfter = this.file('.gitbook.yaml') ?? '';
      const redirects = new Set(
        this.redirects
          .map((redirect) => redirect.key)
          .filter((key) => {
            const line = new RegExp(`^  ${key}: `, 'm');
            return line.test(yamlBefore) && !line.test(yamlAfter);
          }),
      );
      this.featureWins.push({ keys, redirects, op: this.op });
      this.log.push(
        `${String(this.op)} git merge -X theirs feature (took ${[...keys, ...redirects].join(', ') || 'nothing of main'})`,
      );
    } else {
      this.log.push(`${String(this.op)} git merge feature: dropped`);
      this.feature = [];
    }
    for (const path of this.listedMissing()) {
      this.brokenByPerson.add(path);
      const entry = (this.file('SUMMARY.md') ?? '').match(
        new RegExp(`^\\* \\[Page (p?\\d+)\\]\\(${path.replace(/[.]/g, '\\.')}\\)$`, 'm'),
      );
      const name = entry?.[1];
      if (name !== undefined)
        this.brokenPages.push({ key: name.startsWith('p') ? name : `p${name}`, op: this.op });
      this.log.push(`  the merge left SUMMARY.md naming ${path}, which it does not have`);
    }
    for (const edit of this.feature) this.edits.push({ ...edit, op: this.op });
    this.feature = [];
    git(dir, 'branch', '-f', 'feature', 'main');
    this.readListedPages();
  }

  /**
   * Pushes `feature` into its own change request while `main` is checked out; when the space's
   * changes conflict with it, does what the message says (check it out, push there, settle).
   */
  async pushFeature(): Promise<void> {
    if (this.feature.length === 0) return;
    const dir = this.repo.path;
    const run = (options: SyncOptions) => push(this.context(), { ...options, branch: 'feature' });
    let pushed: SyncResult;
    try {
      pushed = await run({ allowMassDelete: true });
      this.log.push(`${String(this.op)} push feature: ${pushed.outcome}`);
    } catch (error) {
      if (!(error instanceof SyncError) || error.code !== 'merge-needs-checkout') throw error;
      this.log.push(`${String(this.op)} push feature: needs a checkout`);
      expect(git(dir, 'rev-parse', '--abbrev-ref', 'HEAD').trim(), 'nothing changed').toBe('main');
      expect(existsSync(join(dir, '.git', 'MERGE_HEAD')), 'no merge left on main').toBe(false);
      git(dir, 'checkout', '-q', 'feature');
      const held = this.featureEditFiles();
      const conflictsBefore = this.conflicts.length;
      try {
        pushed = await this.sync('  push feature (checked out)', run, false);
      } finally {
        git(dir, 'checkout', '-q', 'main');
      }
      const settled = this.conflicts.slice(conflictsBefore);
      if (settled.some((conflict) => conflict.strategy === 'theirs'))
        this.dropFeatureEditsLostTo(settled, held);
    }
    if (pushed.changeRequest !== undefined) {
      this.featureChangeRequest = { id: pushed.changeRequest.id, edits: [...this.feature] };
      this.log.push(
        `  feature ${git(dir, 'rev-parse', '--short', 'feature').trim()} → change request ${pushed.changeRequest.id}`,
      );
      await this.expectChangeRequestHoldsBranch(pushed.changeRequest.id, 'feature');
    }
  }

  /** The file of `feature` that holds each feature edit's paragraph, by token. */
  featureEditFiles(): Map<string, string> {
    const files = new Map<string, string>();
    for (const edit of this.feature) {
      let found = '';
      try {
        found = git(
          this.repo.path,
          'grep',
          '-l',
          `^${edit.page}\\.${String(edit.paragraph)}:${edit.token}$`,
          'feature',
        );
      } catch {
        // No file holds it (a merge of the space's changes already replaced it).
      }
      const path = found.split('\n')[0]?.replace(/^feature:/, '');
      if (path) files.set(edit.token, path);
    }
    return files;
  }

  /**
   * After a push of `feature` whose conflicts a person settled with the space's side: feature
   * edits in a conflicting file that the branch no longer holds were given up by that choice,
   * and leave the feature (logged). An edit gone from a file that did not conflict stays, and
   * the final check reports it lost. (Seed 3122, 300 operations: an edit of `page-4.md` on the
   * feature, given up to the space's moved copy of the page, was counted as lost when the
   * change request merged.)
   */
  dropFeatureEditsLostTo(
    settled: readonly { paths: string[]; strategy: 'ours' | 'theirs' }[],
    held: ReadonlyMap<string, string>,
  ): void {
    const conflicting = new Set(
      settled.filter((conflict) => conflict.strategy === 'theirs').flatMap((c) => c.paths),
    );
    const now = this.branchTokens('feature');
    this.feature = this.feature.filter((edit) => {
      const key = `${edit.page}.${String(edit.paragraph)}`;
      const path = held.get(edit.token);
      if ((now.get(key) ?? []).includes(edit.token) || path === undefined) return true;
      if (!conflicting.has(path)) return true;
      this.log.push(`  feature edit ${edit.token} (${key}, ${path}) given up to the space's side`);
      return false;
    });
  }

  /** The paragraph tokens of the pages a branch's SUMMARY.md lists, from its commit. */
  branchTokens(branch: string): Map<string, string[]> {
    const found = new Map<string, string[]>();
    const summary = git(this.repo.path, 'show', `${branch}:SUMMARY.md`);
    const missing = new Set(this.listedMissing(branch));
    for (const path of missing)
      expect(this.brokenByPerson, `SUMMARY.md of ${branch} names ${path}, which is gone`).toContain(
        path,
      );
    for (const match of summary.matchAll(/^\* \[Page p?\d+\]\(([^)]+)\)$/gm))
      if (!missing.has(match[1] as string))
        for (const [key, token] of tokensIn(
          git(this.repo.path, 'show', `${branch}:${match[1] as string}`),
        ))
          found.set(key, [...(found.get(key) ?? []), token]);
    return found;
  }

  /** Right after a push: the change request holds every listed paragraph as the branch has it. */
  async expectChangeRequestHoldsBranch(changeRequest: string, branch: string): Promise<void> {
    const listing = await server.http.get(
      `/v1/spaces/${this.spaceId}/git/tree?changeRequest=${changeRequest}`,
    );
    const paths = (listing.body as { files: { path: string; page?: string }[] }).files
      .filter((file) => file.page !== undefined)
      .map((file) => file.path);
    const read = await server.http.request('POST', `/v1/spaces/${this.spaceId}/git/tree/files`, {
      body: { paths, changeRequest },
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    // A page can be listed twice (a merge from an older base keeps both copies): any of them.
    const held = new Map<string, string[]>();
    for (const file of (read.body as { files: { text?: string }[] }).files)
      for (const [key, token] of tokensIn(file.text ?? ''))
        held.set(key, [...(held.get(key) ?? []), token]);
    for (const [key, tokens] of this.branchTokens(branch))
      for (const token of tokens)
        expect(held.get(key), `${key} of ${branch} in change request ${changeRequest}`).toContain(
          token,
        );
  }

  /**
   * Merges `feature`'s change request in the service: its edits reach the main content, and
   * reach `main` as the space's changes do (a conflict a pull settles with `main`'s side can
   * drop them: their side is the service's). They leave the feature's list: what becomes of
   * them from here is the space's story, and a later push of the branch must not count them
   * again. (Seed 3137, 300 operations: a feature edit of a page `main` had deleted came back
   * with the first change request, the deletion won the pull's conflict as `main`'s side, and
   * the edit, still listed as the feature's, was counted again when the branch's second change
   * request merged.)
   */
  async mergeFeatureChangeRequest(): Promise<void> {
    if (this.featureChangeRequest === undefined) return;
    const merged = await server.http.request(
      'POST',
      `/v1/spaces/${this.spaceId}/change-requests/${this.featureChangeRequest.id}/merge`,
    );
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const result = (merged.body as { result?: string }).result;
    this.log.push(`${String(this.op)} merge feature's change request: ${String(result)}`);
    if (result !== 'merge') return;
    const landed = new Set(this.featureChangeRequest.edits.map((edit) => edit.token));
    for (const edit of this.featureChangeRequest.edits)
      this.edits.push({ ...edit, side: 'service', op: this.op });
    this.feature = this.feature.filter((edit) => !landed.has(edit.token));
    this.featureChangeRequest = undefined;
  }

  /** One cycle of the daemon's (forced, as at start-up); conflicts settled as a script would. */
  async daemonCycle(mode: 'change-request' | 'direct'): Promise<void> {
    const cycle = () =>
      syncRepository(
        {
          name: 'model',
          path: this.repo.path,
          branch: 'main',
          directory: '',
          space: this.spaceId,
          mode,
        },
        {
          url: server.baseUrl,
          client: this.context().client,
          cache: this.daemonCache,
          last: undefined,
          force: true,
        },
      );
    const result = await cycle();
    const steps = () => result.steps.map((step) => `${step.operation} ${step.outcome}`).join(', ');
    this.log.push(`${String(this.op)} daemon cycle (${mode}): ${steps()}`);
    const conflicted = result.steps.find((step) => step.outcome === 'conflicts');
    if (conflicted !== undefined) {
      const strategy = this.rand() < 0.5 ? 'ours' : 'theirs';
      this.conflicts.push({ paths: (conflicted.detail ?? '').split(', '), strategy, op: this.op });
      this.log.push(`  conflicts ${conflicted.detail ?? ''} → ${strategy}`);
      git(this.repo.path, 'merge', '--abort');
      const settled = await pull(this.context(), { allowMassDelete: true, strategy });
      expect(settled.outcome, `pull --strategy ${strategy}`).not.toBe('conflicts');
      this.readListedPages();
      const again = await cycle();
      this.log.push(
        `  again: ${again.steps.map((step) => `${step.operation} ${step.outcome}`).join(', ')}`,
      );
      expect(again.steps.map((step) => step.outcome)).not.toContain('conflicts');
    }
    this.readListedPages();
    if (mode === 'change-request') await this.findBranchChangeRequest();
    else this.changeRequest = undefined;
  }

  /** The change request the branch's pushes go to (the daemon reports its number only). */
  async findBranchChangeRequest(): Promise<void> {
    const found = await findBranchChangeRequest(this.context().client, this.spaceId, {
      ref: 'refs/heads/main',
    });
    this.changeRequest = found?.changeRequest.id;
  }

  localInclude(): void {
    this.write('.gitbook/includes/note.md', `# Note\n\nnote:${this.token()}\n`);
    this.commit('edit the include');
  }

  /** The service's page ids by path (its `git/tree` listing). */
  async servicePages(): Promise<Map<string, string>> {
    const listing = await server.http.get(`/v1/spaces/${this.spaceId}/git/tree`);
    const files = (listing.body as { files: { path: string; page?: string }[] }).files;
    return new Map(
      files.flatMap((file) => (file.page === undefined ? [] : [[file.path, file.page]])),
    );
  }

  /** A person edits one paragraph in the service through a change request (merged or not). */
  async serviceEdit(merge: boolean): Promise<void> {
    const ids = await this.servicePages();
    const candidates = [...ids].filter(([path]) => path !== 'README.md');
    if (candidates.length === 0) return;
    const [, pageId] = this.pick(candidates);
    const opened = await server.http.request('POST', `/v1/spaces/${this.spaceId}/change-requests`, {
      body: { subject: `service edit ${String(this.op)}` },
    });
    const cr = opened.body as { id: string };
    const read = await server.http.get(
      `/v1/spaces/${this.spaceId}/change-requests/${cr.id}/content/page/${pageId}?format=markdown`,
    );
    const markdown = (read.body as { markdown?: string }).markdown ?? '';
    const found = [...tokensIn(markdown).keys()];
    if (found.length === 0) return;
    const target = this.pick(found);
    const [page, paragraph] = target.split('.') as [string, string];
    const token = this.token();
    const updated = markdown.replace(
      new RegExp(`^${page}\\.${paragraph}:\\S+$`, 'm'),
      `${target}:${token}`,
    );
    const applied = await server.http.request(
      'POST',
      `/v1/spaces/${this.spaceId}/change-requests/${cr.id}/content`,
      {
        body: { changes: [{ type: 'update_page', page: pageId, document: { markdown: updated } }] },
      },
    );
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    this.log.push(
      `${String(this.op)} service: ${target} = ${token}${merge ? '' : ' (not merged)'}`,
    );
    this.edits.push({
      token,
      page,
      paragraph: Number(paragraph),
      side: 'service',
      op: this.op,
      ...(merge ? {} : { unmerged: true }),
    });
    if (!merge) return;
    const merged = await server.http.request(
      'POST',
      `/v1/spaces/${this.spaceId}/change-requests/${cr.id}/merge`,
    );
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
  }

  async mergeBranchChangeRequest(): Promise<void> {
    if (this.changeRequest === undefined) return;
    const merged = await server.http.request(
      'POST',
      `/v1/spaces/${this.spaceId}/change-requests/${this.changeRequest}/merge`,
    );
    const result = (merged.body as { result?: string }).result;
    this.log.push(
      `${String(this.op)} merge the branch's change request: ${String(merged.status)} ${String(result)}`,
    );
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    // A change request the service cannot merge (conflicts with the main content) stays open and
    // the branch's next push updates it; one that merged is done.
    if (result === 'merge') this.changeRequest = undefined;
  }

  /** Milliseconds spent by kind of operation (printed with SYNC_MODEL_TIMING=1). */
  readonly timing = new Map<string, { count: number; ms: number }>();

  async step(): Promise<void> {
    const started = performance.now();
    const before = this.log.length;
    await this.randomStep();
    // SYNC_MODEL_TRACE=p12.1: that paragraph on each side after every operation (post-mortems).
    const traced = process.env.SYNC_MODEL_TRACE;
    if (traced !== undefined) {
      const [repo, service] = [this.repoTokens(), await this.serviceTokens()];
      let holders = '';
      try {
        holders = git(this.repo.path, 'grep', '-l', `^${traced}:`, 'HEAD', 'feature')
          .trim()
          .replace(/\n/g, ' ');
      } catch {
        // No file holds it.
      }
      this.log.push(
        `  trace ${traced}: branch ${String(repo.get(traced))} (${holders}), service ${String(service.get(traced))}`,
      );
    }
    const kind = (this.log[before] ?? ' (nothing)')
      .replace(/^\d+ /, '')
      .replace(/[:=(].*$/, '')
      .replace(/ p\d+.*$/, '')
      .trim();
    const spent = this.timing.get(kind) ?? { count: 0, ms: 0 };
    this.timing.set(kind, { count: spent.count + 1, ms: spent.ms + performance.now() - started });
  }

  async randomStep(): Promise<void> {
    this.op += 1;
    const roll = this.rand();
    if (roll < 0.25) this.localEdit();
    else if (roll < 0.3) this.localAdd();
    else if (roll < 0.33) this.localDelete();
    else if (roll < 0.38) this.localMove();
    else if (roll < 0.4) this.localAsset();
    else if (roll < 0.42) this.localInclude();
    else if (roll < 0.44) this.localRedirect();
    else if (roll < 0.46) this.featureEdit();
    else if (roll < 0.47) this.mergeFeature();
    else if (roll < 0.48) await this.pushFeature();
    else if (roll < 0.49) await this.mergeFeatureChangeRequest();
    else if (roll < 0.62) await this.serviceEdit(true);
    else if (roll < 0.64) await this.serviceEdit(false);
    else if (roll < 0.71) {
      const pushed = await this.sync('push', (options) => push(this.context(), options));
      if (pushed.changeRequest !== undefined) this.changeRequest = pushed.changeRequest.id;
    } else if (roll < 0.76) await this.mergeBranchChangeRequest();
    else if (roll < 0.83) {
      const pushed = await this.sync('push --merge', (options) =>
        push(this.context(), { ...options, merge: true }),
      );
      if (pushed.archivedChangeRequest !== undefined) this.changeRequest = undefined;
    } else if (roll < 0.86) await this.daemonCycle(this.rand() < 0.5 ? 'change-request' : 'direct');
    else await this.sync('pull', (options) => pull(this.context(), options));
  }

  /** Brings both sides together: pull, push into the main content, until both are in sync. */
  async reconcile(): Promise<void> {
    for (let round = 0; round < 4; round += 1) {
      const pulled = await this.sync('final pull', (options) => pull(this.context(), options));
      const pushed = await this.sync('final push --merge', (options) =>
        push(this.context(), { ...options, merge: true }),
      );
      if (pulled.outcome === 'in-sync' && pushed.outcome === 'in-sync') return;
    }
    throw new Error('the two sides did not come to rest after four rounds');
  }

  /** A file of the service's Git Sync tree as text (`git/tree/files`). */
  async serviceFile(path: string): Promise<string | undefined> {
    const read = await server.http.request('POST', `/v1/spaces/${this.spaceId}/git/tree/files`, {
      body: { paths: [path] },
    });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    const files = (read.body as { files: { path: string; text?: string }[] }).files;
    return files.find((file) => file.path === path)?.text;
  }

  /**
   * Paragraph tokens of the service's content, from its listing and file reads: every copy's
   * (a person's merge can list two copies of a page), sorted.
   */
  async serviceTokens(): Promise<Map<string, string[]>> {
    const ids = await this.servicePages();
    const found = new Map<string, string[]>();
    for (const pageId of ids.values()) {
      const read = await server.http.get(
        `/v1/spaces/${this.spaceId}/content/page/${pageId}?format=markdown`,
      );
      for (const [key, token] of tokensIn((read.body as { markdown?: string }).markdown ?? ''))
        found.set(key, [...(found.get(key) ?? []), token].sort());
    }
    return found;
  }

  /**
   * Paragraph tokens of the pages the branch's SUMMARY.md lists (the space's pages): a person's
   * merge can bring back an old copy of a page at an old path, unlisted, which is not the page,
   * or listed: then both copies' tokens, sorted.
   */
  repoTokens(): Map<string, string[]> {
    const found = new Map<string, string[]>();
    for (const match of (this.file('SUMMARY.md') ?? '').matchAll(
      /^\* \[Page p?\d+\]\(([^)]+)\)$/gm,
    ))
      for (const [key, token] of tokensIn(this.file(match[1] as string) ?? ''))
        found.set(key, [...(found.get(key) ?? []), token].sort());
    return found;
  }

  excused(edit: Edit): boolean {
    const key = `${edit.page}.${String(edit.paragraph)}`;
    if ((this.deletedPages.get(edit.page) ?? -1) >= edit.op) return true;
    if (this.brokenPages.some((broken) => broken.key === edit.page && broken.op >= edit.op))
      return true;
    // A later edit of the paragraph; at the same operation (a branch's edits landing together,
    // by a merge or a change request), one listed after it, as it was made after it.
    const position = this.edits.indexOf(edit);
    const later = this.edits.some(
      (other, index) =>
        other !== edit &&
        !other.unmerged &&
        `${other.page}.${String(other.paragraph)}` === key &&
        (other.op > edit.op || (other.op === edit.op && index > position)),
    );
    if (later) return true;
    // A merge of `feature` that took its side of conflicting lines: the person's choice.
    if (this.featureWins.some((won) => won.op >= edit.op && won.keys.has(key))) return true;
    return this.conflicts.some(
      (conflict) =>
        conflict.op >= edit.op && conflict.strategy !== (edit.side === 'local' ? 'ours' : 'theirs'),
    );
  }

  async check(): Promise<void> {
    const [repo, service] = [this.repoTokens(), await this.serviceTokens()];
    for (const edit of this.edits) {
      const key = `${edit.page}.${String(edit.paragraph)}`;
      if (edit.unmerged) {
        expect(repo.get(key) ?? [], `unmerged ${edit.token} reached the branch`).not.toContain(
          edit.token,
        );
        expect(service.get(key) ?? [], `unmerged ${edit.token} reached the content`).not.toContain(
          edit.token,
        );
        continue;
      }
      if (this.excused(edit)) continue;
      expect(
        repo.get(key) ?? [],
        `edit ${edit.token} (${edit.side}, op ${String(edit.op)}) on the branch`,
      ).toContain(edit.token);
      expect(
        service.get(key) ?? [],
        `edit ${edit.token} (${edit.side}, op ${String(edit.op)}) in the service`,
      ).toContain(edit.token);
    }
    for (const [key, tokens] of repo)
      if (!this.unlisted.has(key.split('.')[0] ?? ''))
        expect(service.get(key), `${key} on both sides`).toEqual(tokens);
    for (const [path, text] of Object.entries(UNMODELED)) expect(this.file(path), path).toBe(text);
    const yaml = await this.serviceFile('.gitbook.yaml');
    for (const { key, op } of this.redirects) {
      if (this.featureWins.some((won) => won.op >= op && won.redirects.has(key))) continue;
      expect(this.file('.gitbook.yaml'), `redirect ${key} on the branch`).toMatch(
        new RegExp(`^  ${key}: `, 'm'),
      );
      expect(yaml, `redirect ${key} in the service`).toMatch(new RegExp(`^  ${key}: `, 'm'));
    }
    // Every page the table of contents lists is a file, but for entries a person's merge broke.
    for (const path of this.listedMissing())
      expect(this.brokenByPerson, `SUMMARY.md names ${path}, which is gone`).toContain(path);
  }

  /** Paths SUMMARY.md (of the working tree, or of `branch`) lists that are not files of it. */
  listedMissing(branch?: string): string[] {
    const summary =
      branch === undefined
        ? (this.file('SUMMARY.md') ?? '')
        : git(this.repo.path, 'show', `${branch}:SUMMARY.md`);
    const files = new Set(
      git(this.repo.path, 'ls-tree', '-r', '--name-only', branch ?? 'HEAD').split('\n'),
    );
    return listedPaths(summary).filter((path) =>
      branch === undefined ? this.file(path) === undefined : !files.has(path),
    );
  }
}

/** The page paths a SUMMARY.md lists, as the model writes its entries. */
function listedPaths(summary: string): string[] {
  return [...summary.matchAll(/^\* \[Page p?\d+\]\(([^)]+)\)$/gm)].map(
    (match) => match[1] as string,
  );
}

describe('sync under random operations (model-based, seeded)', () => {
  for (const seed of SEEDS)
    it(
      `keeps every edit and every file, seed ${String(seed)}, ${String(OPS)} operations`,
      { timeout: Math.max(600_000, OPS * 1_000) },
      async () => {
        const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
          body: { title: `model ${String(seed)}` },
        });
        const repo = await makeTempDir('model');
        const model = new Model(seed, repo, (made.body as { id: string }).id);
        try {
          await model.init();
          for (let index = 0; index < OPS; index += 1) await model.step();
          await model.reconcile();
          await model.check();
          if (process.env.SYNC_MODEL_TIMING === '1')
            console.log(
              [...model.timing]
                .sort((a, b) => b[1].ms - a[1].ms)
                .map(
                  ([kind, { count, ms }]) =>
                    `${kind}: ${String(count)} × ${(ms / count).toFixed(0)} ms`,
                )
                .join('\n'),
            );
        } catch (error) {
          console.error(
            `sync model failed: SYNC_MODEL_SEED=${String(seed)} SYNC_MODEL_OPS=${String(OPS)}\n${model.log.slice(-60).join('\n')}`,
          );
          throw error;
        } finally {
          // SYNC_MODEL_KEEP=1 keeps the repository for a post-mortem (its path is printed).
          if (process.env.SYNC_MODEL_KEEP === '1') console.error(`kept ${repo.path}`);
          // With SYNC_MODEL_LOG=<file>: the operations and the repository's history, file by file.
          const logFile = process.env.SYNC_MODEL_LOG;
          if (logFile !== undefined)
            writeFileSync(
              logFile,
              `${model.log.join('\n')}\n\n${git(repo.path, 'log', '--all', '--stat', '--format=%h %p %an %D: %s')}`,
            );
          // git's background gc may still be writing objects: its error must not hide the test's.
          if (process.env.SYNC_MODEL_KEEP !== '1')
            await repo.remove().catch((error: unknown) => {
              console.error(`could not remove ${repo.path}: ${String(error)}`);
            });
        }
      },
    );
});
