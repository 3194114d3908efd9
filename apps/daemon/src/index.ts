export {
  parseDaemonConfig,
  DAEMON_DEFAULTS,
  type DaemonConfig,
  type RepositoryConfig,
  type SyncMode,
  type ParseDaemonConfigOptions,
} from './daemon-config.js';
export {
  DaemonError,
  DaemonConfigError,
  type DaemonErrorCode,
  type ConfigProblem,
} from './daemon-errors.js';
export {
  createDaemon,
  type Daemon,
  type DaemonDeps,
  type Clock,
  type TimerHandle,
} from './create-daemon.js';
export { runDaemon, readDaemonConfig, DaemonExitCode, type DaemonIo } from './run-daemon.js';
export {
  syncRepository,
  type CycleResult,
  type CycleStep,
  type SyncRepositoryOptions,
} from './sync-repository.js';
export { DaemonMetrics, DURATION_BUCKETS, type StepOutcome } from './daemon-metrics.js';
export { createJsonLogger, type Logger, type LogLevel } from './json-logger.js';
export { recoverStaleLocks, type RecoverStaleLocksOptions } from './recover-stale-locks.js';
export {
  StateStore,
  readDaemonState,
  STATE_FILE,
  type DaemonState,
  type RepositoryState,
} from './state-store.js';
export { parseDuration } from './duration.js';
