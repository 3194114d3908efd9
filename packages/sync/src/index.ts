export {
  SyncError,
  ConfigNotFoundError,
  ConfigInvalidError,
  TokenMissingError,
  MassDeleteError,
  WorkingTreeDirtyError,
  MergeInProgressError,
  ConflictMarkersError,
  type SyncErrorCode,
  type SyncErrorOptions,
} from './errors.js';
export {
  SYNC_CONFIG_FILE,
  DEFAULT_COMMIT_MESSAGE,
  DEFAULT_CHANGE_REQUEST_COMMIT_MESSAGE,
  parseSyncConfig,
  renderSyncConfig,
  normalizeSyncDir,
  type SyncConfig,
} from './sync-config.js';
export { readSyncConfig, writeSyncConfig, type ConfigFs } from './sync-config-file.js';
export { readToken, type ReadTokenOptions } from './read-token.js';
export {
  credentialsKey,
  credentialsPath,
  parseCredentials,
  readStoredToken,
  withStoredToken,
  type StoredCredentials,
} from './credentials.js';
export { createSyncClient, type SyncClient, type SyncClientOptions } from './sync-client.js';
/** The service's failures (HTTP status, `code`, method, URL), so callers need not import the client. */
export { ApiClientError, backoffDelay } from '@docsync/client';
export {
  diffTrees,
  sameTree,
  toSyncTree,
  isPagePath,
  EMPTY_TREE,
  type SyncFile,
  type SyncTree,
  type TreeChange,
} from './sync-tree.js';
export { planSync, type SyncAction, type SyncPlan, type SyncPlanInput } from './plan-sync.js';
export { planMassDelete, MASS_DELETE_SHARE, type MassDeletePlan } from './plan-mass-delete.js';
export {
  decideFiles,
  pathsNeedingText,
  type ConflictReason,
  type DecideInput,
  type Decided,
  type FileConflict,
  type FileDecision,
  type MergeStrategy,
} from './decide-files.js';
export { readPendingMerge, hasConflictMarkers, type PendingMerge } from './merge-state.js';
export { findSyncBase, recordSyncPoint, type SyncPoint } from './sync-points.js';
export { readRemoteSide, type RemoteSide } from './read-remote-side.js';
export { readTreeTexts, readPathTexts } from './read-tree-texts.js';
export { apiRevisionContent } from './api-revision-content.js';
export { fetchRemoteTree, type RemoteTree } from './fetch-remote-tree.js';
export { readLocalTree } from './read-local-tree.js';
export { CommitTrees } from './commit-trees.js';
export {
  readSyncState,
  type SyncContext,
  type SyncState,
  type WorkingFs,
} from './read-sync-state.js';
export {
  uploadTree,
  type UploadCommit,
  type UploadOptions,
  type UploadResult,
} from './upload-tree.js';
export { renderConflictReport } from './render-conflict-report.js';
export { push, pull, fetchSyncPlan } from './sync-operations.js';
export type { SyncOptions } from './sync-options.js';
export {
  renderCommitMessage,
  fetchPullCommit,
  type CommitMessageValues,
  type PullCommit,
} from './pull-message.js';
export { planChangeRequestSubject, SUBJECT_MAX_LENGTH } from './change-request-subject.js';
export { findBranchChangeRequest, type BranchChangeRequest } from './find-branch-change-request.js';
export { readCheckedOutBranch, type HeadFs } from './read-checked-out-branch.js';
export type { SyncPhase, SyncProgress, ProgressListener } from './sync-progress.js';
export type { SyncOutcome, SyncResult, PushedChangeRequest } from './sync-result.js';
export { PublishedError, type PublishedErrorCode } from './published-error.js';
export {
  fetchPublishedTree,
  planSiteDirectories,
  type PublishedSource,
  type PublishedSpace,
  type PublishedTree,
  type PublishedTarget,
  type FetchPublishedOptions,
} from './fetch-published-tree.js';
export {
  commitPublishedTree,
  readBranchCommit,
  uncommittedPaths,
  advanceBranchTo,
  type CommitPublishedTreeOptions,
  type PublishedChanges,
  type PublishedCommit,
} from './commit-published-tree.js';
export {
  renderPublishedMessage,
  readPublishedSources,
  DEFAULT_PUBLISHED_MESSAGE,
  type PublishedRevision,
} from './render-published-message.js';
/** The git adapter's failures (with a `code`), so callers need not import the adapter. */
export { GitAdapterError } from '@docsync/git';
export { renderSiteDocsConfig, SITE_DOCS_CONFIG } from './render-site-docs-config.js';
