import {
  GitAdapterError,
  fetchRemoteBranch,
  pushCommit,
  readCommit,
  readRemoteBranch,
  readRemoteUrl,
  redactUrl,
  type CommitInfo,
  type RepoOptions,
} from '@docsync/git';
import {
  advanceBranchTo,
  commitPublishedTree,
  createSyncClient,
  renderPublishedMessage,
  fetchPublishedTree,
  readCheckedOutBranch,
  uncommittedPaths,
  type PublishedChanges,
  type PublishedTree,
  type WorkingFs,
} from '@docsync/sync';
import { ActionError } from './action-error.js';
import type { ActionInputs } from './action-inputs.js';
import { openOrUpdatePullRequest } from './github-pull-request.js';
import { renderPullRequestBody } from './render-pull-request-body.js';

/** What the action reads and writes besides its inputs (the runner entry binds them). */
export interface ActionDeps {
  /** `node:fs`. */
  fs: RepoOptions['fs'] & WorkingFs;
  /** The docs service and GitHub's REST API. */
  fetch: typeof globalThis.fetch;
  /** The clock of commit times. */
  now: () => Date;
  /** One line of the step's log. */
  log: (line: string) => void;
}

/** A page file the run changed, from the repository root. */
export interface ChangedPage {
  path: string;
  change: 'added' | 'modified' | 'deleted';
}

/** The action's outputs. */
export interface ActionOutputs {
  /** Whether a commit was pushed. */
  changed: boolean;
  /** The page files the pushed commit changes (none when nothing was pushed). */
  pages: ChangedPage[];
  /** Every file it changes, pages or not. */
  filesChanged: number;
  /** The pushed commit. */
  commit?: string;
  /** The branch pushed (or that would have been). */
  branch: string;
  /** Pull-request mode: the open pull request of the branch. */
  pullRequest?: { number: number; url: string; created: boolean };
}

function pagesOf(changes: PublishedChanges): ChangedPage[] {
  return changes.pages.map((change) => ({ path: change.path, change: change.kind }));
}

async function commitIfPresent(repo: RepoOptions, ref: string): Promise<CommitInfo | null> {
  try {
    return await readCommit({ ...repo, ref });
  } catch (error) {
    if (error instanceof GitAdapterError) return null;
    throw error;
  }
}

/** The repository of the workspace, its branch and the remote to push to; changes nothing. */
async function openWorkspace(inputs: ActionInputs, deps: ActionDeps) {
  const repo: RepoOptions = { fs: deps.fs, dir: inputs.workspace, cache: {} };
  const head = await deps.fs.promises
    .readFile(`${inputs.workspace}/.git/HEAD`)
    .then(() => true)
    .catch(() => false);
  if (!head)
    throw new ActionError(
      'not-a-repository',
      `the workspace \`${inputs.workspace}\` is not a git repository; run actions/checkout first`,
    );
  const branch =
    inputs.branch ?? (await readCheckedOutBranch({ fs: deps.fs, dir: inputs.workspace }));
  if (branch === null)
    throw new ActionError(
      'branch-unknown',
      'HEAD is detached in the workspace; set the input `branch` to the branch to publish to',
    );
  const url = await readRemoteUrl(repo);
  if (url === null || !/^https?:\/\//.test(url))
    throw new ActionError(
      'remote-unsupported',
      url === null
        ? 'the workspace has no remote `origin`; run actions/checkout first'
        : `the remote \`origin\` is \`${redactUrl(url)}\`; the action pushes over HTTP(S) only`,
    );
  // A detached checkout (a pull_request event) may have only the remote-tracking branch.
  const local = await commitIfPresent(repo, `refs/heads/${branch}`);
  const base = local ?? (await commitIfPresent(repo, `refs/remotes/origin/${branch}`));
  if (base === null)
    throw new ActionError(
      'branch-unknown',
      `the workspace has no branch \`${branch}\` (nor \`origin/${branch}\`); check out or fetch it first`,
    );
  const headers = {
    authorization: `Basic ${Buffer.from(`x-access-token:${inputs.githubToken}`).toString('base64')}`,
  };
  return { repo, branch, base, hasLocalBranch: local !== null, remote: { ...repo, url, headers } };
}

/** Reads the published content, naming what was read in the log. */
async function readPublished(
  inputs: ActionInputs,
  deps: ActionDeps,
  repo: RepoOptions,
  base: string,
): Promise<PublishedTree> {
  const client = createSyncClient({ baseUrl: inputs.url, token: inputs.token, fetch: deps.fetch });
  // Files whose blobs the checkout holds already are read from it, not downloaded; and only what
  // changed since the last published commit on the base, when there is one.
  const published = await fetchPublishedTree(client, inputs.source, {
    repo,
    into: { commit: base, path: inputs.path },
  });
  deps.log(
    `read ${published.kind} ${published.id} (${published.title}): ${published.tree.size} files from ${published.spaces
      .map(
        (space) =>
          `${space.directory === '' ? '.' : space.directory} ← space ${space.spaceId}@${space.revision}` +
          (space.since === undefined ? '' : ` (changes since ${space.since})`),
      )
      .join(', ')}`,
  );
  return published;
}

/**
 * Publishes a site's or a space's published content into the workspace's repository: `path`
 * becomes exactly that content (nothing outside it changes), committed with the author given and
 * the runner as committer. `commit` mode pushes the commit to the branch, then moves the local
 * branch and its working tree; `pull-request` mode pushes it to its own branch (force, on top of
 * the base) and opens or updates the pull request. Nothing is committed or pushed when the
 * content is already there. Inputs, the repository and the content are all checked before
 * anything is written, and a refused push leaves the local repository as it was.
 */
export async function run(inputs: ActionInputs, deps: ActionDeps): Promise<ActionOutputs> {
  const workspace = await openWorkspace(inputs, deps);
  const { repo, branch, base } = workspace;
  if (inputs.mode === 'commit') {
    const dirty = await uncommittedPaths({ ...repo, branch, path: inputs.path });
    if (dirty.length > 0)
      throw new ActionError(
        'working-tree-dirty',
        `the workspace has uncommitted changes under \`${inputs.path}\` (${dirty
          .slice(0, 5)
          .map((path) => `\`${path}\``)
          .join(
            ', ',
          )}${dirty.length > 5 ? ', …' : ''}); the published content would overwrite them`,
        { data: { paths: dirty } },
      );
  }
  const published = await readPublished(inputs, deps, repo, base.oid);
  const when = { timestamp: Math.floor(deps.now().getTime() / 1000), timezoneOffset: 0 };
  const commit = await commitPublishedTree({
    ...repo,
    parent: base.oid,
    path: inputs.path,
    tree: published.tree,
    message: (changes) => renderPublishedMessage(inputs.commitMessage, published, changes),
    author: { ...inputs.author, ...when },
    committer: { ...inputs.committer, ...when },
  });
  const target = inputs.mode === 'commit' ? branch : inputs.pullRequestBranch;
  if (commit.oid === null || commit.tree === null) {
    deps.log(
      `\`${inputs.path}\` on \`${branch}\` already holds the published content: nothing to do`,
    );
    return { changed: false, pages: [], filesChanged: 0, branch: target };
  }
  const changed = { pages: pagesOf(commit), filesChanged: commit.files.length };
  deps.log(
    `commit ${commit.oid}: ${commit.files.length} files, ${commit.pages.length} pages changed under \`${inputs.path}\``,
  );

  if (inputs.mode === 'commit') {
    await pushCommit({ ...workspace.remote, oid: commit.oid, branch });
    deps.log(`pushed ${commit.oid} to \`${branch}\``);
    // The local branch follows (and its working tree, when checked out); without one, only the
    // remote-tracking ref the push updated does.
    if (workspace.hasLocalBranch)
      await advanceBranchTo({ ...repo, branch, from: base.oid, to: commit.oid, path: inputs.path });
    return { changed: true, ...changed, commit: commit.oid, branch };
  }

  // Pull-request mode: the branch is the base plus one commit; pushed only when it changes.
  const remoteTip = await readRemoteBranch({ ...workspace.remote, branch: target });
  let current: CommitInfo | null = null;
  if (remoteTip !== null) {
    current = await commitIfPresent(repo, remoteTip);
    if (current === null) {
      await fetchRemoteBranch({ ...workspace.remote, branch: target });
      current = await commitIfPresent(repo, remoteTip);
    }
  }
  const upToDate = current?.tree === commit.tree;
  if (upToDate) deps.log(`\`${target}\` already holds this content: not pushed`);
  else {
    await pushCommit({ ...workspace.remote, oid: commit.oid, branch: target, force: true });
    deps.log(`pushed ${commit.oid} to \`${target}\``);
  }
  const [subject = ''] = renderPublishedMessage(inputs.commitMessage, published, commit).split(
    '\n',
  );
  const pullRequest = await openOrUpdatePullRequest(
    {
      apiUrl: inputs.apiUrl,
      repository: inputs.repository ?? '',
      token: inputs.githubToken,
      fetch: deps.fetch,
    },
    {
      head: target,
      base: branch,
      title: subject,
      body: renderPullRequestBody(published, commit, inputs.path),
    },
  );
  deps.log(
    `pull request #${String(pullRequest.number)} ${pullRequest.created ? 'opened' : 'updated'}: ${pullRequest.url}`,
  );
  return upToDate
    ? { changed: false, pages: [], filesChanged: 0, branch: target, pullRequest }
    : { changed: true, ...changed, commit: commit.oid, branch: target, pullRequest };
}
