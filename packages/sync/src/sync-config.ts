import { ConfigInvalidError } from './errors.js';

/** The file `docsync init` writes at the root of the repository. */
export const SYNC_CONFIG_FILE = 'docsync.json';

/** What `docsync.json` holds. Never a token: it is committed with the repository. */
export interface SyncConfig {
  /** The service's origin, without `/v1`. */
  url: string;
  /** The space the directory syncs with. */
  space: string;
  /** The branch that is synced with the space's main content. */
  branch: string;
  /** The docs directory inside the repository (`''` for the root). */
  dir: string;
  /**
   * Message of commits that pull writes for content edited in the space. `{space}` is the
   * space's title, `{revision}` the revision id. Default {@link DEFAULT_COMMIT_MESSAGE}.
   */
  commitMessage?: string;
  /**
   * Message of commits that pull writes when the space's content is a merged change request:
   * `{number}` and `{subject}` are the change request's, `{space}` and `{revision}` as above.
   * Default {@link DEFAULT_CHANGE_REQUEST_COMMIT_MESSAGE}.
   */
  changeRequestCommitMessage?: string;
}

/** Pull's commit message for content edited in the space's main content. */
export const DEFAULT_COMMIT_MESSAGE = 'docsync: sync from space {space}';

/** Pull's commit message for a merged change request (GitBook writes `GITBOOK-{n}: {subject}`). */
export const DEFAULT_CHANGE_REQUEST_COMMIT_MESSAGE = 'DOCSYNC-{number}: {subject}';

/** `docs/`, `./docs`, `.` and `/` written the one way git paths are compared. */
export function normalizeSyncDir(dir: string): string {
  return dir
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .join('/');
}

function requireString(value: Record<string, unknown>, key: string): string {
  const member = value[key];
  if (typeof member !== 'string' || (key !== 'dir' && member === ''))
    throw new ConfigInvalidError(`\`docsync.json\`: \`${key}\` must be a non-empty string`);
  return member;
}

/** Reads `docsync.json`'s text; throws {@link ConfigInvalidError} naming what is wrong. Pure. */
export function parseSyncConfig(text: string): SyncConfig {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ConfigInvalidError('`docsync.json` is not valid JSON', { cause: error });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigInvalidError('`docsync.json` must hold an object');
  const record = value as Record<string, unknown>;
  if ('token' in record)
    throw new ConfigInvalidError(
      '`docsync.json` must not hold a token; use `DOCSYNC_TOKEN` or a token file',
    );
  const config: SyncConfig = {
    url: requireString(record, 'url'),
    space: requireString(record, 'space'),
    branch: requireString(record, 'branch'),
    dir: normalizeSyncDir(typeof record['dir'] === 'string' ? record['dir'] : ''),
  };
  if (typeof record['commitMessage'] === 'string') config.commitMessage = record['commitMessage'];
  if (typeof record['changeRequestCommitMessage'] === 'string')
    config.changeRequestCommitMessage = record['changeRequestCommitMessage'];
  return config;
}

/** `docsync.json`'s text for a config: two-space JSON with a final newline. Pure. */
export function renderSyncConfig(config: SyncConfig): string {
  return `${JSON.stringify(config, null, 2)}\n`;
}
