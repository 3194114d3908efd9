import * as nodeFs from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import type * as SyncModule from '@docsync/sync';
import { CliError, UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { connectToService } from '../service-connection.js';

/** `docsync pull --published`'s options as commander parses them. */
export interface PublishedPullOptions {
  site?: string;
  space?: string;
  organization?: string;
  path?: string;
  url?: string;
  message?: string;
  dryRun?: true;
  json?: true;
  tokenFile?: string;
}

/** What `docsync pull --published --json` prints. */
interface PublishedPullReport {
  outcome: 'in-sync' | 'pulled';
  dryRun: boolean;
  kind: 'site' | 'space';
  id: string;
  branch: string;
  path: string;
  commit: string | null;
  files: SyncModule.TreeChange[];
  pages: SyncModule.TreeChange[];
  spaces: SyncModule.PublishedSpace[];
}

/** `--path` inside the repository, `/`-separated; never the root (the whole repository would go). */
function repoPath(cwd: string, path: string): string {
  const inside = relative(cwd, resolve(cwd, path));
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside))
    throw new UsageError(
      `--path \`${path}\` must be a directory inside the repository, not its root or outside it`,
    );
  return inside.split(sep).join('/');
}

/**
 * `docsync pull --published --site <id>` (or `--space <id>`): the same flow as the GitHub Action
 * without GitHub: the published content replaces `--path` in one commit on the checked-out
 * branch (author and committer docsync), and the working tree follows. Nothing is pushed.
 */
export async function runPublishedPull(io: CliIo, options: PublishedPullOptions): Promise<void> {
  if ((options.site === undefined) === (options.space === undefined))
    throw new UsageError(
      '`docsync pull --published` needs --site <id> or --space <id> (one of them)',
    );
  const path = repoPath(io.cwd, options.path ?? 'docs');
  const sync = await import('@docsync/sync');
  const repo = { fs: nodeFs, dir: io.cwd, cache: {} };
  try {
    const branch = await sync.readCheckedOutBranch({ fs: nodeFs, dir: io.cwd });
    if (branch === null)
      throw new CliError(
        'branch-unknown',
        'no branch is checked out (HEAD is detached or this is not a repository)',
      );
    const dirty = await sync.uncommittedPaths({ ...repo, branch, path });
    if (dirty.length > 0) throw new sync.WorkingTreeDirtyError(dirty);
    const client = await connectToService(io, sync, {
      command: 'pull --published',
      ...(options.url === undefined ? {} : { url: options.url }),
      ...(options.tokenFile === undefined ? {} : { tokenFile: options.tokenFile }),
    });
    const source =
      options.site !== undefined
        ? { site: options.site, organization: options.organization }
        : { space: options.space ?? '' };
    // Null in an empty repository (the branch has no commit yet): the first commit is written.
    const head = await sync.readBranchCommit({ ...repo, branch });
    const published = await sync.fetchPublishedTree(client, source, {
      repo,
      into: { commit: head, path },
    });
    const at = { timestamp: Math.floor(Date.now() / 1000), timezoneOffset: 0 };
    const identity = { name: 'docsync', email: 'docsync@users.noreply.docsync.dev', ...at };
    const commit = await sync.commitPublishedTree({
      ...repo,
      parent: head,
      path,
      tree: published.tree,
      message: (changes) =>
        sync.renderPublishedMessage(
          options.message ?? sync.DEFAULT_PUBLISHED_MESSAGE,
          published,
          changes,
        ),
      author: identity,
      committer: identity,
      ...(options.dryRun === true ? { dryRun: true } : {}),
    });
    if (commit.oid !== null)
      await sync.advanceBranchTo({ ...repo, branch, from: head, to: commit.oid, path });
    const report: PublishedPullReport = {
      outcome: commit.files.length === 0 ? 'in-sync' : 'pulled',
      dryRun: options.dryRun === true,
      kind: published.kind,
      id: published.id,
      branch,
      path,
      commit: commit.oid,
      files: commit.files,
      pages: commit.pages,
      spaces: published.spaces,
    };
    if (options.json === true) {
      io.stdout(`${JSON.stringify(report)}\n`);
      return;
    }
    const mark = { added: 'A', modified: 'M', deleted: 'D' } as const;
    io.stdout(
      [
        `pull --published: ${report.outcome}${report.dryRun ? ' (dry run: nothing changed)' : ''}`,
        ...commit.files.map((change) => `  ${mark[change.kind]} ${change.path}`),
        ...(commit.oid === null ? [] : [`committed ${commit.oid} on ${branch}`]),
      ].join('\n') + '\n',
    );
  } catch (error) {
    if (
      error instanceof sync.SyncError ||
      error instanceof sync.PublishedError ||
      error instanceof sync.ApiClientError ||
      error instanceof sync.GitAdapterError
    )
      throw new CliError(error.code, error.message, { cause: error });
    throw error;
  }
}
