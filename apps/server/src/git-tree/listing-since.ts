import type { GitTree } from '@docsync/api';

/**
 * A listing as its differences from an earlier one: the files whose path is new or whose blob id
 * changed (in path order, as listed), the paths the earlier listing has and this one lacks
 * (sorted) in `deleted`, and that listing's revision in `since`.
 */
export function listingSince(listing: GitTree, before: GitTree): GitTree {
  const was = new Map(before.files.map((file) => [file.path, file.oid]));
  const now = new Set(listing.files.map((file) => file.path));
  return {
    revision: listing.revision,
    since: before.revision,
    files: listing.files.filter((file) => was.get(file.path) !== file.oid),
    deleted: before.files.map((file) => file.path).filter((path) => !now.has(path)),
  };
}
