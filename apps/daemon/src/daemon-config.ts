import { basename, isAbsolute, join } from 'node:path';
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type YAMLMap } from 'yaml';
import { normalizeSyncDir } from '@docsync/sync';
import { DaemonConfigError, type ConfigProblem } from './daemon-errors.js';
import { parseByteSize } from './byte-size.js';
import { parseDuration } from './duration.js';

/** How a repository's commits reach the space. */
export type SyncMode = 'change-request' | 'direct';

/** One watched repository. */
export interface RepositoryConfig {
  /** Names the repository in logs, metrics, the state file and `POST /sync?repository=`. */
  name: string;
  /** The repository's working directory (absolute). */
  path: string;
  /** The branch that is watched, pushed and pulled into. Default `main`. */
  branch: string;
  /** The docs directory inside the repository (`''` for the root). */
  directory: string;
  space: string;
  /** `change-request` (default): commits go to the branch's change request; `direct`: into the main content. */
  mode: SyncMode;
}

/** The daemon's config, defaults filled in, paths absolute. */
export interface DaemonConfig {
  /** The service's origin, without `/v1`. */
  url: string;
  /** Read on every cycle; absent: `DOCSYNC_TOKEN` or `DOCSYNC_TOKEN_FILE` from the environment. */
  tokenFile: string | undefined;
  /** Where `state.json` is written. Default `.docsync-daemon` beside the config file. */
  stateDir: string;
  /** `/healthz`, `/metrics` and `POST /sync`. Default `127.0.0.1:9464`; port 0 picks a free one. */
  listen: { host: string; port: number };
  /** Quiet time after the last change before a sync starts (ms). Default 2 s. */
  debounceMs: number;
  /** How often every repository is rescanned and its space polled (ms). Default 30 s. */
  pollIntervalMs: number;
  /** Syncs running at once across repositories. Default 4. */
  concurrency: number;
  /** The shared cache's budget across repositories (bytes, estimated). Default 32 MB. */
  cacheSizeBytes: number;
  /** How long a repository's entry in the shared cache lives after the cycle that made it (ms). Default 2 min. */
  cacheTtlMs: number;
  /** First and longest wait before retrying a failed sync (ms). Default 1 s and 5 min. */
  retry: { initialMs: number; maxMs: number };
  /** A `.git/*.lock` file no process holds, older than this (ms), is removed. Default 10 s. */
  staleLockAgeMs: number;
  repositories: RepositoryConfig[];
}

/** Defaults of the optional settings. */
export const DAEMON_DEFAULTS = {
  listen: '127.0.0.1:9464',
  debounceMs: 2000,
  pollIntervalMs: 30_000,
  concurrency: 4,
  cacheSizeBytes: 32 * 1024 * 1024,
  cacheTtlMs: 120_000,
  retry: { initialMs: 1000, maxMs: 300_000 },
  staleLockAgeMs: 10_000,
  branch: 'main',
  mode: 'change-request' as SyncMode,
  stateDir: '.docsync-daemon',
};

const TOP_KEYS = [
  'url',
  'tokenFile',
  'stateDir',
  'listen',
  'debounce',
  'pollInterval',
  'concurrency',
  'cacheSize',
  'cacheTtl',
  'retry',
  'staleLockAge',
  'repositories',
];
const REPO_KEYS = ['name', 'path', 'branch', 'directory', 'space', 'mode'];
const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** Where the file is and what relative paths in it are relative to. */
export interface ParseDaemonConfigOptions {
  /** The file's name as errors print it. */
  file: string;
  /** The directory relative paths resolve against (the config file's). */
  baseDir: string;
}

class Reader {
  readonly problems: ConfigProblem[] = [];
  readonly #lines: LineCounter;
  readonly #end: number;

  constructor(lines: LineCounter, end: number) {
    this.#lines = lines;
    this.#end = end;
  }

  problem(node: Node | null | undefined, message: string): void {
    const { line, col } = this.#lines.linePos(node?.range?.[0] ?? this.#end);
    this.problems.push({ message, line, column: col });
  }

  /** The map's keys, each checked against `allowed`. */
  entries(map: YAMLMap, allowed: readonly string[], where: string): Map<string, Node | null> {
    const found = new Map<string, Node | null>();
    for (const pair of map.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : undefined;
      if (key === undefined || !allowed.includes(key)) {
        this.problem(
          pair.key as Node,
          `unknown key \`${key ?? '?'}\`${where}; expected one of ${allowed.map((k) => `\`${k}\``).join(', ')}`,
        );
        continue;
      }
      found.set(key, (pair.value as Node | null) ?? null);
    }
    return found;
  }

  string(
    node: Node | null | undefined,
    name: string,
    fallback?: string,
    owner?: Node,
  ): string | undefined {
    if (node === undefined || (isScalar(node) && node.value === null)) {
      if (fallback === undefined) this.problem(node ?? owner, `\`${name}\` is required`);
      return fallback;
    }
    if (!isScalar(node) || typeof node.value !== 'string' || node.value.trim() === '') {
      this.problem(node, `\`${name}\` must be a non-empty string`);
      return fallback;
    }
    return node.value;
  }

  duration(node: Node | null | undefined, name: string, fallback: number): number {
    if (node === undefined) return fallback;
    const value = isScalar(node) ? parseDuration(node.value) : undefined;
    if (value === undefined) {
      this.problem(
        node,
        `\`${name}\` must be a duration such as \`500ms\`, \`2s\`, \`1m\` (or milliseconds)`,
      );
      return fallback;
    }
    return value;
  }

  /** A byte size (a number of bytes, or `512kB`, `32MB`…) of at least one byte, or `fallback` when absent. */
  byteSize(node: Node | null | undefined, name: string, fallback: number): number {
    if (node === undefined) return fallback;
    const value = isScalar(node) ? parseByteSize(node.value) : undefined;
    if (value === undefined || value < 1) {
      this.problem(node, `\`${name}\` must be a size such as \`512kB\`, \`32MB\` (or bytes)`);
      return fallback;
    }
    return value;
  }
}

function absolute(baseDir: string, path: string): string {
  return isAbsolute(path) ? path : join(baseDir, path);
}

function parseListen(reader: Reader, node: Node | null | undefined) {
  const text = reader.string(node, 'listen', DAEMON_DEFAULTS.listen) ?? DAEMON_DEFAULTS.listen;
  const match = /^(\[[^\]]+\]|[^:]*):(\d+)$/.exec(text);
  const port = Number(match?.[2]);
  if (match === null || port > 65535) {
    reader.problem(node, `\`listen\` must be \`host:port\` (port 0-65535), not \`${text}\``);
    return { host: '127.0.0.1', port: 9464 };
  }
  const host = (match[1] ?? '').replace(/^\[|\]$/g, '');
  return { host: host === '' ? '0.0.0.0' : host, port };
}

function parseRepository(
  reader: Reader,
  node: Node | null,
  index: number,
  baseDir: string,
): RepositoryConfig | undefined {
  const where = `repositories[${String(index)}]`;
  if (!isMap(node)) {
    reader.problem(node, `\`${where}\` must be a mapping (path, branch, directory, space, mode)`);
    return undefined;
  }
  const keys = reader.entries(node, REPO_KEYS, ` in \`${where}\``);
  const path = reader.string(keys.get('path'), `${where}.path`, undefined, node);
  const space = reader.string(keys.get('space'), `${where}.space`, undefined, node);
  const branch = reader.string(keys.get('branch'), `${where}.branch`, DAEMON_DEFAULTS.branch);
  const directory = reader.string(keys.get('directory'), `${where}.directory`, '.') ?? '.';
  const mode = reader.string(keys.get('mode'), `${where}.mode`, DAEMON_DEFAULTS.mode);
  if (mode !== 'change-request' && mode !== 'direct')
    reader.problem(
      keys.get('mode'),
      `\`${where}.mode\` must be \`change-request\` or \`direct\`, not \`${mode ?? ''}\``,
    );
  const name =
    reader.string(keys.get('name'), `${where}.name`, path === undefined ? '' : basename(path)) ??
    '';
  if (path !== undefined && !NAME.test(name))
    reader.problem(
      keys.get('name') ?? keys.get('path'),
      `\`${where}.name\` \`${name}\` may hold only letters, digits, \`.\`, \`_\` and \`-\``,
    );
  if (path === undefined || space === undefined || branch === undefined) return undefined;
  return {
    name,
    path: absolute(baseDir, path),
    branch,
    directory: normalizeSyncDir(directory),
    space,
    mode: mode === 'direct' ? 'direct' : 'change-request',
  };
}

/**
 * Reads the daemon's YAML config. Every problem is collected and thrown at once as a
 * {@link DaemonConfigError} naming the file, line and column. Pure.
 */
export function parseDaemonConfig(text: string, options: ParseDaemonConfigOptions): DaemonConfig {
  const lines = new LineCounter();
  const document = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  const reader = new Reader(lines, text.length);
  if (document.errors.length > 0) {
    throw new DaemonConfigError(
      options.file,
      document.errors.map((error) => {
        const at = error.linePos?.[0] ?? { line: 1, col: 1 };
        // The first line of the message, without the position it ends with (printed in front).
        const message = (error.message.split('\n')[0] ?? error.code).replace(
          / at line \d+, column \d+:?$/,
          '',
        );
        return { message, line: at.line, column: at.col };
      }),
    );
  }
  const root = document.contents;
  if (!isMap(root)) {
    reader.problem(root, 'the config must be a mapping with `url` and `repositories`');
    throw new DaemonConfigError(options.file, reader.problems);
  }
  const keys = reader.entries(root, TOP_KEYS, '');
  const url = reader.string(keys.get('url'), 'url', undefined, root);
  if (url !== undefined && !/^https?:\/\/[^/]/.test(url))
    reader.problem(keys.get('url'), `\`url\` must be an http(s) URL, not \`${url}\``);
  const tokenFile = reader.string(keys.get('tokenFile'), 'tokenFile', '');
  const stateDir =
    reader.string(keys.get('stateDir'), 'stateDir', DAEMON_DEFAULTS.stateDir) ??
    DAEMON_DEFAULTS.stateDir;
  const concurrencyNode = keys.get('concurrency');
  let concurrency = DAEMON_DEFAULTS.concurrency;
  if (concurrencyNode !== undefined) {
    const value = isScalar(concurrencyNode) ? concurrencyNode.value : undefined;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1) concurrency = value;
    else reader.problem(concurrencyNode, '`concurrency` must be a whole number of at least 1');
  }
  const retry = { ...DAEMON_DEFAULTS.retry };
  const retryNode = keys.get('retry');
  if (retryNode !== undefined) {
    if (!isMap(retryNode)) reader.problem(retryNode, '`retry` must be a mapping (initial, max)');
    else {
      const retryKeys = reader.entries(retryNode, ['initial', 'max'], ' in `retry`');
      retry.initialMs = reader.duration(retryKeys.get('initial'), 'retry.initial', retry.initialMs);
      retry.maxMs = reader.duration(retryKeys.get('max'), 'retry.max', retry.maxMs);
    }
  }
  const repositories: RepositoryConfig[] = [];
  const list = keys.get('repositories');
  if (!isSeq(list) || list.items.length === 0)
    reader.problem(list, '`repositories` must be a list of at least one repository');
  else {
    const names = new Set<string>();
    list.items.forEach((item, index) => {
      const repository = parseRepository(reader, item as Node | null, index, options.baseDir);
      if (repository === undefined) return;
      if (names.has(repository.name))
        reader.problem(
          item as Node,
          `two repositories are named \`${repository.name}\`; give one a \`name\``,
        );
      names.add(repository.name);
      repositories.push(repository);
    });
  }
  const config: DaemonConfig = {
    url: (url ?? '').replace(/\/+$/, ''),
    tokenFile:
      tokenFile === '' || tokenFile === undefined
        ? undefined
        : absolute(options.baseDir, tokenFile),
    stateDir: absolute(options.baseDir, stateDir),
    listen: parseListen(reader, keys.get('listen')),
    debounceMs: reader.duration(keys.get('debounce'), 'debounce', DAEMON_DEFAULTS.debounceMs),
    pollIntervalMs: reader.duration(
      keys.get('pollInterval'),
      'pollInterval',
      DAEMON_DEFAULTS.pollIntervalMs,
    ),
    concurrency,
    cacheSizeBytes: reader.byteSize(
      keys.get('cacheSize'),
      'cacheSize',
      DAEMON_DEFAULTS.cacheSizeBytes,
    ),
    cacheTtlMs: reader.duration(keys.get('cacheTtl'), 'cacheTtl', DAEMON_DEFAULTS.cacheTtlMs),
    retry,
    staleLockAgeMs: reader.duration(
      keys.get('staleLockAge'),
      'staleLockAge',
      DAEMON_DEFAULTS.staleLockAgeMs,
    ),
    repositories,
  };
  if (config.pollIntervalMs < 1000)
    reader.problem(keys.get('pollInterval'), '`pollInterval` must be at least `1s`');
  if (reader.problems.length > 0)
    throw new DaemonConfigError(
      options.file,
      reader.problems.sort((a, b) => a.line - b.line || a.column - b.column),
    );
  return config;
}
