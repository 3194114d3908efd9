import type { GitTree } from '@docsync/api';

/**
 * A listing as its differences from an earlier one: the files whose path is new or whose blob id
 * changed (in path order, as listed), the paths the earlier listing has and this one lacks
 * (sorted) in `deleted`, and that listing's revision in `since`. Listings of the same paths (an
 * edit of pages' content) are compared entry by entry, without building an index of either.
 */
export function listingSince(listing: GitTree, before: GitTree): GitTree {
  const since = { revision: listing.revision, since: before.revision };
  const samePaths =
    listing.files.length === before.files.length &&
    listing.files.every((file, index) => file.path === before.files[index]?.path);
  if (samePaths)
    return {
      ...since,
      files: listing.files.filter((file, index) => file.oid !== before.files[index]?.oid),
      deleted: [],
    };
  const was = new Map(before.files.map((file) => [file.path, file.oid]));
  const now = new Set(listing.files.map((file) => file.path));
  return {
    ...since,
    files: listing.files.filter((file) => was.get(file.path) !== file.oid),
    deleted: before.files.map((file) => file.path).filter((path) => !now.has(path)),
  };
}
