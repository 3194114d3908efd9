import { createHash } from 'node:crypto';
import * as nodeFs from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import type { ContentSummary, ImportSource, ImportTreeResult, InventoryEntry } from '@docsync/core';
import type * as SyncModule from '@docsync/sync';
import { InvalidArgumentError, type Command } from 'commander';
import { CliError, UsageError } from '../cli-error.js';
import type { CliIo } from '../cli-io.js';
import { readDocsTree, type DiskTree } from '../docs-tree.js';
import { childProcessEvaluator } from '../evaluate-config.js';
import { formatDiagnostic } from '../format-diagnostic.js';
import { connectToService } from '../service-connection.js';

/** `docsync import`'s options as commander parses them. */
interface ImportOptions {
  from: ImportSource;
  space?: string;
  org?: string;
  newSpace?: true;
  dryRun?: true;
  maxErrors: number;
  json?: true;
  url?: string;
  tokenFile?: string;
  /** `--no-eval` sets it to false: configuration files are read as literals only. */
  eval: boolean;
  siteUrl?: string;
}

const sources: readonly ImportSource[] = ['gitbook', 'docusaurus', 'mkdocs', 'markdown'];

/**
 * Files an importer reads as text: pages, navigation and configuration of every source tool, and
 * the code and text files MkDocs snippets include into pages.
 */
const sourceText =
  /\.(mdx?|markdown|ya?ml|json|[cm]?[jt]sx?|txt|py|sh|toml|ini|cfg|html?|css|rb|go|rs|java|kt|swift|c|h|cpp|sql|graphql|xml|csv)$/i;

/** Where one imported revision went. */
interface ImportedSpace {
  key: string;
  title: string;
  spaceId: string;
  /** Files in the tree sent to the space, and how many blobs the service lacked. */
  files: number;
  uploaded: number;
  bytes: number;
}

/** What `docsync import --json` prints. */
interface ImportReport {
  from: ImportSource;
  dryRun: boolean;
  inventory: InventoryEntry[];
  counts: Record<InventoryEntry['status'], number>;
  /** Words, links and images in figures (not for GitBook trees, imported as they are). */
  summary?: ContentSummary;
  spaces: ImportedSpace[];
}

/** The content summary as the lines a person reads after the inventory. */
function renderSummary(summary: ContentSummary): string {
  const percent = (part: number, whole: number) =>
    whole === 0 ? '0%' : `${((100 * part) / whole).toFixed(part === 0 ? 0 : 2)}%`;
  const lines = [
    `content: ${String(summary.pages)} pages; ${String(summary.wordsInSource)} words in the source, ${String(summary.wordsInSpace)} in the space, ${String(summary.wordsLost)} lost (${percent(summary.wordsLost, summary.wordsInSource)})`,
    ...summary.pagesLosingWords
      .slice(0, 5)
      .map((page) => `    ${page.source}: ${String(page.words)} words lost`),
    `links: ${String(summary.linksResolved)} resolved, ${String(summary.linksToSite)} to the source site's pages the tree does not hold, ${String(summary.linksBroken)} broken (${String(summary.linksBrokenInSource)} broken in the source too)`,
    `images: ${String(summary.imagesResolved)} found, ${String(summary.imagesFromSite)} shown from the source site, ${String(summary.imagesMissing)} missing; ${String(summary.filesResolved)} other files linked`,
    ...(summary.toSiteKept === 0
      ? []
      : [
          `${String(summary.toSiteKept)} links and images to the source site kept as written: its URL is unknown (pass --site-url)`,
        ]),
  ];
  return `${lines.join('\n')}\n`;
}

function parseMaxErrors(value: string): number {
  if (!/^\d+$/.test(value))
    throw new InvalidArgumentError('expected a whole number, such as 0 or 10');
  return Number(value);
}

function parseSiteUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new InvalidArgumentError('expected an absolute http(s) URL, such as https://example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InvalidArgumentError('expected an absolute http(s) URL, such as https://example.com');
  return value.replace(/\/+$/, '');
}

function parseSource(value: string): ImportSource {
  if (!(sources as readonly string[]).includes(value))
    throw new InvalidArgumentError(`expected one of ${sources.join(', ')}`);
  return value as ImportSource;
}

function countStatuses(inventory: readonly InventoryEntry[]): ImportReport['counts'] {
  const counts = { imported: 0, 'imported-with-diagnostics': 0, skipped: 0, failed: 0 };
  for (const entry of inventory) counts[entry.status] += 1;
  return counts;
}

/** The inventory as an aligned table: source, status, target, diagnostics under their line. */
function renderInventory(inventory: readonly InventoryEntry[]): string {
  const rows = inventory.map((entry) => {
    const target = entry.target;
    const where =
      target === undefined
        ? '-'
        : `${target.revision}: ${
            target.pageId !== undefined
              ? `page ${target.pageId}`
              : target.fileId !== undefined
                ? `file ${target.fileId}`
                : target.reusableContentId !== undefined
                  ? `reusable content ${target.reusableContentId}`
                  : 'space'
          }`;
    return [entry.source, entry.status, where] as const;
  });
  const width = (column: 0 | 1) =>
    Math.max(
      column === 0 ? 'SOURCE'.length : 'STATUS'.length,
      ...rows.map((row) => row[column].length),
    );
  const line = (cells: readonly [string, string, string]) =>
    `${cells[0].padEnd(width(0))}  ${cells[1].padEnd(width(1))}  ${cells[2]}`.trimEnd();
  const out = [line(['SOURCE', 'STATUS', 'TARGET'])];
  inventory.forEach((entry, index) => {
    out.push(line(rows[index] ?? ['', '', '']));
    for (const diagnostic of entry.diagnostics)
      out.push(`    ${formatDiagnostic(diagnostic.path ?? entry.source, diagnostic)}`);
  });
  return `${out.join('\n')}\n`;
}

/**
 * The id the import is recorded under in place of a commit: the SHA-1 of the sent tree's sorted
 * `path oid` lines. The same tree imported again has the same id, so the service ignores it.
 */
function treeContentId(files: readonly { path: string; oid: string }[]): string {
  const listing = files
    .map((file) => `${file.path} ${file.oid}\n`)
    .sort()
    .join('');
  return createHash('sha1').update(`docsync import\n${listing}`).digest('hex');
}

/** The space each revision goes into: `--space`, or new spaces in `--org`. */
async function targetSpaces(
  client: SyncModule.SyncClient,
  result: ImportTreeResult,
  options: ImportOptions,
): Promise<string[]> {
  if (options.space !== undefined) return result.revisions.map(() => options.space ?? '');
  const ids: string[] = [];
  for (const revision of result.revisions) {
    const space = await client.api.request('createSpace', {
      params: { organizationId: options.org ?? '' },
      body: { title: revision.title.slice(0, 50) || revision.key },
    });
    ids.push(space.id);
  }
  return ids;
}

/** Writes each imported revision as a canonical tree and sends it (only missing blobs). */
async function sendRevisions(
  io: CliIo,
  sync: typeof SyncModule,
  disk: DiskTree,
  result: ImportTreeResult,
  options: ImportOptions,
  idMaps: Map<string, ReadonlyMap<string, string>>,
): Promise<ImportedSpace[]> {
  const core = await import('@docsync/core');
  const client = await connectToService(io, sync, {
    command: 'import',
    ...(options.url === undefined ? {} : { url: options.url }),
    ...(options.tokenFile === undefined ? {} : { tokenFile: options.tokenFile }),
  });
  const bytesByOid = new Map<string, Uint8Array>();
  for (const file of disk.files) {
    const bytes = disk.bytes.get(file.path);
    if (bytes !== undefined) bytesByOid.set(file.oid, bytes);
  }
  const spaceIds = await targetSpaces(client, result, options);
  const spaces: ImportedSpace[] = [];
  for (const [index, revision] of result.revisions.entries()) {
    const spaceId = spaceIds[index] ?? '';
    const tree = core.revisionToTree(revision.content);
    const files = tree.files.map((file): SyncModule.SyncFile => {
      if (file.text !== undefined) return { path: file.path, oid: file.oid, text: file.text };
      const bytes = bytesByOid.get(file.oid);
      if (bytes === undefined)
        throw new CliError(
          'missing-asset',
          `the import refers to \`${file.path}\` (blob ${file.oid}), which is not in the source tree`,
        );
      return { path: file.path, oid: file.oid, bytes };
    });
    const sent = await sync.uploadTree(
      { fs: nodeFs, dir: io.cwd },
      client,
      spaceId,
      sync.toSyncTree(files),
      {
        oid: treeContentId(files),
        message: `Import from ${options.from}`,
        ref: `docsync-import/${options.from}`,
      },
    );
    spaces.push({
      key: revision.key,
      title: revision.title,
      spaceId,
      files: files.length,
      ...sent,
    });
    // The service gives the pages and files of a tree its own ids: the inventory names those.
    const stored = await client.api.request('getCurrentRevision', { params: { spaceId } });
    idMaps.set(revision.key, idsInSpace(revision.content, stored));
  }
  return spaces;
}

/** The id each page and file of an imported revision has in the space it was sent to. */
function idsInSpace(
  sent: ImportTreeResult['revisions'][number]['content'],
  stored: {
    pages: readonly unknown[];
    files: readonly { id: string; name: string; size?: number }[];
  },
): Map<string, string> {
  const ids = new Map<string, string>();
  const byPath = new Map<string, string>();
  const walk = (pages: readonly unknown[], into: (path: string, id: string) => void) => {
    for (const page of pages as { id: string; path?: string; pages?: unknown[] }[]) {
      if (page.path !== undefined) into(page.path, page.id);
      walk(page.pages ?? [], into);
    }
  };
  walk(stored.pages, (path, id) => byPath.set(path, id));
  walk(sent.pages, (path, id) => {
    const storedId = byPath.get(path);
    if (storedId !== undefined) ids.set(id, storedId);
  });
  const storedFiles = new Map(
    stored.files.map((file) => [`${file.name} ${String(file.size)}`, file.id]),
  );
  for (const file of sent.files) {
    const storedId =
      storedFiles.get(`${file.git?.path.split('/').pop() ?? file.name} ${String(file.size)}`) ??
      storedFiles.get(`${file.name} ${String(file.size)}`);
    if (storedId !== undefined) ids.set(file.id, storedId);
  }
  return ids;
}

/** The inventory with the ids the space gave its pages and files. */
function withSpaceIds(
  inventory: readonly InventoryEntry[],
  idMaps: ReadonlyMap<string, ReadonlyMap<string, string>>,
): InventoryEntry[] {
  return inventory.map((entry) => {
    const target = entry.target;
    const ids = target === undefined ? undefined : idMaps.get(target.revision);
    if (target === undefined || ids === undefined) return entry;
    const pageId = target.pageId === undefined ? undefined : ids.get(target.pageId);
    const fileId = target.fileId === undefined ? undefined : ids.get(target.fileId);
    return {
      ...entry,
      target: {
        ...target,
        ...(pageId === undefined ? {} : { pageId }),
        ...(fileId === undefined ? {} : { fileId }),
      },
    };
  });
}

/**
 * Imports documentation written for another tool into spaces: reads the tree, converts it with
 * core's `importTree`, prints the inventory, and (unless `--dry-run`) sends each revision as a
 * canonical tree into `--space` or into new spaces of `--org`. Nothing is sent when more files
 * failed than `--max-errors` allows.
 */
async function runImport(io: CliIo, dir: string, options: ImportOptions): Promise<void> {
  if (options.space !== undefined && (options.org !== undefined || options.newSpace === true))
    throw new UsageError('pass either --space <id>, or --org <id> --new-space, not both');
  const hasTarget =
    options.space !== undefined || (options.org !== undefined && options.newSpace === true);
  if (!hasTarget && options.dryRun !== true)
    throw new UsageError('pass --space <id> to import into a space, or --org <id> --new-space');
  const source = resolve(io.cwd, dir);
  try {
    if (!(await io.fs.stat(source)).isDirectory())
      throw new CliError('unreadable-dir', `\`${dir}\` is not a directory`);
  } catch (error) {
    if (error instanceof CliError) throw error;
    throw new CliError('unreadable-dir', `cannot read \`${dir}\`: no such directory`);
  }
  const { importTree } = await import('@docsync/core');
  const convert = (root: string, files: DiskTree['files']) =>
    importTree({
      from: options.from,
      files,
      idNamespace: options.space ?? options.org ?? '',
      ...(options.eval ? { evaluate: childProcessEvaluator(root) } : {}),
      ...(options.siteUrl === undefined ? {} : { siteUrl: options.siteUrl }),
    });
  let root = source;
  let disk = await readDocsTree(io.fs, source, sourceText);
  let result = convert(root, disk.files);
  if (result.outsideTree !== undefined) {
    // The site's own configuration reads its docs from outside the folder (`docs.path:
    // '../docs'`): read what Docusaurus reads, the site folder and those, from the folder holding
    // them all, so paths in the inventory are from there.
    const folders = [source, ...result.outsideTree.map((folder) => resolve(source, folder))];
    root = commonFolder(folders);
    disk = await readFolders(
      io,
      root,
      folders.map((folder) => relative(root, folder)),
    );
    io.stderr(
      `docsync import: the site in \`${dir}\` reads docs from ${result.outsideTree.map((folder) => `\`${folder}\``).join(', ')}: imported them from \`${relative(io.cwd, root) || '.'}\` with the site; paths below are from there\n`,
    );
    result = convert(root, disk.files);
  }
  const counts = countStatuses(result.inventory);
  if (options.space !== undefined && result.revisions.length > 1)
    throw new UsageError(
      `\`${dir}\` holds ${String(result.revisions.length)} spaces (docs.yaml); import them with --org <id> --new-space`,
    );

  const noPages = !result.inventory.some((entry) => entry.target?.pageId !== undefined);
  const tooMany = counts.failed > options.maxErrors;
  const sync = await import('@docsync/sync');
  let spaces: ImportedSpace[] = [];
  const idMaps = new Map<string, ReadonlyMap<string, string>>();
  if (options.dryRun !== true && !tooMany && !noPages) {
    try {
      spaces = await sendRevisions(io, sync, disk, result, options, idMaps);
    } catch (error) {
      if (error instanceof sync.SyncError || error instanceof sync.ApiClientError)
        throw new CliError(error.code, error.message, { cause: error });
      throw error;
    }
  }
  const inventory = withSpaceIds(result.inventory, idMaps);
  const report: ImportReport = {
    from: options.from,
    dryRun: options.dryRun === true,
    inventory,
    counts,
    ...(result.summary === undefined ? {} : { summary: result.summary }),
    spaces,
  };
  if (options.json === true) io.stdout(`${JSON.stringify(report)}\n`);
  else {
    io.stdout(renderInventory(inventory));
    for (const diagnostic of result.diagnostics.filter((d) => d.path === undefined))
      io.stdout(`${formatDiagnostic(dir, diagnostic)}\n`);
    const summary = `${String(result.inventory.length)} files: ${String(counts.imported)} imported, ${String(counts['imported-with-diagnostics'])} with diagnostics, ${String(counts.skipped)} skipped, ${String(counts.failed)} failed`;
    io.stdout(`${summary}\n`);
    if (result.summary !== undefined) io.stdout(renderSummary(result.summary));
    for (const space of spaces)
      io.stdout(
        `sent \`${space.title}\` to space ${space.spaceId}: ${String(space.files)} files, ${String(space.uploaded)} new blobs (${String(space.bytes)} bytes)\n`,
      );
  }
  if (noPages)
    throw new CliError(
      'no-pages',
      `\`${dir}\` holds no page to import from ${options.from}${noPagesHint(result)}; nothing was sent`,
    );
  if (tooMany)
    throw new CliError(
      'too-many-failures',
      `${String(counts.failed)} files failed to import (--max-errors ${String(options.maxErrors)}); nothing was sent`,
    );
}

/** Where the importer looked, from its own diagnostics: what to pass instead. */
function noPagesHint(result: ImportTreeResult): string {
  const read = result.diagnostics.find((d) => d.ruleId === 'config-read')?.message;
  return read === undefined
    ? ' (pass the folder holding the site’s configuration and its docs)'
    : ` (${read}; pass the folder holding the site’s configuration and its docs)`;
}

/** The deepest folder holding every one of `folders` (absolute paths). */
function commonFolder(folders: readonly string[]): string {
  const split = folders.map((folder) => folder.split(sep));
  const first = split[0] ?? [];
  let length = 0;
  while (length < first.length && split.every((parts) => parts[length] === first[length])) length++;
  return first.slice(0, length).join(sep) || sep;
}

/** The files of `folders` (relative to `root`; `''` is all of it), with paths from `root`. */
async function readFolders(io: CliIo, root: string, folders: readonly string[]): Promise<DiskTree> {
  const merged: DiskTree = { files: [], bytes: new Map() };
  // In name order, as reading `root` whole would list them.
  const wanted = folders.includes('') ? [''] : [...new Set(folders)].sort();
  for (const folder of wanted) {
    let tree: DiskTree;
    try {
      tree = await readDocsTree(io.fs, resolve(root, folder), sourceText);
    } catch {
      throw new CliError(
        'unreadable-dir',
        `cannot read \`${resolve(root, folder)}\`: no such directory`,
      );
    }
    const prefix = folder === '' ? '' : `${folder.split(sep).join('/')}/`;
    for (const file of tree.files) merged.files.push({ ...file, path: `${prefix}${file.path}` });
    for (const [path, bytes] of tree.bytes) merged.bytes.set(`${prefix}${path}`, bytes);
  }
  return merged;
}

/** Registers `docsync import <dir> --from …`. */
export function registerImport(program: Command, io: CliIo): void {
  program
    .command('import')
    .summary('import documentation written for another tool into spaces')
    .description(
      [
        'Read a GitBook, Docusaurus, MkDocs or plain markdown tree, convert it to',
        'spaces (admonitions → hints, tabs → tabs, relative links and images → page',
        'and file references) and send it to the service. Prints one inventory line',
        'per source file: imported, imported-with-diagnostics, skipped or failed.',
        '',
        'Exit codes: 0 ok; 1 more files failed than --max-errors (nothing is sent)',
        'or the service refused; 2 usage error.',
      ].join('\n'),
    )
    .argument('<dir>', 'the site or docs directory')
    .requiredOption(
      '--from <tool>',
      `the tool the tree was written for: ${sources.join(', ')}`,
      parseSource,
    )
    .option('--space <id>', 'import into this space (its content is replaced)')
    .option('--org <id>', 'the organization to create spaces in (with --new-space)')
    .option('--new-space', 'create one new space per imported space')
    .option('--dry-run', 'convert and print the inventory; send nothing')
    .option('--max-errors <n>', 'send nothing when more files than this fail', parseMaxErrors, 0)
    .option(
      '--no-eval',
      'read sidebars and site configuration as literals only; never run them (by default a file that is code is run in a child process with a timeout and no network)',
    )
    .option(
      '--site-url <url>',
      "the source site's address (https://example.com), for links to its pages the tree does not hold (blog, other pages); default: the site configuration's `url`",
      parseSiteUrl,
    )
    .option('--json', 'print the report (inventory, counts, spaces) as JSON')
    .option('--url <url>', 'the service URL (without /v1); default: the one in docsync.json')
    .option('--token-file <path>', 'read the API token from this file')
    .action((dir: string, options: ImportOptions) => runImport(io, dir, options));
}
