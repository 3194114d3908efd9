import * as nodeFs from 'node:fs';
import { readRefOid, RefNotFoundError } from '@docsync/git';
import {
  MergeInProgressError,
  pull,
  push,
  WorkingTreeDirtyError,
  type SyncClient,
  type SyncContext,
  type SyncResult,
} from '@docsync/sync';
import type { RepositoryConfig } from './daemon-config.js';
import { DaemonError } from './daemon-errors.js';
import type { StepOutcome } from './daemon-metrics.js';
import type { RepositoryState } from './state-store.js';

/** One step of a cycle and how it ended. */
export interface CycleStep {
  operation: 'push' | 'pull';
  outcome: StepOutcome;
  /** Why a step was deferred, or the conflicting paths. */
  detail?: string;
}

/** What a cycle did. */
export interface CycleResult {
  /** Nothing changed on either side since the last cycle: no work was done. */
  skipped: boolean;
  steps: CycleStep[];
  /** The branch's commit this cycle synced (null: the branch does not exist). */
  head: string | null;
  /** The space's revision as the cycle found it, or undefined when it must be looked at again. */
  revision: string | undefined;
  changeRequest?: { number: number; url: string };
  /** A pull waits for uncommitted edits in the working tree to be committed or discarded. */
  blockedByWorkingTree: boolean;
}

/** What one cycle needs besides the repository. */
export interface SyncRepositoryOptions {
  url: string;
  /** The daemon's client for the service (one for every repository). */
  client: SyncClient;
  /**
   * The git object cache the cycle reads through (see `ObjectCache`); default a fresh one. Only
   * a cycle that does work reads objects: the check of what moved reads ref files alone.
   */
  cache?: object;
  /** What the last successful cycle saw. */
  last: RepositoryState | undefined;
  /** Do the work even when neither side moved (start-up, `POST /sync`, SIGHUP). */
  force: boolean;
  /** Told when the cycle has work to do, before its first step. */
  onWork?: (moved: { branch: boolean; space: boolean }) => void;
}

/** The branch's commit id, from the ref files alone (an idle poll opens no pack). */
async function readHead(repository: RepositoryConfig): Promise<string | null> {
  try {
    return await readRefOid({ fs: nodeFs, dir: repository.path, ref: repository.branch });
  } catch (error) {
    if (error instanceof RefNotFoundError) return null;
    throw error;
  }
}

function stepOf(operation: 'push' | 'pull', result: SyncResult): CycleStep {
  if (result.outcome === 'conflicts')
    return {
      operation,
      outcome: 'conflicts',
      detail: [...new Set(result.conflicts.map((conflict) => conflict.path))].join(', '),
    };
  return { operation, outcome: result.outcome };
}

async function pullStep(
  context: SyncContext,
): Promise<{ step: CycleStep; blocked: boolean; commit?: string }> {
  try {
    // A pull only brings the space's changes onto the branch (merging when the branch changed
    // too); it never sends the branch's commits, so nothing under review reaches the content.
    const pulled = await pull(context);
    // Nothing to take from the space (the branch's own changes go by push): in sync for a pull.
    const outcome =
      pulled.outcome === 'nothing-to-do' ? { ...pulled, outcome: 'in-sync' as const } : pulled;
    return {
      step: stepOf('pull', outcome),
      blocked: false,
      ...(pulled.commit === undefined ? {} : { commit: pulled.commit }),
    };
  } catch (error) {
    if (error instanceof WorkingTreeDirtyError || error instanceof MergeInProgressError)
      return {
        step: { operation: 'pull', outcome: 'deferred', detail: error.message },
        blocked: true,
      };
    throw error;
  }
}

/**
 * One sync cycle of a repository, built on `@docsync/sync`'s `push` and `pull`: the branch is
 * pushed when it moved (into its change request, or with `direct` into the main content), and
 * the space's content is pulled onto the branch when the space moved. Neither moved (and not
 * forced): two cheap reads and nothing else. Every step is idempotent on the service's side,
 * so a cycle cut short by a crash is finished by the next one.
 */
export async function syncRepository(
  repository: RepositoryConfig,
  options: SyncRepositoryOptions,
): Promise<CycleResult> {
  const gitDir = await nodeFs.promises.stat(`${repository.path}/.git`).catch(() => undefined);
  if (gitDir?.isDirectory() !== true)
    throw new DaemonError(
      'not-a-repository',
      `\`${repository.path}\` is not a git repository (no \`.git\` directory)`,
    );
  const { client } = options;
  const context: SyncContext = {
    fs: nodeFs,
    dir: repository.path,
    config: {
      url: options.url,
      space: repository.space,
      branch: repository.branch,
      dir: repository.directory,
    },
    client,
    ...(options.cache === undefined ? {} : { cache: options.cache }),
  };
  const spaceRevision = async () =>
    (await client.api.request('getGitInfo', { params: { spaceId: repository.space } })).revision;
  const [head, revision] = await Promise.all([readHead(repository), spaceRevision()]);
  const { last } = options;
  const branchMoved = options.force || last?.head !== (head ?? undefined);
  const spaceMoved = options.force || last?.revision !== revision;
  const result: CycleResult = {
    skipped: !branchMoved && !spaceMoved,
    steps: [],
    head,
    revision,
    blockedByWorkingTree: false,
  };
  if (result.skipped) return result;
  options.onWork?.({ branch: branchMoved, space: spaceMoved });

  let pullNeeded = spaceMoved;
  if (branchMoved && head !== null) {
    const pushed = await push(context, {
      branch: repository.branch,
      ...(repository.mode === 'direct' ? { merge: true } : {}),
    });
    result.steps.push(stepOf('push', pushed));
    // What was sent (push reads the branch again, so it may be newer than `head`), or the
    // merge it committed on the branch.
    result.head = pushed.commit ?? pushed.pushedCommit ?? head;
    if (pushed.changeRequest !== undefined)
      result.changeRequest = { number: pushed.changeRequest.number, url: pushed.changeRequest.url };
    // A direct push merges both sides itself; what is left is a space that changed alone.
    if (repository.mode === 'direct') pullNeeded = pushed.outcome === 'nothing-to-do';
  }
  if (pullNeeded) {
    const { step, blocked, commit } = await pullStep(context);
    result.steps.push(step);
    result.blockedByWorkingTree = blocked;
    if (commit !== undefined) result.head = commit;
  }
  // Never read again here: a commit or a space edit that landed during the cycle must look
  // moved to the next one. The revision stays the one read first, so a cycle that changed the
  // space is followed by one that finds it in sync.
  // A pull that waits on the working tree looks at the space again next time.
  if (result.blockedByWorkingTree) result.revision = undefined;
  return result;
}
