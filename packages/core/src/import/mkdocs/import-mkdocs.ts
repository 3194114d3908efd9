import type { Diagnostic } from '../../diagnostic.js';
import type { TreeFile } from '../../tree/tree-file.js';
import { buildRevision } from '../shared/build-revision.js';
import { contentSummary } from '../shared/content-summary.js';
import {
  collectInventory,
  missingTextOutcome,
  type FileOutcome,
} from '../shared/collect-inventory.js';
import { folderNav } from '../shared/folder-nav.js';
import type { ImportedPage } from '../shared/imported-page.js';
import type { ImportTreeResult } from '../shared/import-result.js';
import { importedStatus } from '../shared/inventory.js';
import { relativeLinkResolver } from '../shared/relative-link-resolver.js';
import { mkdocsNav } from './mkdocs-nav.js';
import { readMkdocsConfig, type MkdocsConfig } from './read-mkdocs-config.js';
import { readMkdocsPage } from './read-mkdocs-page.js';

const revisionKey = 'docs';
const configNames = ['mkdocs.yml', 'mkdocs.yaml'];

/**
 * Imports an MkDocs site (paths relative to the directory of `mkdocs.yml`): the pages under
 * `docs_dir`, placed by `nav` (sections, titles, external links) or, without one, by their
 * folders; admonitions and content tabs converted; the revision titled by `site_name`.
 */
export function importMkdocs(
  files: readonly TreeFile[],
  options: { idNamespace: string },
): ImportTreeResult {
  const filesByPath = new Map(files.map((file) => [file.path, file]));
  const outcomes = new Map<string, FileOutcome>();
  const configFile = configNames.map((name) => filesByPath.get(name)).find((f) => f !== undefined);
  const configDiagnostics: Diagnostic[] = [];
  let config: MkdocsConfig = { docsDir: 'docs' };
  if (configFile?.text !== undefined) {
    const read = readMkdocsConfig(configFile.text);
    config = read.config;
    configDiagnostics.push(...read.diagnostics);
  }
  const prefix = config.docsDir === '' ? '' : `${config.docsDir}/`;
  const pages = new Map<string, ImportedPage>();
  for (const file of files) {
    if (!file.path.startsWith(prefix) || !/\.md$/i.test(file.path)) continue;
    if (file.text === undefined) {
      outcomes.set(file.path, missingTextOutcome());
      continue;
    }
    pages.set(
      file.path,
      readMkdocsPage(file.path, file.path.slice(prefix.length), file.text, {
        docsDir: config.docsDir,
        readText: (path) => filesByPath.get(path)?.text,
      }),
    );
  }
  const sources = new Set(pages.keys());
  const navFiles = new Set<string>();
  const nav =
    config.nav === undefined
      ? folderNav(
          [...pages.keys()].map((source) => ({
            source,
            relativePath: source.slice(prefix.length),
            position: undefined,
          })),
        )
      : mkdocsNav(
          config.nav,
          config.docsDir,
          sources,
          configDiagnostics,
          (path) => filesByPath.get(path)?.text,
          navFiles,
        );
  // A folder's SUMMARY.md that the navigation was read from is navigation, not a page.
  for (const path of navFiles) {
    pages.delete(path);
    sources.delete(path);
    outcomes.set(path, { status: 'imported', diagnostics: [] });
  }
  if (configFile !== undefined)
    outcomes.set(configFile.path, {
      status:
        configFile.text === undefined || configDiagnostics.some((d) => d.severity === 'error')
          ? 'failed'
          : importedStatus(configDiagnostics),
      diagnostics: configDiagnostics,
    });
  const built = buildRevision({
    nav,
    pages,
    filesByPath,
    namespace: options.idNamespace,
    resolveLink: relativeLinkResolver(sources, filesByPath, config.docsDir),
  });
  const { inventory, diagnostics } = collectInventory({
    files,
    revisionKey,
    built,
    pages,
    outcomes,
    skipReason: (path) =>
      path.startsWith(prefix)
        ? 'not a page and not used by any page'
        : `outside \`${config.docsDir}/\` and not used by any page`,
  });
  return {
    revisions: [
      { key: revisionKey, title: config.siteName ?? 'Documentation', content: built.content },
    ],
    inventory,
    summary: contentSummary(filesByPath, pages, built),
    diagnostics,
  };
}
