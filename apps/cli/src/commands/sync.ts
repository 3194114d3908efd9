import * as nodeFs from 'node:fs';
import { join } from 'node:path';
import type * as SyncModule from '@docsync/sync';
import type { Command } from 'commander';
import { CliError, UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { ExitCode } from '../exit-codes.js';
import { createProgressRenderer } from '../progress-renderer.js';
import { runPublishedPull, type PublishedPullOptions } from './published.js';

interface TokenOptions {
  tokenFile?: string;
}

interface RunOptions extends TokenOptions {
  dryRun?: true;
  verbose?: true;
  allowMassDelete?: true;
  json?: true;
  merge?: true;
  branch?: string;
  strategy?: string;
}

type Sync = typeof SyncModule;

/** Loads `@docsync/sync` only when a sync command runs, so other commands start fast. */
async function loadSync(): Promise<Sync> {
  return import('@docsync/sync');
}

/** Turns sync's and the service's failures into CLI errors with their stable code. */
function asCliError(sync: Sync, error: unknown, rerunnable?: string): unknown {
  if (error instanceof sync.SyncError)
    return new CliError(error.code, error.message, { cause: error });
  // A 503 on a POST is not retried by the client (it may have been applied); every step of a
  // sync is idempotent (blobs by content, imports by commit), so running it again is the retry.
  // Said only of what may pass (no answer, a timeout, 429, a 5xx), not of a refusal such as 401.
  if (error instanceof sync.ApiClientError) {
    const passing = error.status === undefined || error.status === 429 || error.status >= 500;
    return new CliError(
      error.code,
      rerunnable === undefined || !passing
        ? error.message
        : `${error.message}; \`${rerunnable}\` is safe to run again`,
      { cause: error },
    );
  }
  return error;
}

/** The repository in the working directory, its `docsync.json` and a client with the token. */
async function openContext(sync: Sync, io: CliIo, options: TokenOptions) {
  const config = await sync.readSyncConfig({ fs: nodeFs.promises, dir: io.cwd });
  const token = await sync.readToken({
    env: io.env,
    tokenFile: options.tokenFile,
    url: config.url,
    readFile: (path) => io.readFile(path),
  });
  const client = sync.createSyncClient({ baseUrl: config.url, token });
  return { fs: nodeFs, dir: io.cwd, config, client };
}

/**
 * Files of one list a push or pull prints without `--verbose`: a first push of nso-docs listed
 * about 380, which buried what the command had to say. `--json` and `--verbose` give them all.
 */
const LISTED_FILES = 20;

function changeLines(
  prefix: string,
  changes: readonly { path: string; kind: string }[],
  verbose = false,
): string[] {
  const mark = { added: 'A', modified: 'M', deleted: 'D' } as Record<string, string>;
  const shown =
    verbose || changes.length <= LISTED_FILES + 1 ? changes : changes.slice(0, LISTED_FILES);
  const lines = shown.map((change) => `${prefix}${mark[change.kind] ?? '?'} ${change.path}`);
  if (shown.length < changes.length)
    lines.push(
      `${prefix}… and ${String(changes.length - shown.length)} more (${describeKinds(changes.slice(shown.length))}; --verbose lists every file)`,
    );
  return lines;
}

/** "300 added, 2 deleted": how many of each kind of change. */
function describeKinds(changes: readonly { kind: string }[]): string {
  const counts = new Map<string, number>();
  for (const change of changes) counts.set(change.kind, (counts.get(change.kind) ?? 0) + 1);
  return [...counts].map(([kind, count]) => `${String(count)} ${kind}`).join(', ');
}

/** `--branch`, else the checked-out branch, else docsync.json's (HEAD detached). */
async function branchToPush(sync: Sync, io: CliIo, options: RunOptions, configured: string) {
  return (
    options.branch ?? (await sync.readCheckedOutBranch({ fs: nodeFs, dir: io.cwd })) ?? configured
  );
}

function changeRequestLine(changeRequest: SyncModule.PushedChangeRequest): string {
  const verb = changeRequest.opened
    ? `opened as ${changeRequest.status === 'draft' ? 'a draft' : changeRequest.status}`
    : changeRequest.status;
  return `change request #${String(changeRequest.number)} (${verb}): ${changeRequest.url}`;
}

function strategyOf(value: string | undefined): SyncModule.MergeStrategy | undefined {
  if (value === undefined || value === 'ours' || value === 'theirs') return value;
  throw new UsageError(`--strategy takes \`ours\` or \`theirs\`, not \`${value}\``);
}

/** `docsync push` and `docsync pull`. */
async function runSync(io: CliIo, which: 'push' | 'pull', options: RunOptions): Promise<void> {
  const sync = await loadSync();
  // Progress goes to a terminal only, and never into output meant for a script.
  const progress = createProgressRenderer({
    write: (text) => {
      io.stderr(text);
    },
    isTTY: io.stderrIsTTY === true && options.json !== true,
  });
  try {
    const strategy = strategyOf(options.strategy);
    const context = { ...(await openContext(sync, io, options)), progress: progress.update };
    const common = {
      ...(options.dryRun === true ? { dryRun: true } : {}),
      ...(options.allowMassDelete === true ? { allowMassDelete: true } : {}),
      ...(strategy === undefined ? {} : { strategy }),
    };
    const result = await (
      which === 'push'
        ? sync.push(context, {
            ...common,
            ...(options.merge === true ? { merge: true } : {}),
            branch: await branchToPush(sync, io, options, context.config.branch),
          })
        : sync.pull(context, common)
    ).finally(() => {
      progress.done();
    });
    if (options.json === true) io.stdout(`${JSON.stringify(result)}\n`);
    else {
      const lines = [
        `${which}: ${result.outcome}${result.dryRun ? ' (dry run: nothing changed)' : ''}`,
      ];
      if (result.outcome === 'nothing-to-do')
        lines.push(
          which === 'push'
            ? 'the space has changes the branch lacks: run `docsync pull`'
            : 'the branch has changes the space lacks: run `docsync push`',
        );
      const verbose = options.verbose === true;
      lines.push(...changeLines('  space  ', result.remoteChanges, verbose));
      lines.push(...changeLines('  branch ', result.localChanges, verbose));
      const gitOnly = result.keptInGitOnly ?? [];
      if (gitOnly.length > 0)
        lines.push(
          `kept in git only, ${String(gitOnly.length)} ${gitOnly.length === 1 ? 'file' : 'files'} the space does not hold (it holds the pages SUMMARY.md lists and the docs root's .gitbook/assets/ and .gitbook/includes/):`,
          ...changeLines('  git    ', gitOnly, verbose),
        );
      if (result.changeRequest !== undefined) lines.push(changeRequestLine(result.changeRequest));
      if (result.archivedChangeRequest !== undefined)
        lines.push(
          `change request #${String(result.archivedChangeRequest.number)} archived: the main content has its commits now (${result.archivedChangeRequest.url})`,
        );
      else if (which === 'push' && result.dryRun && result.outcome === 'pushed' && !options.merge)
        lines.push('a change request would be opened for the branch');
      if (result.commit !== undefined) {
        lines.push(`committed ${result.commit}`);
        const checkedOut = await sync.readCheckedOutBranch({ fs: nodeFs, dir: io.cwd });
        if (which === 'pull' && checkedOut !== null && checkedOut !== context.config.branch)
          lines.push(
            `on \`${context.config.branch}\` (docsync.json’s branch), not the checked-out \`${checkedOut}\`: \`git checkout ${context.config.branch}\` shows it`,
          );
      }
      if (result.uploaded !== undefined)
        lines.push(
          `uploaded ${String(result.uploaded.blobs)} blob${result.uploaded.blobs === 1 ? '' : 's'} (${String(result.uploaded.bytes)} bytes)`,
        );
      if (result.nothingToPush === true)
        lines.push(
          'the branch differs from the space only in files the service does not read: nothing to push',
        );
      else if (which === 'pull' && result.outcome === 'merged')
        lines.push("the branch's own changes are not in the space yet: `docsync push` sends them");
      io.stdout(`${lines.join('\n')}\n`);
    }
    for (const warning of result.warnings ?? [])
      io.stderr(`docsync ${which}: warning: ${warning}\n`);
    if (result.outcome === 'conflicts') {
      io.stderr(sync.renderConflictReport(result.conflicts, context.config.dir));
      throw new CliError('conflicts', 'sync stopped on conflicts', {
        exitCode: ExitCode.conflicts,
      });
    }
  } catch (error) {
    throw asCliError(sync, error, `docsync ${which}`);
  }
}

/** `docsync status` and `docsync diff`: the plan, as a summary or file by file. */
async function runPlan(io: CliIo, which: 'status' | 'diff', options: RunOptions): Promise<void> {
  const sync = await loadSync();
  try {
    const state = await sync.fetchSyncPlan(await openContext(sync, io, options));
    const { plan, pending } = state;
    if (options.json === true) {
      io.stdout(
        `${JSON.stringify({ head: state.head?.oid ?? null, base: state.baseCommit, baseRevision: state.basePoint?.revision ?? null, revision: state.remoteRevision, pending, ...plan })}\n`,
      );
      return;
    }
    const next = {
      'in-sync': 'nothing (in sync)',
      push: '`docsync push` (or `docsync push --merge`) sends the branch',
      pull: "`docsync pull` brings the space's changes",
      merge:
        "`docsync pull` merges the space's changes into the branch, then `docsync push` sends the result",
    }[plan.action];
    const lines =
      which === 'status'
        ? [
            `branch head   ${state.head?.oid ?? '(none)'}`,
            `last synced   ${state.basePoint === null ? '(never: no commit of the branch was synced with the space)' : `${state.basePoint.commit} (revision ${state.basePoint.revision})`}`,
            `space         revision ${state.remoteRevision}`,
            `local changes ${String(plan.localChanges.length)} files since the last sync`,
            `space changes ${String(plan.remoteChanges.length)} files since the last sync`,
            ...(pending === null
              ? [`next          ${next}`]
              : [
                  `merging       the space's revision ${pending.revision} into ${pending.branch}, stopped on conflicts in:`,
                  ...pending.conflicts.map((path) => `                ${path}`),
                  'next          resolve the conflict markers in those files, `git add` them and `git commit`,',
                  '              then `docsync push`; or `git merge --abort` to drop the merge',
                ]),
          ]
        : [
            'push would change in the space:',
            // A plan (`diff`) lists every file, as `git status` does.
            ...changeLines('  ', plan.action === 'in-sync' ? [] : plan.localChanges, true),
            'pull would change on the branch:',
            ...changeLines('  ', plan.action === 'in-sync' ? [] : plan.remoteChanges, true),
          ];
    io.stdout(`${lines.join('\n')}\n`);
  } catch (error) {
    throw asCliError(sync, error);
  }
}

interface InitOptions {
  url?: string;
  space?: string;
  branch?: string;
  dir?: string;
}

/**
 * The folders under `dir` (up to four levels, not `.git` or `node_modules`) that hold a
 * `SUMMARY.md` or `.gitbook.yaml`, when `dir` itself holds neither: a repository of several
 * spaces, synced at its top as one, would put every page in one space and hold none of the
 * spaces' own `.gitbook/assets/`.
 */
function spaceRootsBelow(dir: string): string[] {
  const isRoot = (folder: string) =>
    ['SUMMARY.md', '.gitbook.yaml'].some((name) => nodeFs.existsSync(join(folder, name)));
  if (!nodeFs.existsSync(dir) || isRoot(dir)) return [];
  const roots: string[] = [];
  const walk = (relative: string, depth: number) => {
    let entries: nodeFs.Dirent[];
    try {
      entries = nodeFs.readdirSync(join(dir, relative), { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || ['.git', 'node_modules', '.gitbook'].includes(entry.name))
        continue;
      const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
      if (isRoot(join(dir, child))) roots.push(child);
      else if (depth < 4) walk(child, depth + 1);
    }
  };
  walk('', 1);
  return roots.sort();
}

/** `docsync init`: writes `docsync.json` (never a token). */
async function runInit(io: CliIo, options: InitOptions): Promise<void> {
  if (options.url === undefined || options.space === undefined)
    throw new UsageError('`docsync init` needs --url and --space');
  const sync = await loadSync();
  const config = {
    url: options.url,
    space: options.space,
    // The checked-out branch (unborn too: a fresh `git init` names it), else `main`.
    branch:
      options.branch ?? (await sync.readCheckedOutBranch({ fs: nodeFs, dir: io.cwd })) ?? 'main',
    dir: sync.normalizeSyncDir(options.dir ?? ''),
  };
  await sync.writeSyncConfig({ fs: nodeFs.promises, dir: io.cwd, config });
  if (!nodeFs.existsSync(`${io.cwd}/.git`))
    io.stderr(
      `docsync init: warning: ${io.cwd} is not the top of a git repository: push and pull need one (\`git init\` here, or run init at the repository's top)\n`,
    );
  const roots = spaceRootsBelow(join(io.cwd, config.dir));
  if (roots.length > 0)
    io.stderr(
      `docsync init: warning: ${config.dir === '' ? 'the repository root' : `\`${config.dir}\``} has no SUMMARY.md or .gitbook.yaml, but ${roots
        .slice(0, 5)
        .map((root) => `\`${join(config.dir, root)}\``)
        .join(
          ', ',
        )}${roots.length > 5 ? ` and ${String(roots.length - 5)} more` : ''} ${roots.length === 1 ? 'has' : 'have'}: each is a space's root, whose .gitbook/assets/ only that space holds; sync each with its own space (\`--dir <root>\` here, or a daemon.yaml entry per root)\n`,
    );
  io.stdout(
    `wrote ${sync.SYNC_CONFIG_FILE}: ${config.dir === '' ? 'the repository root' : `\`${config.dir}\``} on \`${config.branch}\` ↔ space ${config.space}\n`,
  );
}

/** Registers `init`, `push`, `pull`, `status` and `diff`. */
export function registerSync(program: Command, io: CliIo): void {
  program
    .command('init')
    .description('write docsync.json: the service, the space, the branch and the docs directory')
    .requiredOption('--url <url>', 'the service URL (without /v1)')
    .requiredOption('--space <id>', 'the space id')
    .option('--branch <name>', 'the synced branch (default: the checked-out branch, else main)')
    .option('--dir <path>', 'the docs directory inside the repository', '')
    .action((options: InitOptions) => runInit(io, options));
  for (const which of ['push', 'pull'] as const) {
    const command = program
      .command(which)
      .description(
        which === 'push'
          ? "send the branch's docs to its change request in the space (one per branch), or with --merge to the main content"
          : "bring the space's changes onto the branch (a merge commit when both changed; conflicts are left with markers, as git does)",
      )
      .option('--dry-run', 'print the plan and change nothing')
      .option('--json', 'print the result as JSON')
      .option(
        '--verbose',
        `list every file changed (else the first ${String(LISTED_FILES)} of each list)`,
      )
      .option('--token-file <path>', 'read the API token from this file');
    if (which === 'push')
      command
        .option(
          '--merge',
          "send to the space's main content instead of a change request (merging when both changed)",
        )
        .option('--branch <name>', 'the branch to push (default: the checked-out branch)')
        .option('--allow-mass-delete', 'allow deleting more than half of the pages');
    command.option(
      '--strategy <side>',
      'settle conflicting changes by taking `ours` (the branch) or `theirs` (the space) instead of writing conflict markers',
    );
    if (which === 'pull')
      command
        .option(
          '--published',
          "commit a site's or a space's published content into --path (the GitHub Action's flow)",
        )
        .option('--site <id>', 'with --published: the published site')
        .option('--space <id>', 'with --published: one space')
        .option('--organization <id>', "with --published: the site's organization")
        .option(
          '--path <dir>',
          'with --published: the directory the content replaces (default docs)',
        )
        .option('--url <url>', "with --published: the service URL (default: docsync.json's)")
        .option('--message <template>', 'with --published: the commit message template');
    command.action((options: RunOptions & PublishedPullOptions & { published?: true }) => {
      if (options.published === true) return runPublishedPull(io, options);
      const stray = ['site', 'space', 'organization', 'path', 'url', 'message'].find(
        (name) => (options as Record<string, unknown>)[name] !== undefined,
      );
      if (stray !== undefined) throw new UsageError(`--${stray} goes with \`pull --published\``);
      return runSync(io, which, options);
    });
  }
  program
    .command('status')
    .description('what changed on each side since the last sync')
    .option('--json', 'print the plan as JSON')
    .option('--token-file <path>', 'read the API token from this file')
    .action((options: RunOptions) => runPlan(io, 'status', options));
  program
    .command('diff')
    .description('what push and pull would change, file by file')
    .option('--json', 'print the plan as JSON')
    .option('--token-file <path>', 'read the API token from this file')
    .action((options: RunOptions) => runPlan(io, 'diff', options));
}
