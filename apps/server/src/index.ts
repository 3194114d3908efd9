export {
  createServer,
  DEFAULT_BODY_LIMIT,
  DEFAULT_FETCH_LIMITS,
  type FetchSettings,
  type ServerDeps,
} from './create-server.js';
export { DEFAULT_REFRESH_MS } from './openapi-specs/process-spec.js';
export {
  translatorFromEnvironment,
  TranslatorSettingsError,
} from './translations/translator-settings.js';
export type { Translator, TranslationRequest } from './translations/translator.js';
export { implementedOperationIds } from './routes/index.js';
export {
  descriptionWins,
  knownErrorMisses,
  knownNonConformant,
  type DescriptionWins,
} from './api-docs/conformance.js';
export {
  initServer,
  isInitialized,
  type InitResult,
  type InitServerOptions,
} from './bootstrap/init-server.js';
export {
  createRecoveryToken,
  RecoveryTokenError,
  type RecoveryToken,
  type RecoveryTokenOptions,
} from './bootstrap/recovery-token.js';
export { issueApiToken, hashToken, type IssuedToken, type Caller } from './auth/api-tokens.js';
export {
  openDatabase,
  SQLITE_FILE_NAME,
  EmbeddedDatabaseUnavailableError,
  embeddedSqlite,
  type Database,
  type DatabaseLocation,
  type DialectName,
} from './storage/open-database.js';
export type { Db, DatabaseSchema } from './storage/schema.js';
export { DirectoryBlobStore, type BlobStore } from './blobs/blob-store.js';
export { DatabaseBlobStore } from './blobs/database-blob-store.js';
export { MovingBlobStore } from './blobs/moving-blob-store.js';
export { S3BlobStore, DEFAULT_S3_PREFIX, type S3BlobStoreConfig } from './blobs/s3-blob-store.js';
export { systemClock, type Clock } from './clock.js';
export {
  JobRunner,
  LostClaimError,
  retryDelay,
  type JobHandler,
  type JobLogger,
  type JobOutcome,
  type JobRunnerOptions,
  type RunningJob,
} from './jobs/job-runner.js';
export { enqueueJob, DEFAULT_MAX_ATTEMPTS, type NewJob } from './jobs/enqueue-job.js';
export { randomId, type IdGenerator } from './ids.js';
export { createLogger, type LoggerOptions } from './http/logger.js';
export { purgeExpiredSpaces, RESTORE_WINDOW_MS } from './spaces/space-lifecycle.js';
export {
  ApiError,
  BadRequestError,
  UnauthorizedError,
  ForbiddenError,
  NotFoundError,
  ConflictError,
} from './errors.js';
export { ContentSearcher, type QuestionSearch } from './conversations/closest-pages.js';
export { extractQuestions, type StoredPart } from './conversations/questions.js';
export { createServerCaches } from './caches/server-caches.js';
