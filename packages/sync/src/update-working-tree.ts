import PQueue from 'p-queue';
import { gitBlobId } from '@docsync/core';
import { stagePaths } from '@docsync/git';
import { WorkingTreeDirtyError } from './errors.js';
import { readCheckedOutBranch } from './read-checked-out-branch.js';
import type { SyncContext } from './read-sync-state.js';
import { diffTrees, type SyncFile, type SyncTree } from './sync-tree.js';

/** Working-tree files read or written at once. */
const FILES_AT_ONCE = 16;
const encoder = new TextEncoder();

/** What changes in the working tree, and whether it is touched at all. */
export interface WorkingTreeUpdate {
  /** False when the branch is not checked out in the working directory: only the ref moves. */
  checkedOut: boolean;
  /** Paths (relative to the repository) to write or delete. */
  paths: string[];
}

function fullPath(base: string, path: string): string {
  return base === '' ? path : `${base}/${path}`;
}

async function workingOid(context: SyncContext, path: string): Promise<string | undefined> {
  try {
    return gitBlobId(await context.fs.promises.readFile(`${context.dir}/${path}`));
  } catch {
    return undefined;
  }
}

/**
 * Checks that the working tree can take the change from `before` to `after`: the branch is
 * checked out and every file to change still holds what `before` holds (no uncommitted edits
 * would be lost). Throws {@link WorkingTreeDirtyError} otherwise; changes nothing.
 */
export async function checkWorkingTree(
  context: SyncContext,
  before: SyncTree,
  after: SyncTree,
): Promise<WorkingTreeUpdate> {
  const checkedOut = (await readCheckedOutBranch(context)) === context.config.branch;
  const changes = diffTrees(before, after);
  if (!checkedOut) return { checkedOut, paths: [] };
  const dirty = await new PQueue({ concurrency: FILES_AT_ONCE }).addAll(
    changes.map((change) => async () => {
      const path = fullPath(context.config.dir, change.path);
      const current = await workingOid(context, path);
      const expected = before.get(change.path)?.oid;
      return current !== expected && current !== after.get(change.path)?.oid ? [path] : [];
    }),
  );
  if (dirty.flat().length > 0) throw new WorkingTreeDirtyError(dirty.flat());
  return { checkedOut, paths: changes.map((change) => change.path) };
}

/**
 * Writes files into the working tree only, not the index (conflicting files, which the person
 * resolves and `git add`s).
 */
export async function writeWorkingFiles(
  context: SyncContext,
  paths: readonly string[],
  tree: SyncTree,
  readBytes: (oid: string) => Promise<Uint8Array>,
): Promise<void> {
  for (const path of paths) {
    const file = tree.get(path);
    if (file === undefined) continue;
    const target = `${context.dir}/${fullPath(context.config.dir, path)}`;
    const bytes = file.bytes ?? file.text ?? (await readBytes(file.oid));
    await context.fs.promises.mkdir(target.slice(0, target.lastIndexOf('/')), { recursive: true });
    await context.fs.promises.writeFile(target, bytes);
  }
}

/**
 * Writes the files that changed into the working tree and the index (after the branch moved).
 * The index is rewritten once for all the files written, not once per file: a pull of a whole
 * space (thousands of files) would otherwise rewrite it thousands of times. Files are written a
 * few at once, and staged with the blob ids of the bytes written (not read back).
 */
export async function updateWorkingTree(
  context: SyncContext,
  update: WorkingTreeUpdate,
  after: SyncTree,
  readBytes: (oid: string) => Promise<Uint8Array>,
): Promise<void> {
  if (!update.checkedOut) return;
  const { fs, dir } = context;
  const removed: string[] = [];
  const toWrite: { filepath: string; file: SyncFile }[] = [];
  for (const path of update.paths) {
    const filepath = fullPath(context.config.dir, path);
    const file = after.get(path);
    if (file === undefined) removed.push(filepath);
    else toWrite.push({ filepath, file });
  }
  const queue = new PQueue({ concurrency: FILES_AT_ONCE });
  await queue.addAll(
    removed.map(
      (filepath) => () => fs.promises.unlink(`${dir}/${filepath}`).catch(() => undefined),
    ),
  );
  // Each folder made once, one after another (they share parents), before the files go in.
  for (const folder of new Set(toWrite.map(({ filepath }) => folderOf(`${dir}/${filepath}`))))
    await fs.promises.mkdir(folder, { recursive: true });
  // The bytes written are hashed here, so staging enters them without reading them back.
  const oids = new Map<string, string>();
  await queue.addAll(
    toWrite.map(({ filepath, file }) => async () => {
      const bytes =
        file.bytes ??
        (file.text !== undefined ? encoder.encode(file.text) : await readBytes(file.oid));
      oids.set(filepath, gitBlobId(bytes));
      await fs.promises.writeFile(`${dir}/${filepath}`, bytes);
    }),
  );
  await stagePaths({
    fs,
    dir,
    written: toWrite.map(({ filepath }) => filepath),
    removed,
    oids,
  });
}

function folderOf(path: string): string {
  return path.slice(0, path.lastIndexOf('/'));
}
