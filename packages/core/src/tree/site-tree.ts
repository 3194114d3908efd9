import type { Diagnostic } from '../diagnostic.js';
import type { RevisionContent } from '../model/revision.js';
import {
  docsConfigNames,
  parseDocsConfig,
  type DocsConfig,
  type DocsSpace,
} from './docs-config.js';
import type { GitbookConfig } from './gitbook-config.js';
import { treeToRevision, type ReadTreeResult } from './tree-to-revision.js';
import type { TreeFile } from './tree-file.js';
import { revisionToTree } from './revision-to-tree.js';

/** Options for {@link treeToSiteRevisions}. */
export interface ReadSiteTreeOptions {
  /** The revisions each space was last synced with, by `docs.yaml` key. */
  bases?: Readonly<Record<string, RevisionContent>>;
  /** Namespace for new ids; each space's ids are namespaced further by its key. */
  idNamespace?: string;
  /** The project directory's path from the repository root, for `/x` directories. */
  projectDir?: string;
}

/** One mapped space of a site-wide tree, read as a revision. */
export interface SiteSpaceRevision {
  space: DocsSpace & { directory: string };
  result: ReadTreeResult;
}

/** A site-wide Git Sync tree read as one revision per mapped space. */
export interface ReadSiteTreeResult {
  /** The configuration file's path (`docs.yaml` or `gitbook-docs.yaml`). */
  configPath: string;
  config: DocsConfig;
  spaces: SiteSpaceRevision[];
  /** Problems in the configuration itself; each space's own are in its result. */
  diagnostics: Diagnostic[];
  /** Files in no mapped directory: reported, not imported, never deleted. */
  unmapped: string[];
}

/**
 * Reads a monorepo under site-wide Git Sync: `docs.yaml` maps spaces to directories, and each
 * directory is a self-contained space tree (its own `.gitbook.yaml`, SUMMARY.md and `.gitbook/`).
 * A file belongs to the space with the deepest directory holding it. Returns `undefined` when
 * the tree has no `docs.yaml`: it is then one space, for {@link treeToRevision}.
 */
export function treeToSiteRevisions(
  files: readonly TreeFile[],
  options: ReadSiteTreeOptions = {},
): ReadSiteTreeResult | undefined {
  const configFile = docsConfigNames
    .map((name) => files.find((file) => file.path === name))
    .find((file) => file !== undefined);
  if (configFile === undefined) return undefined;
  const { config, diagnostics } = parseDocsConfig(
    configFile.text ?? '',
    configFile.path,
    options.projectDir,
  );
  const mapped = config.spaces.filter(
    (space): space is DocsSpace & { directory: string } => space.directory !== null,
  );
  // Deepest directory first, so a space nested in another's directory takes its own files.
  const byDepth = [...mapped].sort((a, b) => b.directory.length - a.directory.length);
  const filesOf = new Map<string, TreeFile[]>(mapped.map((space) => [space.key, []]));
  const unmapped: string[] = [];
  for (const file of files) {
    if (file === configFile) continue;
    const owner = byDepth.find((space) => isInside(file.path, space.directory));
    if (owner === undefined) unmapped.push(file.path);
    else filesOf.get(owner.key)?.push({ ...file, path: relativeTo(file.path, owner.directory) });
  }
  const namespace = options.idNamespace ?? '';
  const spaces = mapped.map((space) => {
    const base = options.bases?.[space.key];
    const result = treeToRevision(filesOf.get(space.key) ?? [], {
      idNamespace: `${namespace}/${space.key}`,
      ...(base ? { base } : {}),
    });
    return { space, result };
  });
  return { configPath: configFile.path, config, spaces, diagnostics, unmapped };
}

/** One space to write into a site-wide tree. */
export interface SiteSpaceContent {
  /** Its directory relative to the project directory, as `docs.yaml` maps it. */
  directory: string;
  content: RevisionContent;
  /** Its `.gitbook.yaml` settings, when not the defaults. */
  config?: GitbookConfig;
}

/**
 * Writes the spaces of a site into one tree: each space's files under its directory, and the
 * configuration file as it was (docsync never rewrites a person's `docs.yaml`).
 */
export function siteRevisionsToTree(
  configFile: TreeFile,
  spaces: readonly SiteSpaceContent[],
): { files: TreeFile[]; diagnostics: Diagnostic[] } {
  const files: TreeFile[] = [configFile];
  const diagnostics: Diagnostic[] = [];
  for (const space of spaces) {
    const written = revisionToTree(space.content, space.config ? { config: space.config } : {});
    const prefix = (path: string) => (space.directory === '' ? path : `${space.directory}/${path}`);
    files.push(...written.files.map((file) => ({ ...file, path: prefix(file.path) })));
    diagnostics.push(
      ...written.diagnostics.map((d) => (d.path ? { ...d, path: prefix(d.path) } : d)),
    );
  }
  files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, diagnostics };
}

function isInside(path: string, directory: string): boolean {
  return directory === '' || path.startsWith(`${directory}/`);
}

function relativeTo(path: string, directory: string): string {
  return directory === '' ? path : path.slice(directory.length + 1);
}
