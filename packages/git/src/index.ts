export type { RepoOptions } from './repo-options.js';
export {
  GitAdapterError,
  RefNotFoundError,
  CommitNotFoundError,
  ObjectNotFoundError,
  BranchMovedError,
  RefLockedError,
  InvalidRefNameError,
  InvalidTreePathError,
  BlobMismatchError,
  MissingContentError,
  RemoteError,
  PushRejectedError,
  type GitAdapterErrorCode,
  type GitAdapterErrorOptions,
} from './errors.js';
export {
  readCommit,
  readRefOid,
  type ReadCommitOptions,
  type CommitInfo,
  type CommitSelector,
  type GitSignature,
} from './read-commit.js';
export {
  readCommitTree,
  listCommitTree,
  type CommitListing,
  type ListedFile,
  isSyncText,
  type ReadCommitTreeOptions,
  type CommitTree,
  type GitTreeFile,
  type GitSubmodule,
  type FileMode,
} from './read-commit-tree.js';
export {
  diffCommitTrees,
  type DiffCommitTreesOptions,
  type TreeFileChange,
} from './diff-commit-trees.js';
export { BlobPacker, BLOB_PACKER_MIN_BYTES } from './blob-packer.js';
export { missingObjects, readBlobBytes, type ReadBlobBytesOptions } from './read-blob-bytes.js';
export { type WriteFileInput, type ReadMissingBlob } from './write-blobs.js';
export { writeTree, type WriteTreeOptions } from './write-tree.js';
export {
  writeTreeCommit,
  type WriteTreeCommitOptions,
  type WrittenCommit,
  type SignatureInput,
} from './write-tree-commit.js';
export { moveBranch, type MoveBranchOptions } from './move-branch.js';
export {
  findMergeBase,
  isAncestor,
  type FindMergeBaseOptions,
  type IsAncestorOptions,
} from './merge-base.js';
export { listCommits, type ListCommitsOptions } from './list-commits.js';
export {
  readRemoteUrl,
  readRemoteBranch,
  fetchRemoteBranch,
  pushCommit,
  redactUrl,
  type RemoteOptions,
} from './remote-http.js';
export { markUnmerged, type UnmergedPath, type UnmergedSide } from './mark-unmerged.js';
export {
  stagePaths,
  changedPaths,
  checkoutPath,
  checkoutPathChanges,
  readFileAt,
} from './working-tree.js';
export type { IndexStats } from './index-update.js';
