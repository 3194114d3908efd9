import { dirname, relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { CliError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { connectToService } from '../service-connection.js';

/** `docsync export`'s options as commander parses them. */
interface ExportOptions {
  space: string;
  out: string;
  url?: string;
  force?: true;
  json?: true;
  tokenFile?: string;
}

/** What `docsync export --json` prints. */
interface ExportReport {
  space: string;
  revision: string;
  out: string;
  /** Files written. */
  files: number;
  bytes: number;
}

/** Whether `dir` is absent or holds nothing; throws when it is not a directory. */
async function isEmptyDir(io: CliIo, dir: string, shown: string): Promise<boolean> {
  let stat;
  try {
    stat = await io.fs.stat(dir);
  } catch {
    return true;
  }
  if (!stat.isDirectory())
    throw new CliError('out-not-directory', `\`${shown}\` exists and is not a directory`);
  return (await io.fs.readdir(dir, { withFileTypes: true })).length === 0;
}

/**
 * Where a path of the space's tree lands inside `out`. The paths come from the server, so a path
 * that would leave `out` (`..`, absolute, empty segments) stops the export before anything is
 * written.
 */
function targetPath(out: string, path: string): string {
  const segments = path.split('/');
  const target = resolve(out, path);
  const inside = relative(out, target);
  if (
    path.startsWith('/') ||
    path.includes('\\') ||
    segments.some((segment) => segment === '' || segment === '.' || segment === '..') ||
    inside.startsWith('..') ||
    inside === ''
  )
    throw new CliError(
      'unsafe-path',
      `the space lists a file at \`${path}\`, which is not a plain relative path; nothing was written`,
    );
  return target;
}

/**
 * Writes the space's current content into `--out` as a plain docs tree (no git), fetched as
 * `push`/`pull` see the space (`fetchRemoteTree`). Refuses a non-empty `--out` unless `--force`;
 * with `--force`, files are overwritten and other files in `--out` are left as they are.
 */
async function runExport(io: CliIo, options: ExportOptions): Promise<void> {
  const out = resolve(io.cwd, options.out);
  if (!(await isEmptyDir(io, out, options.out)) && options.force !== true)
    throw new CliError(
      'out-not-empty',
      `\`${options.out}\` is not empty; pass --force to write into it anyway`,
    );
  const sync = await import('@docsync/sync');
  let report: ExportReport;
  try {
    const client = await connectToService(io, sync, {
      command: 'export',
      ...(options.url === undefined ? {} : { url: options.url }),
      ...(options.tokenFile === undefined ? {} : { tokenFile: options.tokenFile }),
    });
    const remote = await sync.fetchRemoteTree(client, options.space);
    const writable = [...remote.tree.values()].flatMap((file) => {
      const content = file.bytes ?? file.text;
      return content === undefined ? [] : [{ target: targetPath(out, file.path), content }];
    });
    let bytes = 0;
    for (const { target, content } of writable) {
      await io.fs.mkdir(dirname(target), { recursive: true });
      await io.fs.writeFile(target, content);
      bytes += typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
    }
    // An empty space still leaves `--out` behind, so a script can rely on the directory.
    await io.fs.mkdir(out, { recursive: true });
    report = {
      space: options.space,
      revision: remote.revision,
      out,
      files: writable.length,
      bytes,
    };
  } catch (error) {
    if (error instanceof sync.SyncError || error instanceof sync.ApiClientError)
      throw new CliError(error.code, error.message, { cause: error });
    throw error;
  }
  if (options.json === true) {
    io.stdout(`${JSON.stringify(report)}\n`);
    return;
  }
  io.stdout(
    `exported ${String(report.files)} files (${String(report.bytes)} bytes) of space ${report.space} (revision ${report.revision}) into \`${options.out}\`\n`,
  );
}

/** Registers `export`. */
export function registerExport(program: Command, io: CliIo): void {
  program
    .command('export')
    .description("write a space's current content into a directory as a plain docs tree (no git)")
    .requiredOption('--space <id>', 'the space id')
    .requiredOption('--out <dir>', 'the directory to write into (must be empty unless --force)')
    .option('--url <url>', 'the service URL (without /v1); default: the one in docsync.json')
    .option('--force', 'write into a non-empty directory, overwriting files')
    .option('--json', 'print the result as JSON')
    .option('--token-file <path>', 'read the API token from this file')
    .action((options: ExportOptions) => runExport(io, options));
}
