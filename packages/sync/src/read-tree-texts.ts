import { isSyncText, readBlobBytes, type RepoOptions } from '@docsync/git';
import { toSyncTree, type SyncFile, type SyncTree } from './sync-tree.js';

/** Blob reads in flight at once: overlaps file system latency without thousands of open files. */
const CONCURRENCY = 16;
/** `fatal`: bytes that are not UTF-8 stay an asset, as `readCommitTree` leaves them. */
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function decoded(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * `tree` with the text of its markdown and YAML files that were read without it (blob id only),
 * from the repository: what a merge reads the trees as revisions with.
 */
export async function readTreeTexts(repo: RepoOptions, tree: SyncTree): Promise<SyncTree> {
  const files = [...tree.values()];
  const out: SyncFile[] = new Array<SyncFile>(files.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < files.length; index = next++) {
      const file = files[index] as SyncFile;
      const bare = file.text === undefined && file.bytes === undefined && isSyncText(file.path);
      const text = bare ? decoded(await readBlobBytes({ ...repo, oid: file.oid })) : undefined;
      out[index] = text === undefined ? file : { ...file, text };
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return toSyncTree(out);
}

/** `tree` with the text of the files at `paths` (those a merge reads), the rest as they are. */
export async function readPathTexts(
  repo: RepoOptions,
  tree: SyncTree,
  paths: readonly string[],
): Promise<SyncTree> {
  if (paths.length === 0) return tree;
  const out = new Map(tree);
  for (const path of paths) {
    const file = tree.get(path);
    if (file === undefined || file.text !== undefined) continue;
    const bytes = file.bytes ?? (await readBlobBytes({ ...repo, oid: file.oid }));
    const text = decoded(bytes);
    if (text !== undefined) out.set(path, { ...file, text });
  }
  return out;
}
