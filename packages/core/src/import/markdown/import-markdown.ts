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
import { relativeLinkResolver } from '../shared/relative-link-resolver.js';
import { readMarkdownPage } from './read-markdown-page.js';

const revisionKey = 'docs';

/**
 * Imports a folder of plain markdown: every `.md` file is a page, the folders are the hierarchy
 * (`index.md`/`README.md` is the folder's page), front matter orders siblings, and relative links
 * and images become page and file refs. The revision is titled by the root index page.
 */
export function importMarkdown(
  files: readonly TreeFile[],
  options: { idNamespace: string },
): ImportTreeResult {
  const filesByPath = new Map(files.map((file) => [file.path, file]));
  const pages = new Map<string, ImportedPage>();
  const outcomes = new Map<string, FileOutcome>();
  for (const file of files) {
    if (!/\.(md|markdown)$/i.test(file.path)) continue;
    if (file.text === undefined) {
      outcomes.set(file.path, missingTextOutcome());
      continue;
    }
    pages.set(file.path, readMarkdownPage(file.path, file.path, file.text));
  }
  const entries = [...pages.values()].map((page) => ({
    source: page.source,
    relativePath: page.source,
    position: page.position,
  }));
  const nav = folderNav(entries);
  const built = buildRevision({
    nav,
    pages,
    filesByPath,
    namespace: options.idNamespace,
    resolveLink: relativeLinkResolver(new Set(pages.keys()), filesByPath, ''),
  });
  const first = nav[0];
  const title =
    (first?.kind === 'page' ? pages.get(first.source)?.title : undefined) ?? 'Documentation';
  const { inventory, diagnostics } = collectInventory({
    files,
    revisionKey,
    built,
    pages,
    outcomes,
    skipReason: () => 'not a markdown page and not used by any page',
  });
  return {
    revisions: [{ key: revisionKey, title, content: built.content }],
    inventory,
    summary: contentSummary(filesByPath, pages, built),
    diagnostics,
  };
}
