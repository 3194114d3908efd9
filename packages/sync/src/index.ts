export {
  SyncError,
  ConfigNotFoundError,
  ConfigInvalidError,
  TokenMissingError,
  MassDeleteError,
  WorkingTreeDirtyError,
  type SyncErrorCode,
  type SyncErrorOptions,
} from './errors.js';
export {
  SYNC_CONFIG_FILE,
  DEFAULT_COMMIT_MESSAGE,
  parseSyncConfig,
  renderSyncConfig,
  normalizeSyncDir,
  type SyncConfig,
} from './sync-config.js';
export { readSyncConfig, writeSyncConfig, type ConfigFs } from './sync-config-file.js';
export { readToken, type ReadTokenOptions } from './read-token.js';
export { createSyncClient, type SyncClient, type SyncClientOptions } from './sync-client.js';
/** The service's failures (HTTP status, `code`, method, URL), so callers need not import the client. */
export { ApiClientError } from '@docsync/client';
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
export { mergeTrees, type TreeMerge, type TreeMergeInput } from './merge-trees.js';
export { apiRevisionContent } from './api-revision-content.js';
export { fetchRemoteTree, type RemoteTree } from './fetch-remote-tree.js';
export { readLocalTree } from './read-local-tree.js';
export {
  readSyncState,
  type SyncContext,
  type SyncState,
  type WorkingFs,
} from './read-sync-state.js';
export { uploadTree, type UploadCommit, type UploadResult } from './upload-tree.js';
export { renderConflictReport } from './render-conflict-report.js';
export {
  push,
  pull,
  fetchSyncPlan,
  renderCommitMessage,
  type SyncOptions,
} from './sync-operations.js';
export type { SyncOutcome, SyncResult } from './sync-result.js';
