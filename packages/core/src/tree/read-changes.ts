import type { Diagnostic } from '../diagnostic.js';
import type { RevisionContent } from '../model/revision.js';
import type { ConversionCache } from './conversion-cache.js';
import { defaultConfig, parseGitbookConfig, type GitbookConfig } from './gitbook-config.js';
import {
  fileParser,
  isReadable,
  isUnlisted,
  pageFromEntry,
  refResolver,
  resolvePageRefs,
  unlistedDiagnostic,
  unlistedPaths,
  type PageEntry,
  type PageReading,
} from './page-from-entry.js';
import { dirname } from './paths.js';
import {
  carryIndex,
  indexContent,
  indexSummary,
  pageAt,
  replacePages,
  type ContentIndex,
  type Replacement,
} from './revision-index.js';
import { parseSummary } from './summary.js';
import type { TreeFile } from './tree-file.js';

/** What {@link readChanges} is given: a tree, and the revision read from the tree before it. */
export interface ChangedTree {
  files: readonly TreeFile[];
  base: RevisionContent;
  baseFiles: ReadonlyMap<string, string>;
  cache: ConversionCache | undefined;
}

/** An incremental read: the same content and config as the whole read, and fewer diagnostics. */
export interface ChangesRead {
  content: RevisionContent;
  config: GitbookConfig;
  diagnostics: Diagnostic[];
  unlisted: string[];
}

/**
 * The files whose blob id differs from the base tree's; `undefined` when the paths differ (the
 * files of a tree name each path once, so equal counts and known paths mean equal sets). An
 * unchanged file is not read, so it needs neither its text nor a cached parse: `base` holds what
 * it says (the precondition of `baseFiles`), which lets a caller that lost its cache (a restarted
 * service) send only the changed files' texts. One pass, a lookup per file.
 */
function changedFiles(
  files: readonly TreeFile[],
  baseFiles: ReadonlyMap<string, string>,
): TreeFile[] | undefined {
  if (files.length !== baseFiles.size) return undefined;
  const changed: TreeFile[] = [];
  for (const file of files) {
    const oid = baseFiles.get(file.path);
    if (oid === undefined) return undefined;
    if (oid !== file.oid) changed.push(file);
  }
  return changed;
}

/**
 * The file at `path` of a tree with the base tree's paths: none when the base tree has none,
 * else where it was in the last tree read from this base (checked), else found and remembered.
 */
function fileAt(tree: ChangedTree, index: ContentIndex, path: string): TreeFile | undefined {
  if (!tree.baseFiles.has(path)) return undefined;
  const hint = index.positions.get(path);
  const known = hint === undefined ? undefined : tree.files[hint];
  if (known?.path === path) return known;
  const position = tree.files.findIndex((file) => file.path === path);
  index.positions.set(path, position);
  return tree.files[position];
}

/** `.gitbook.yaml` as the whole read takes it. */
function readConfig(configFile: TreeFile | undefined): GitbookConfig {
  const text = configFile?.text;
  return text === undefined ? defaultConfig : parseGitbookConfig(text).config;
}

/**
 * Reads a tree by replacing, in the revision read from the tree before it, only the pages whose
 * files changed; `undefined` when the change is one that only the whole read handles. The result
 * equals the whole read's (content and config) when `base` was read from `baseFiles`:
 *
 * - the paths are the same, so every page keeps its place, id, slug and URL path, and refs
 *   resolve to the same targets (the base's, indexed once per content and carried over);
 * - every changed file is a page of the base whose new file can be read (its page is built
 *   anew, as the whole read builds it), or a markdown file SUMMARY.md does not list;
 * - `.gitbook.yaml`, SUMMARY.md (which must exist: an inferred summary takes the whole read),
 *   assets, includes and variables are unchanged, and every file SUMMARY.md names is a page.
 *
 * Apart from an O(n) comparison of the two trees, the cost is that of the changed pages.
 * Diagnostics are those of the changed files only. Nothing of `base` is read but its page tree's
 * structure, ids and git locations and the changed pages' places: unchanged documents may be
 * placeholders.
 */
export function readChanges(tree: ChangedTree): ChangesRead | undefined {
  const { files, base, baseFiles, cache } = tree;
  const index = indexContent(base);
  if (!index.stable) return undefined;
  const changed = changedFiles(files, baseFiles);
  if (changed === undefined) return undefined;
  const config = readConfig(fileAt(tree, index, '.gitbook.yaml'));
  const inRoot = (path: string) => (config.root === '' ? path : `${config.root}/${path}`);
  const summaryPath = inRoot(config.summary);
  const summaryFile = fileAt(tree, index, summaryPath);
  if (summaryFile?.text === undefined) return undefined;
  if (changed.some((file) => !changeIsLocal(file.path, summaryPath, inRoot('.gitbook/'))))
    return undefined;

  const summary = cache
    ? cache.parseSummary(summaryFile.oid, summaryFile.text)
    : parseSummary(summaryFile.text);
  const entries = indexSummary(summary.summary, dirname(summaryPath));
  if (entries.size !== index.locations.size) return undefined;

  const reading: PageReading = {
    parse: fileParser(cache),
    readmePath: inRoot(config.readme),
    inferred: false,
  };
  const resolve = refResolver(cache, index.targets);
  const replacements: Replacement[] = [];
  const diagnostics: Diagnostic[] = [];
  for (const file of changed) {
    if (isUnlisted(file.path, index.locations, config.root, summaryPath)) {
      if (entries.has(file.path)) return undefined;
      diagnostics.push(unlistedDiagnostic(file.path));
      continue;
    }
    const replacement = rereadPage(file, tree, index, entries.get(file.path), reading);
    if (replacement === undefined) return undefined;
    resolvePageRefs(replacement.page, file.path, index.targets, resolve);
    diagnostics.push(...replacement.diagnostics);
    replacements.push(replacement);
  }

  const content: RevisionContent = {
    pages: replacements.length > 0 ? replacePages(base.pages, replacements) : base.pages,
    files: base.files,
    reusableContents: base.reusableContents,
    variables: base.variables,
  };
  carryIndex(index, content);
  const unlisted = unlistedOf(index, files, config.root, summaryPath);
  return { content, config, diagnostics, unlisted };
}

/**
 * The unlisted files of the base tree, which are those of `files` (the same paths, the same
 * pages): computed once per base revision and configuration, then remembered in its index.
 */
function unlistedOf(
  index: ContentIndex,
  files: readonly TreeFile[],
  root: string,
  summaryPath: string,
): string[] {
  const key = `${root}\n${summaryPath}`;
  let unlisted = index.unlisted.get(key);
  if (unlisted === undefined) {
    unlisted = unlistedPaths(files, index.locations, root, summaryPath);
    index.unlisted.set(key, unlisted);
  }
  return unlisted.slice();
}

/**
 * Whether a changed file can only change its own page: markdown outside `.gitbook/` that is not
 * SUMMARY.md. Anything else (assets, includes, variables, the config) takes the whole read.
 */
function changeIsLocal(path: string, summaryPath: string, gitbookDir: string): boolean {
  return (
    path.endsWith('.md') &&
    path !== summaryPath &&
    !path.startsWith(gitbookDir) &&
    !path.startsWith('.gitbook/')
  );
}

/**
 * The base page of the changed file `file` built anew from its SUMMARY entry, at the base page's
 * place and with its id; `undefined` when the file is not a base page read from the base tree,
 * or cannot be read.
 */
function rereadPage(
  file: TreeFile,
  tree: ChangedTree,
  index: ContentIndex,
  entry: PageEntry | undefined,
  reading: PageReading,
): (Replacement & { diagnostics: Diagnostic[] }) | undefined {
  const location = index.locations.get(file.path);
  const at = location === undefined ? undefined : pageAt(tree.base.pages, location);
  if (entry === undefined || location === undefined || at === undefined) return undefined;
  const { page: before, parentPath } = at;
  if (before.git?.oid !== tree.baseFiles.get(file.path) || !isReadable(file, tree.cache))
    return undefined;
  const built = pageFromEntry(reading, entry, file, file.path, parentPath, before.id);
  built.page.pages = before.pages;
  return { location, page: built.page, diagnostics: built.diagnostics };
}
