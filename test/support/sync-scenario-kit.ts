import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import { dirname, join } from 'node:path';
import type { TestServer } from '@docsync/server/testing';
import { makeTempDir, type TempDir } from '@docsync/test-utils';
import { runDocsync, type DocsyncRun } from '../../apps/cli/src/testing/run-docsync.ts';

/**
 * What a user's sync scenario is made of, as the user sees it: a git repository driven by the
 * `git` binary, the `docsync` command, and the service's HTTP API as a person editing in the
 * service uses it (change requests, the content batch, merges). Nothing here calls into
 * `@docsync/sync`: the command line and the HTTP API are the interfaces these tests hold to.
 */

/** The identity every `git` command of a test runs as, with no user or system config read. */
const gitEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env['PATH'],
  HOME: process.env['HOME'],
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Dana Writer',
  GIT_AUTHOR_EMAIL: 'dana@example.test',
  GIT_COMMITTER_NAME: 'Dana Writer',
  GIT_COMMITTER_EMAIL: 'dana@example.test',
  LC_ALL: 'C',
});

/** Runs `git …` in `cwd` and returns its stdout; throws with stderr when git fails. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, env: gitEnv(), encoding: 'utf8', stdio: 'pipe' });
}

/** A user's clone: a real repository in a temp dir, worked on with `git` and `docsync`. */
export class UserRepo {
  readonly tempDir: TempDir;
  private readonly token: string;

  private constructor(tempDir: TempDir, token: string) {
    this.tempDir = tempDir;
    this.token = token;
  }

  get dir(): string {
    return this.tempDir.path;
  }

  /** `git init` (branch `main`), then, when `files` are given, one commit of them. */
  static async create(
    token: string,
    files?: Readonly<Record<string, string | Uint8Array>>,
    message = 'Add the docs',
  ): Promise<UserRepo> {
    const repo = new UserRepo(await makeTempDir('scenario'), token);
    repo.git('init', '-q', '-b', 'main');
    if (files !== undefined) {
      repo.write(files);
      repo.commitAll(message);
    }
    return repo;
  }

  git(...args: string[]): string {
    return git(this.dir, ...args);
  }

  /** Writes files into the working tree (nothing staged). */
  write(files: Readonly<Record<string, string | Uint8Array>>): void {
    for (const [path, content] of Object.entries(files)) {
      const full = join(this.dir, path);
      fs.mkdirSync(dirname(full), { recursive: true });
      fs.writeFileSync(full, content);
    }
  }

  read(path: string): string {
    return fs.readFileSync(join(this.dir, path), 'utf8');
  }

  bytes(path: string): Buffer {
    return fs.readFileSync(join(this.dir, path));
  }

  exists(path: string): boolean {
    return fs.existsSync(join(this.dir, path));
  }

  /** Rewrites one file with `edit` of its text. */
  edit(path: string, edit: (text: string) => string): void {
    this.write({ [path]: edit(this.read(path)) });
  }

  /** `git add -A && git commit -m message`; returns the new head. */
  commitAll(message: string): string {
    this.git('add', '-A');
    this.git('commit', '-q', '-m', message);
    return this.head();
  }

  head(ref = 'HEAD'): string {
    return this.git('rev-parse', ref).trim();
  }

  /** Every file of `ref`'s tree with its blob id (`git ls-tree -r`). */
  tree(ref = 'HEAD'): Map<string, string> {
    const out = this.git('ls-tree', '-r', '-z', ref);
    const files = new Map<string, string>();
    for (const entry of out.split('\0')) {
      if (entry === '') continue;
      const [meta = '', path = ''] = entry.split('\t');
      files.set(path, meta.split(' ')[2] ?? '');
    }
    return files;
  }

  /** The paths a commit touched (`git show --name-only`), sorted. */
  touched(ref = 'HEAD'): string[] {
    return this.git('show', '--name-only', '--format=', ref)
      .split('\n')
      .filter((line) => line !== '')
      .sort();
  }

  /** The commit's full message (`git log -1 --format=%B`). */
  message(ref = 'HEAD'): string {
    return this.git('log', '-1', '--format=%B', ref).trim();
  }

  /** `git status --porcelain` (empty when the working tree and index match the head). */
  status(): string {
    return this.git('status', '--porcelain');
  }

  /** Runs `docsync …` here, with the token in `DOCSYNC_TOKEN`. */
  docsync(...args: string[]): Promise<DocsyncRun> {
    return runDocsync(args, this.dir, '', { DOCSYNC_TOKEN: this.token });
  }

  remove(): Promise<void> {
    return this.tempDir.remove();
  }
}

/** One file of the service's content as Git Sync writes it (`GET …/git/tree`). */
export interface ServiceTreeFile {
  path: string;
  oid: string;
  size: number;
  page?: string;
  file?: string;
}

/** A change request as the service lists it. */
export interface ServiceChangeRequest {
  id: string;
  number: number;
  subject: string;
  status: string;
}

/** The service as a person uses it through the HTTP API, for one space. */
export class ServiceSpace {
  private readonly server: TestServer;
  readonly id: string;

  private constructor(server: TestServer, id: string) {
    this.server = server;
    this.id = id;
  }

  /** A new space in the server's organization. */
  static async create(server: TestServer, title: string): Promise<ServiceSpace> {
    const made = await server.http.request('POST', `/v1/orgs/${server.organizationId}/spaces`, {
      body: { title },
    });
    if (made.status !== 201) throw new Error(`creating a space: HTTP ${String(made.status)}`);
    return new ServiceSpace(server, (made.body as { id: string }).id);
  }

  private get http() {
    return this.server.http;
  }

  /** The revision the space's main content is at. */
  async revision(): Promise<string> {
    const info = await this.http.get(`/v1/spaces/${this.id}/git/info`);
    return (info.body as { revision: string }).revision;
  }

  /** The files of the main content (or a change request's), as Git Sync writes them. */
  async tree(changeRequest?: string): Promise<ServiceTreeFile[]> {
    const query = changeRequest === undefined ? '' : `?changeRequest=${changeRequest}`;
    const listed = await this.http.get(`/v1/spaces/${this.id}/git/tree${query}`);
    if (listed.status !== 200)
      throw new Error(`git/tree: HTTP ${String(listed.status)} ${listed.text}`);
    return (listed.body as { files: ServiceTreeFile[] }).files;
  }

  async paths(changeRequest?: string): Promise<string[]> {
    return (await this.tree(changeRequest)).map((file) => file.path);
  }

  /** The page at `path` of the main content: its id (throws when there is none). */
  async pageAt(path: string): Promise<string> {
    const found = (await this.tree()).find((file) => file.path === path);
    if (found?.page === undefined)
      throw new Error(
        `no page at \`${path}\` in the service; it has ${(await this.paths()).join(', ')}`,
      );
    return found.page;
  }

  /** The page's markdown as the service writes it (`GET …/content/page/{id}?format=markdown`). */
  async pageMarkdown(pageId: string, changeRequest?: string): Promise<string> {
    const base =
      changeRequest === undefined
        ? `/v1/spaces/${this.id}/content`
        : `/v1/spaces/${this.id}/change-requests/${changeRequest}/content`;
    const read = await this.http.get(`${base}/page/${pageId}?format=markdown`);
    if (read.status !== 200)
      throw new Error(`reading page ${pageId}: HTTP ${String(read.status)} ${read.text}`);
    return (read.body as { markdown: string }).markdown;
  }

  /** The text of the file at `path` of the main content, or undefined when there is none. */
  async text(path: string): Promise<string | undefined> {
    const found = (await this.tree()).find((file) => file.path === path);
    if (found === undefined) return undefined;
    if (found.page !== undefined) return this.pageMarkdown(found.page);
    const read = await this.http.request('POST', `/v1/spaces/${this.id}/git/tree/files`, {
      body: { paths: [path] },
    });
    const file = (read.body as { files: { text?: string; base64?: string }[] }).files[0];
    return file?.text ?? Buffer.from(file?.base64 ?? '', 'base64').toString('utf8');
  }

  /** Opens a change request (a draft) as a person in the service does; returns it. */
  async openChangeRequest(subject: string): Promise<ServiceChangeRequest> {
    const opened = await this.http.request('POST', `/v1/spaces/${this.id}/change-requests`, {
      body: { subject },
    });
    if (opened.status !== 201)
      throw new Error(`opening a change request: HTTP ${String(opened.status)} ${opened.text}`);
    return opened.body as ServiceChangeRequest;
  }

  /** Applies a content batch to a change request; returns the HTTP status and body text. */
  async applyChanges(
    changeRequest: string,
    changes: readonly Record<string, unknown>[],
  ): Promise<{ status: number; text: string }> {
    const applied = await this.http.request(
      'POST',
      `/v1/spaces/${this.id}/change-requests/${changeRequest}/content`,
      { body: { changes } },
    );
    return { status: applied.status, text: applied.text };
  }

  /** Merges a change request; returns the merge's `result` (`merge` or `conflicts`). */
  async merge(changeRequest: string): Promise<string> {
    const merged = await this.http.request(
      'POST',
      `/v1/spaces/${this.id}/change-requests/${changeRequest}/merge`,
    );
    if (merged.status !== 200)
      throw new Error(`merging ${changeRequest}: HTTP ${String(merged.status)} ${merged.text}`);
    return (merged.body as { result: string }).result;
  }

  /**
   * A person edits the page at `path` in the service: opens a change request, rewrites the
   * page's markdown with `edit` (of the markdown the service shows), and, unless `merge` is
   * false, merges it. Returns the change request.
   */
  async editPage(
    path: string,
    subject: string,
    edit: (markdown: string) => string,
    options: { merge?: boolean } = {},
  ): Promise<ServiceChangeRequest> {
    const page = await this.pageAt(path);
    const markdown = await this.pageMarkdown(page);
    const edited = edit(markdown);
    if (edited === markdown) throw new Error(`the edit of \`${path}\` changes nothing`);
    const changeRequest = await this.openChangeRequest(subject);
    const applied = await this.applyChanges(changeRequest.id, [
      { type: 'update_page', page, document: { markdown: edited } },
    ]);
    if (applied.status !== 200)
      throw new Error(`editing \`${path}\`: HTTP ${String(applied.status)} ${applied.text}`);
    if (options.merge !== false) {
      const result = await this.merge(changeRequest.id);
      if (result !== 'merge') throw new Error(`merging the edit of \`${path}\`: ${result}`);
    }
    return changeRequest;
  }

  /** The space's change requests with `status` (default: every status the API lists). */
  async changeRequests(
    statuses: readonly string[] = ['draft', 'open', 'merged', 'archived'],
  ): Promise<ServiceChangeRequest[]> {
    const lists = await Promise.all(
      statuses.map((status) =>
        this.http.get(`/v1/spaces/${this.id}/change-requests?status=${status}&limit=1000`),
      ),
    );
    return lists.flatMap((list) => (list.body as { items: ServiceChangeRequest[] }).items);
  }
}
