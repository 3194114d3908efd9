import type { Diagnostic } from '../../diagnostic.js';
import type { RevisionContent } from '../../model/revision.js';
import { treeToRevision, type ReadTreeResult } from '../../tree/tree-to-revision.js';
import { treeToSiteRevisions } from '../../tree/site-tree.js';
import type { TreeFile } from '../../tree/tree-file.js';
import { flattenPages } from '../../tree/flatten-pages.js';
import type { ImportTreeResult } from '../shared/import-result.js';
import { importedStatus, type InventoryEntry } from '../shared/inventory.js';

const singleKey = 'docs';

/**
 * Imports a GitBook Git Sync tree: a `docs.yaml` monorepo as one revision per mapped space
 * (`treeToSiteRevisions`), otherwise one space (`treeToRevision`), exactly as a sync reads it.
 * Files SUMMARY.md does not list, and files in no mapped directory, are skipped.
 */
export function importGitbook(
  files: readonly TreeFile[],
  options: { idNamespace: string; projectDir?: string },
): ImportTreeResult {
  const site = treeToSiteRevisions(files, {
    idNamespace: options.idNamespace,
    ...(options.projectDir === undefined ? {} : { projectDir: options.projectDir }),
  });
  if (site === undefined) {
    const result = treeToRevision(files, { idNamespace: options.idNamespace });
    const inventory = spaceInventory(files, result, '', singleKey);
    return {
      revisions: [{ key: singleKey, title: titleOf(result.content), content: result.content }],
      inventory,
      diagnostics: [
        ...result.diagnostics.filter((d) => d.path === undefined),
        ...inventory.flatMap((e) => e.diagnostics),
      ],
    };
  }
  const inventory: InventoryEntry[] = [];
  const general: Diagnostic[] = site.diagnostics.filter((d) => d.path === undefined);
  const configDiagnostics = site.diagnostics
    .filter((d) => d.path !== undefined)
    .map((d) => ({ ...d, path: site.configPath }));
  inventory.push({
    source: site.configPath,
    status: importedStatus(configDiagnostics),
    diagnostics: configDiagnostics,
  });
  for (const { space, result } of site.spaces) {
    const prefix = space.directory === '' ? '' : `${space.directory}/`;
    const inSpace = files.filter(
      (file) => file.path !== site.configPath && file.path.startsWith(prefix),
    );
    const owned = inSpace.filter((file) => !site.unmapped.includes(file.path));
    const relative = owned.map((file) => ({ ...file, path: file.path.slice(prefix.length) }));
    inventory.push(
      ...spaceInventory(relative, result, prefix, space.key).filter(
        (entry) => !inventory.some((known) => known.source === entry.source),
      ),
    );
    general.push(
      ...result.diagnostics
        .filter((d) => d.path === undefined)
        .map((d) => ({ ...d, message: `${space.key}: ${d.message}` })),
    );
  }
  for (const path of site.unmapped)
    inventory.push({
      source: path,
      status: 'skipped',
      diagnostics: [
        {
          path,
          ruleId: 'not-imported',
          severity: 'info',
          message: 'in no directory docs.yaml maps',
        },
      ],
    });
  // Keep the tree's order, one line per file (a file of a nested space is claimed once).
  const order = new Map(files.map((file, index) => [file.path, index]));
  inventory.sort((a, b) => (order.get(a.source) ?? 0) - (order.get(b.source) ?? 0));
  return {
    revisions: site.spaces.map(({ space, result }) => ({
      key: space.key,
      title: space.title,
      content: result.content,
    })),
    inventory,
    diagnostics: [...general, ...inventory.flatMap((entry) => entry.diagnostics)],
  };
}

/** Inventory lines of one space's files (paths relative to it; `prefix` makes them the tree's). */
function spaceInventory(
  files: readonly TreeFile[],
  result: ReadTreeResult,
  prefix: string,
  key: string,
): InventoryEntry[] {
  const pageByPath = new Map<string, string>();
  for (const page of flattenPages(result.content.pages))
    if (page.type === 'document' && page.git) pageByPath.set(page.git.path, page.id);
  const fileByPath = new Map(result.content.files.map((file) => [file.git?.path, file.id]));
  const reusableByPath = new Map(
    result.content.reusableContents.map((reusable) => [reusable.git?.path, reusable.id]),
  );
  const unlisted = new Set(result.unlisted);
  const root = result.config.root === '' ? '' : `${result.config.root}/`;
  const configFiles = new Set([
    '.gitbook.yaml',
    `${root}${result.config.summary}`,
    `${root}.gitbook/vars.yaml`,
  ]);
  return files.map((file): InventoryEntry => {
    const source = prefix + file.path;
    const diagnostics = result.diagnostics
      .filter((d) => d.path === file.path)
      .map((d) => ({ ...d, path: source }));
    const pageId = pageByPath.get(file.path);
    const fileId = fileByPath.get(file.path);
    const reusableContentId = reusableByPath.get(file.path);
    const target =
      pageId !== undefined
        ? { revision: key, pageId }
        : fileId !== undefined
          ? { revision: key, fileId }
          : reusableContentId !== undefined
            ? { revision: key, reusableContentId }
            : undefined;
    if (target !== undefined)
      return { source, target, status: importedStatus(diagnostics), diagnostics };
    if (configFiles.has(file.path))
      return { source, status: importedStatus(diagnostics), diagnostics };
    return {
      source,
      status: 'skipped',
      diagnostics: unlisted.has(file.path)
        ? diagnostics
        : [
            ...diagnostics,
            {
              path: source,
              ruleId: 'not-imported',
              severity: 'info',
              message:
                'not part of the space: GitBook reads the pages SUMMARY.md lists and `.gitbook/`',
            },
          ],
    };
  });
}

function titleOf(content: RevisionContent): string {
  const first = flattenPages(content.pages).find((page) => page.type === 'document');
  return first?.title ?? 'Documentation';
}
